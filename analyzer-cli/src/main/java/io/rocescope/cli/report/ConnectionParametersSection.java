package io.rocescope.cli.report;

import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.ksy.IbMadKsy;
import io.rocescope.flow.ConnectionParameters;
import io.rocescope.flow.Reports;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A connection's parameters (issue 19 §1): as its set-up negotiated them (CM REQ/REP, perftest's or
 * pingpong's exchange) and as its traffic shows them, per QP. The tracker's {@link ConnectionParameters.Report},
 * as in {@code flows -T json}'s {@code parameters}; IBA time exponents get their 4.096 µs × 2^n beside them.
 */
final class ConnectionParametersSection {
    private ConnectionParametersSection() {}

    /** {@code p}: the connection's pointer in {@code flows -T json}, e.g. /0. Null when the capture shows none. */
    static Map<String, Object> build(Reports.ConnectionReport c, String p) {
        ConnectionParameters.Report r = c.parameters();
        Rows conn = new Rows();
        if (c.a() != null) conn.number("Starting PSN A sends from", c.a().startPsn(), "flows", p + "/a/startPsn");
        if (c.b() != null) conn.number("Starting PSN B sends from", c.b().startPsn(), "flows", p + "/b/startPsn");
        List<Object> qps = new ArrayList<>();
        if (r != null) {
            String q = p + "/parameters";
            conn.number("Path MTU", r.pathMtu(), "flows", q + "/pathMtu");
            conn.hex("P_Key", r.pkey(), "flows", q + "/pkey");
            conn.number("Traffic class", r.trafficClass(), "flows", q + "/trafficClass");
            conn.number("Hop limit", r.hopLimit(), "flows", q + "/hopLimit");
            conn.number("Flow label", r.flowLabel(), "flows", q + "/flowLabel");
            iba(conn, "Local CM response timeout", r.localCmResponseTimeout(), q + "/localCmResponseTimeout");
            iba(conn, "Remote CM response timeout", r.remoteCmResponseTimeout(), q + "/remoteCmResponseTimeout");
            conn.number("Max CM retries", r.maxCmRetries(), "flows", q + "/maxCmRetries");
            iba(conn, "Target ACK delay", r.targetAckDelay(), q + "/targetAckDelay");
            qp(qps, "QP A (requests A → B)", r.a(), q + "/a");
            qp(qps, "QP B (requests B → A)", r.b(), q + "/b");
        }
        if (conn.isEmpty() && qps.isEmpty()) return null;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("negotiatedBy", r == null || r.negotiatedBy() == null ? "no set-up carried them" : r.negotiatedBy());
        List<Object> frames = new ArrayList<>();
        if (r != null && r.frames() != null) {
            for (int i = 0; i < r.frames().size(); i++) frames.add(ReportModel.cell("Frame", r.frames().get(i), "flows", p + "/parameters/frames/" + i));
        }
        m.put("frames", frames);
        m.put("rows", conn.list());
        m.put("qps", qps);
        return m;
    }

    private static void qp(List<Object> out, String label, ConnectionParameters.Qp q, String p) {
        if (q == null) return;
        Rows set = new Rows();
        set.number("Retry count", q.retryCount(), "flows", p + "/retryCount");
        set.number("RNR retry count", q.rnrRetryCount(), "flows", p + "/rnrRetryCount",
            q.rnrRetryCount() != null && q.rnrRetryCount() == IbMadKsy.RNR_RETRY_COUNT_INFINITE ? "(infinite)" : null);
        iba(set, "ACK timeout", q.ackTimeout(), p + "/ackTimeout");
        set.number("Initiator depth", q.initiatorDepth(), "flows", p + "/initiatorDepth");
        set.number("Responder resources", q.responderResources(), "flows", p + "/responderResources");
        set.number("READ limit", q.readLimit(), "flows", p + "/readLimit");
        set.words("SRQ", q.srq() == null ? null : q.srq() ? "yes" : "no");
        set.words("End-to-end flow control", q.endToEndFlowControl() == null ? null : q.endToEndFlowControl() ? "yes" : "no");
        set.number("Outstanding READs (perftest)", q.outstandingReads(), "flows", p + "/outstandingReads");
        Rows seen = new Rows();
        ConnectionParameters.Observed o = q.observed();
        if (o != null) {
            String s = p + "/observed";
            seen.number("Timeout retransmissions", o.timeoutRetransmissions(), "flows", s + "/timeoutRetransmissions");
            if (o.ackTimeoutMicros() != null) {
                seen.keyed("ACK timeout seen (median silence before a resend)",
                    List.of(Rows.item(null, Sentence.scaledCell("silence", o.ackTimeoutMicros(), 1e-3, 3, "ms", "flows", s + "/ackTimeoutMicros"))), null);
            }
            if (o.ackTimeoutExponent() != null) {
                List<Object> items = new ArrayList<>();
                items.add(Rows.item(null, ReportModel.cell("exponent", o.ackTimeoutExponent(), "flows", s + "/ackTimeoutExponent")));
                if (o.ackTimeoutIbaMicros() != null) {
                    items.add(Rows.item("4.096 µs × 2^n", Sentence.scaledCell("IBA time", o.ackTimeoutIbaMicros(), 1e-3, 3, "ms", "flows", s + "/ackTimeoutIbaMicros")));
                }
                seen.keyed("ACK timeout exponent n it matches", items, null);
            }
            seen.number("Most sends of one PSN", o.mostSendsOfOnePsn(), "flows", s + "/mostSendsOfOnePsn");
            seen.number("Retries made", o.retriesMade(), "flows", s + "/retriesMade");
            seen.number("RNR NAKs", o.rnrNaks(), "flows", s + "/rnrNaks");
            if (o.rnrTimersMicros() != null && !o.rnrTimersMicros().isEmpty()) {
                List<Object> items = new ArrayList<>();
                for (int i = 0; i < o.rnrTimersMicros().size(); i++) {
                    items.add(Rows.item(null, Sentence.scaledCell("RNR timer", o.rnrTimersMicros().get(i), 1e-3, 2, "ms", "flows", s + "/rnrTimersMicros/" + i)));
                }
                seen.keyed("RNR timers asked for", items, null);
            }
            seen.number("Most RNR NAKs for one PSN", o.mostRnrNaksForOnePsn(), "flows", s + "/mostRnrNaksForOnePsn");
            seen.number("MTU used", o.mtuUsed(), "flows", s + "/mtuUsed");
            seen.number("READs outstanding at most", o.mostReadsOutstanding(), "flows", s + "/mostReadsOutstanding",
                q.initiatorDepth() == null || o.mostReadsOutstanding() == null ? null
                    : o.mostReadsOutstanding() > q.initiatorDepth() ? "(more than the initiator depth)" : "(within the initiator depth)");
            seen.number("Atomics outstanding at most", o.mostAtomicsOutstanding(), "flows", s + "/mostAtomicsOutstanding");
        }
        if (set.isEmpty() && seen.isEmpty()) return;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("label", label);
        m.put("negotiated", set.list());
        m.put("hasNegotiated", !set.isEmpty());
        m.put("observed", seen.list());
        m.put("hasObserved", !seen.isEmpty());
        out.add(m);
    }

    /** An IBA time exponent and what it stands for: "18 (1.074 s)". */
    private static void iba(Rows r, String label, Integer n, String ptr) {
        if (n != null) r.number(label, n, "flows", ptr, "(4.096 µs × 2^" + n + " = " + CmNames.ibaTime(n) + ")");
    }
}
