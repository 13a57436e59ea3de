package io.rocescope.cli;

import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.ksy.IbMadKsy;
import io.rocescope.flow.ConnectionParameters;
import io.rocescope.flow.Reports;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The lines {@code flows} shows under a connection for its parameters, negotiated and as seen on the wire. */
final class ParametersText {
    private ParametersText() {}

    static void append(StringBuilder sb, Reports.ConnectionReport c) {
        ConnectionParameters.Report p = c.parameters();
        if (p == null) return;
        if (p.negotiatedBy() != null) {
            List<String> parts = new ArrayList<>();
            if (p.pathMtu() != null) parts.add("path MTU " + p.pathMtu());
            if (p.pkey() != null) parts.add(String.format(Locale.ROOT, "P_Key 0x%04x", p.pkey()));
            if (p.trafficClass() != null) parts.add("traffic class " + p.trafficClass());
            if (p.hopLimit() != null) parts.add("hop limit " + p.hopLimit());
            if (p.localCmResponseTimeout() != null || p.remoteCmResponseTimeout() != null) {
                parts.add("CM response timeout local " + iba(p.localCmResponseTimeout()) + " remote " + iba(p.remoteCmResponseTimeout()));
            }
            if (p.maxCmRetries() != null) parts.add("max CM retries " + p.maxCmRetries());
            if (p.targetAckDelay() != null) parts.add("target ACK delay " + iba(p.targetAckDelay()));
            sb.append("     parameters (").append(p.negotiatedBy());
            if (p.frames() != null) sb.append(", frames ").append(String.join(", ", p.frames().stream().map(String::valueOf).toList()));
            sb.append(')');
            if (!parts.isEmpty()) sb.append(": ").append(String.join(", ", parts));
            sb.append('\n');
        }
        qp(sb, "A", p.a());
        qp(sb, "B", p.b());
    }

    private static void qp(StringBuilder sb, String label, ConnectionParameters.Qp q) {
        if (q == null) return;
        List<String> parts = new ArrayList<>();
        if (q.retryCount() != null) parts.add("retry count " + q.retryCount());
        if (q.rnrRetryCount() != null) parts.add("RNR retry " + q.rnrRetryCount() + (q.rnrRetryCount() == IbMadKsy.RNR_RETRY_COUNT_INFINITE ? " (infinite)" : ""));
        if (q.ackTimeout() != null) parts.add("ACK timeout " + iba(q.ackTimeout()));
        if (q.initiatorDepth() != null) parts.add("initiator depth " + q.initiatorDepth());
        if (q.responderResources() != null) parts.add("responder resources " + q.responderResources());
        if (q.srq() != null) parts.add("SRQ " + (q.srq() ? "yes" : "no"));
        if (q.endToEndFlowControl() != null) parts.add("flow control " + (q.endToEndFlowControl() ? "yes" : "no"));
        if (q.outstandingReads() != null) parts.add("outstanding reads " + q.outstandingReads());
        ConnectionParameters.Observed o = q.observed();
        List<String> seen = new ArrayList<>();
        if (o != null) {
            if (o.timeoutRetransmissions() != null) {
                seen.add(o.timeoutRetransmissions() + " timeout retransmission" + (o.timeoutRetransmissions() == 1 ? "" : "s")
                    + String.format(Locale.ROOT, " after %.3f ms of silence (median; ACK timeout %d = %s)", o.ackTimeoutMicros() / 1000.0,
                        o.ackTimeoutExponent(), CmNames.ibaTime(o.ackTimeoutExponent())));
                seen.add("one PSN sent " + o.mostSendsOfOnePsn() + " times (" + o.retriesMade() + " retries)");
            }
            if (o.rnrNaks() != null) {
                seen.add(o.rnrNaks() + " RNR NAK" + (o.rnrNaks() == 1 ? "" : "s") + " (timer " + String.join(", ",
                    o.rnrTimersMicros().stream().map(us -> String.format(Locale.ROOT, "%.2f ms", us / 1000.0)).toList())
                    + "), at most " + o.mostRnrNaksForOnePsn() + " for one PSN");
            }
            if (o.mtuUsed() != null) seen.add("MTU used " + o.mtuUsed());
            if (o.mostReadsOutstanding() != null) seen.add("READs outstanding at most " + o.mostReadsOutstanding());
            if (o.mostAtomicsOutstanding() != null) seen.add("atomics outstanding at most " + o.mostAtomicsOutstanding());
        }
        if (parts.isEmpty() && seen.isEmpty()) return;
        sb.append("     QP ").append(label).append(':');
        if (!parts.isEmpty()) sb.append(' ').append(String.join(", ", parts));
        if (!seen.isEmpty()) sb.append(parts.isEmpty() ? " " : "; ").append("seen: ").append(String.join(", ", seen));
        sb.append('\n');
    }

    /** "20 (4.295 s)" for an IBA time exponent; "?" when unknown. */
    private static String iba(Integer n) {
        return n == null ? "?" : n + " (" + CmNames.ibaTime(n) + ")";
    }
}
