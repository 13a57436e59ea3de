package io.rocescope.flow;

import io.rocescope.dissector.field.InfinibandNames;

/**
 * What one requester flow's traffic shows of its QP's transport parameters: the spacing of its timeout
 * retransmissions (the ACK timeout at work), how often one PSN was resent after timeouts or RNR NAKs
 * (the retries actually made), the RNR timers the responder asked for, the most READs/atomics it had
 * outstanding, and how its last retry series and its last error NAK stand at the end (for
 * {@link ConnectionEnding}). Made on a flow's first such event; most flows never need it.
 */
final class TransportObservations {
    static final int MAX_SERIES_FRAMES = 32;

    /** Silences before timeout retransmissions (nanoseconds): the ACK timeout as the wire shows it. */
    final Distribution timeoutIntervals = new Distribution();
    /** The most transmissions of one PSN in one timeout series, and of RNR NAKs for one PSN. */
    int maxTimeoutSends, maxRnrNaks;

    // the current timeout series: one PSN resent after timeouts with no answer covering it
    int timeoutPsn = -1, timeoutSends;
    Distribution seriesIntervals = new Distribution();
    final long[] timeoutFrames = new long[MAX_SERIES_FRAMES];
    int timeoutFrameCount;
    long lastTimeoutTs;
    /** A new PSN went out after the series' latest timeout retransmission: the QP was still sending. */
    boolean freshAfterSeries;

    // the current RNR series: RNR NAKs for one PSN with no ACK covering it
    int rnrPsn = -1, rnrNaks, rnrCode;
    /** The RNR timers (microseconds) the responder's RNR NAKs asked for: at most 32 values. */
    final java.util.TreeSet<Integer> rnrTimers = new java.util.TreeSet<>();
    final long[] rnrFrames = new long[MAX_SERIES_FRAMES];
    int rnrFrameCount;
    long lastRnrTs;
    /** The requester resent the RNR-NAKed PSN after the latest RNR NAK. */
    boolean resentAfterRnr;

    /** The latest NAK that puts a QP in the error state (Invalid Request, Remote Access, Remote Operational). */
    int errorNakCode = -1, errorNakPsn;
    long errorNakFrame, errorNakTs;
    /** Requests the flow sent after that NAK. */
    long requestsAfterErrorNak;

    /**
     * A request; {@code timeoutStart}: it began a retransmission episode after a timeout, {@code quietNanos}
     * after the connection's last packet.
     */
    void onRequest(int psn, boolean timeoutStart, boolean resend, long quietNanos, long frame, long ts) {
        if (errorNakCode >= 0) requestsAfterErrorNak++;
        if (rnrPsn >= 0 && psn == rnrPsn && resend) resentAfterRnr = true;
        if (!timeoutStart) {
            if (!resend && timeoutPsn >= 0) freshAfterSeries = true;
            return;
        }
        freshAfterSeries = false;
        if (quietNanos > 0) timeoutIntervals.add(quietNanos);
        if (psn != timeoutPsn) {
            endTimeoutSeries();
            timeoutPsn = psn;
            timeoutSends = 1;   // the first transmission, before the capture's resends
            timeoutFrameCount = 0;
        }
        timeoutSends++;
        if (quietNanos > 0) seriesIntervals.add(quietNanos);
        if (timeoutFrameCount < MAX_SERIES_FRAMES) timeoutFrames[timeoutFrameCount++] = frame;
        lastTimeoutTs = ts;
        maxTimeoutSends = Math.max(maxTimeoutSends, timeoutSends);
    }

    /** The first transmission of the series' PSN, when the tracker knows its frame (listed first). */
    long firstSendFrame = -1;

    /** An ACK (or a READ response, an atomic ACK) for {@code psn}: series at or before it are answered. */
    void onAck(int psn) {
        if (timeoutPsn >= 0 && Psn.diff(psn, timeoutPsn) >= 0) endTimeoutSeries();
        if (rnrPsn >= 0 && Psn.diff(psn, rnrPsn) >= 0) endRnrSeries();
    }

    /** An RNR NAK for {@code psn} with timer code {@code code}. */
    void onRnrNak(int psn, int code, long frame, long ts) {
        if (psn != rnrPsn) {
            endRnrSeries();
            rnrPsn = psn;
            rnrFrameCount = 0;
        }
        rnrNaks++;
        rnrCode = code;
        rnrTimers.add(InfinibandNames.rnrTimerMicros(code));
        resentAfterRnr = false;
        if (rnrFrameCount < MAX_SERIES_FRAMES) rnrFrames[rnrFrameCount++] = frame;
        lastRnrTs = ts;
        maxRnrNaks = Math.max(maxRnrNaks, rnrNaks);
    }

    /** A NAK of class Invalid Request (1), Remote Access (2) or Remote Operational (3). */
    void onErrorNak(int code, int psn, long frame, long ts) {
        errorNakCode = code;
        errorNakPsn = psn;
        errorNakFrame = frame;
        errorNakTs = ts;
        requestsAfterErrorNak = 0;
    }

    private void endTimeoutSeries() {
        timeoutPsn = -1;
        timeoutSends = 0;
        timeoutFrameCount = 0;
        firstSendFrame = -1;
        seriesIntervals = new Distribution();
    }

    private void endRnrSeries() {
        rnrPsn = -1;
        rnrNaks = 0;
        rnrFrameCount = 0;
    }

    /** The RNR timer of the latest RNR NAK, microseconds. */
    int rnrTimerMicros() { return InfinibandNames.rnrTimerMicros(rnrCode); }

    // ---- the tracker's hooks (FlowTracker calls these; they do nothing for most packets) ----

    /** After the PSN tracker classified request {@code v} of {@code flow}; {@code quietFrame}/{@code quietTs}: the connection's last packet before it. */
    static void request(Flow flow, PacketView v, boolean fresh, long quietFrame, long quietTs) {
        flow.lastRequestOpcode = v.opcode;
        if (v.dmaLen >= 0 || v.atomic) { flow.lastRkey = (int) v.rkey; flow.lastVa = v.va; }
        boolean timeout = flow.psn.lastStartedTimeoutEpisode;
        TransportObservations o = flow.observationsOrNull();
        if (o == null && timeout) o = flow.observations();
        if (o != null) {
            boolean newSeries = timeout && v.psn != o.timeoutPsn;
            o.onRequest(v.psn, timeout, !fresh, v.ts - quietTs, v.frame, v.ts);
            // the original of the PSN is the packet the timer waited after when nothing came between them
            if (newSeries && flow.lastFreshPsn == v.psn && quietFrame >= 0 && quietFrame == flow.prevFrame) o.firstSendFrame = quietFrame;
        }
        if (fresh) {
            flow.lastFreshPsn = v.psn;
        }
    }

    /** An ACK, NAK or RNR NAK (AETH syndrome in {@code v}) for {@code requester}'s requests; also READ responses and atomic ACKs. */
    static void answer(Flow requester, PacketView v) {
        int type = v.syndrome < 0 ? InfinibandNames.AETH_ACK : InfinibandNames.aethType(v.syndrome), code = InfinibandNames.aethValue(v.syndrome);
        TransportObservations o = requester.observationsOrNull();
        if (type == InfinibandNames.AETH_ACK) {
            if (o != null) o.onAck(v.psn);
        } else if (type == InfinibandNames.AETH_RNR_NAK) {
            requester.observations().onRnrNak(v.psn, code, v.frame, v.ts);
        } else if (type == InfinibandNames.AETH_NAK && InfinibandNames.isFatalNak(code)) {
            requester.observations().onErrorNak(code, v.psn, v.frame, v.ts);
        }
    }
}
