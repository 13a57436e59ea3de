package io.rocescope.flow;

import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.InfinibandNames;
import io.rocescope.dissector.field.ksy.IbMadKsy;
import io.rocescope.dissector.field.ksy.IbTransportKsy;

import java.util.Locale;

/**
 * How a QP's traffic ended, read at the end of the capture from its requester flow: a transport retry
 * series that ran out (one PSN sent Retry Count + 1 times at the ACK timeout, then nothing), RNR NAKs
 * beyond the RNR Retry Count, an error NAK after which nothing more was sent, or a message stopped in
 * its middle. Each finding names the parameter that governed it and what to check next.
 */
final class ConnectionEnding {
    /** A message cut off is only reported when the capture went on at least this long after it (not a capture cut short). */
    static final long MID_MESSAGE_QUIET_NANOS = 1_000_000_000L;

    private ConnectionEnding() {}

    static void check(Connection c, Flow fl, Findings findings, long captureEnd) {
        TransportObservations o = fl.observationsOrNull();
        if (fl.packets == 0 || fl.requests == 0) return;
        boolean aToB = fl == c.ab;
        NegotiatedParameters n = c.negotiated;
        if (o != null && retryExhausted(fl, o, n, findings, captureEnd)) return;
        if (o != null && rnrExhausted(fl, o, n, aToB, findings, captureEnd)) return;
        if (o != null && errorNak(fl, o, findings)) return;
        midMessage(fl, findings, captureEnd);
    }

    private static boolean retryExhausted(Flow fl, TransportObservations o, NegotiatedParameters n,
                                          Findings findings, long captureEnd) {
        if (o.timeoutPsn < 0 || o.timeoutSends < 2 || o.freshAfterSeries) return false;
        long interval = o.seriesIntervals.count() > 0 ? o.seriesIntervals.median() : 0;
        Flow peer = fl.peer();
        if (peer != null && peer.packets > 0 && peer.lastTs > o.lastTimeoutTs) return false;   // answered after it
        // the next retry would have come after one more interval: a capture ending sooner shows no exhaustion
        if (interval <= 0 || captureEnd - fl.lastTs < interval) return false;
        Integer retry = n == null ? null : n.retryCount;
        if (retry != null && o.timeoutSends < retry + 1) return false;
        int exp = ConnectionParameters.ibaExponentAtMost(interval / 1000.0);
        String negotiated = retry != null ? "Retry Count " + retry + " + the first transmission"
            : "the Retry Count is not known (no CM set-up seen), the sender gave up after " + (o.timeoutSends - 1) + " retries";
        String ackTimeout = n != null && n.localAckTimeout != null && n.localAckTimeout != exp
            ? "; the CM REQ's Local ACK Timeout was " + n.localAckTimeout + " = " + CmNames.ibaTime(n.localAckTimeout)
                + ", the QP's own was set apart from it" : "";
        String text = String.format(Locale.ROOT, "Transport retry exhausted: PSN %d sent %d times (%s), %.3f ms apart"
            + " (median; ACK timeout %d = 4.096 us x 2^%d = %s%s), then nothing: the requester's QP went to the error state"
            + " (IBV_WC_RETRY_EXC_ERR). The responder never answered: check that its QP is alive (not in error) and the path to it",
            o.timeoutPsn, o.timeoutSends, negotiated, interval / 1e6, exp, exp, CmNames.ibaTime(exp), ackTimeout);
        findings.addCounted(FindingKind.QP_RETRY_EXHAUSTED, fl.connection.id, fl.where(), text, o.timeoutSends, frames(o.firstSendFrame,
            o.timeoutFrames, o.timeoutFrameCount));
        return true;
    }

    private static boolean rnrExhausted(Flow fl, TransportObservations o, NegotiatedParameters n, boolean aToB,
                                        Findings findings, long captureEnd) {
        if (o.rnrPsn < 0 || o.rnrNaks < 1 || o.resentAfterRnr) return false;
        if (captureEnd - o.lastRnrTs < o.rnrTimerMicros() * 1000L) return false;   // the capture ended before the next retry was due
        Integer rnr = n == null ? null : n.rnrRetryCount(aToB);
        if (rnr != null && (rnr == IbMadKsy.RNR_RETRY_COUNT_INFINITE || o.rnrNaks < rnr + 1)) return false;   // retries forever
        String negotiated = rnr != null ? "RNR Retry Count " + rnr + " + 1"
            : "the RNR Retry Count is not known (no CM set-up seen)";
        String text = String.format(Locale.ROOT, "RNR retry exhausted: %d RNR NAKs for PSN %d (%s; RNR timer %s), and the"
            + " requester did not send it again: its QP went to the error state (IBV_WC_RNR_RETRY_EXC_ERR). The responder had no"
            + " receive WQE posted: check that it posts receives before the peer sends, and its receive queue depth",
            o.rnrNaks, o.rnrPsn, negotiated, InfinibandNames.rnrTimerText(o.rnrCode));
        findings.addCounted(FindingKind.QP_RNR_RETRY_EXHAUSTED, fl.connection.id, fl.where(), text, o.rnrNaks, frames(-1, o.rnrFrames, o.rnrFrameCount));
        return true;
    }

    private static boolean errorNak(Flow fl, TransportObservations o, Findings findings) {
        if (o.errorNakCode < 0 || o.requestsAfterErrorNak > 0) return false;
        String status, check;
        switch (o.errorNakCode) {
            case IbTransportKsy.NAK_CODE_INVALID_REQUEST:
                status = "IBV_WC_REM_INV_REQ_ERR";
                check = "the opcode the responder's QP allows, and the message length against its receive buffer";
                break;
            case IbTransportKsy.NAK_CODE_REMOTE_ACCESS_ERROR:
                status = "IBV_WC_REM_ACCESS_ERR";
                check = "the R_Key, the VA and length against the remote memory region, and its access flags";
                break;
            default:
                status = "IBV_WC_REM_OP_ERR";
                check = "the responder's side: it could not complete the request (a local error there)";
        }
        String text = String.format(Locale.ROOT, "QP ended by NAK %s for PSN %d: both QPs go to the error state (%s at the"
            + " requester) and nothing more was sent on it. Check %s", InfinibandNames.nakName(o.errorNakCode), o.errorNakPsn,
            status, check);
        findings.add(FindingKind.QP_ERROR_NAK, fl.connection.id, fl.where(), text, o.errorNakFrame);
        return true;
    }

    private static void midMessage(Flow fl, Findings findings, long captureEnd) {
        int op = fl.lastRequestOpcode;
        if (op < 0 || !(Opcodes.isFirst(op) || Opcodes.isMiddle(op))) return;
        if (captureEnd - fl.lastTs < MID_MESSAGE_QUIET_NANOS) return;
        String text = String.format(Locale.ROOT, "The QP stopped in the middle of a message: its last request (frame %d) was a %s,"
            + " and nothing followed in the %.3f s the capture went on. The sender's QP stopped (destroyed, reset or in error) or"
            + " the capture lost the rest", fl.lastFrame, InfinibandNames.opcodeLabel(op), (captureEnd - fl.lastTs) / 1e9);
        findings.add(FindingKind.QP_STOPPED_MID_MESSAGE, fl.connection.id, fl.where(), text, fl.lastFrame);
    }

    private static long[] frames(long first, long[] frames, int count) {
        int extra = first >= 0 && (count == 0 || frames[0] != first) ? 1 : 0;
        long[] out = new long[count + extra];
        if (extra == 1) out[0] = first;
        System.arraycopy(frames, 0, out, extra, count);
        return out;
    }
}
