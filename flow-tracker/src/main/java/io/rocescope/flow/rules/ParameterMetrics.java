package io.rocescope.flow.rules;

import io.rocescope.flow.ConnectionParameters;
import io.rocescope.flow.EventLog;
import io.rocescope.flow.Reports;

import java.util.ArrayList;
import java.util.List;

/**
 * The tuning pack's metrics: a connection's parameters as negotiated (CM REQ/REP, perftest's keys) and as
 * seen (RNR timers, outstanding READs). A connection without the value measures nothing (NaN: the rule
 * passes, there is nothing to audit); the capture's value is the worst connection's.
 */
final class ParameterMetrics {
    private ParameterMetrics() {}

    static RuleEvaluator.Measure connection(Reports.ConnectionReport c, Metric m) {
        ConnectionParameters.Report p = c.parameters();
        double v = value(c, p, m);
        return new RuleEvaluator.Measure(v, Double.isNaN(v) ? new long[0] : evidence(c, p, m));
    }

    /** The worst connection: the largest value (the smallest for path_mtu), NaN when none has one. */
    static RuleEvaluator.Measure capture(Reports.Analysis a, Metric m) {
        RuleEvaluator.Measure worst = new RuleEvaluator.Measure(Double.NaN, new long[0]);
        for (Reports.ConnectionReport c : a.connections()) {
            RuleEvaluator.Measure x = connection(c, m);
            if (Double.isNaN(x.value())) continue;
            boolean worse = Double.isNaN(worst.value()) || (m == Metric.PATH_MTU ? x.value() < worst.value() : x.value() > worst.value());
            if (worse) worst = x;
        }
        return worst;
    }

    private static double value(Reports.ConnectionReport c, ConnectionParameters.Report p, Metric m) {
        switch (m) {
            case PATH_MTU:
                if (p != null && p.pathMtu() != null) return p.pathMtu();
                return c.mtu() == null ? Double.NaN : c.mtu();
            case RNR_TIMER_MAX_MS: {
                double max = Double.NaN;
                for (ConnectionParameters.Qp q : qps(p)) {
                    if (q.observed() == null || q.observed().rnrTimersMicros() == null) continue;
                    for (int us : q.observed().rnrTimersMicros()) max = Double.isNaN(max) ? us / 1000.0 : Math.max(max, us / 1000.0);
                }
                return max;
            }
            case CM_RESPONSE_TIMEOUT_MS: {
                if (p == null) return Double.NaN;
                Integer l = p.localCmResponseTimeout(), r = p.remoteCmResponseTimeout();
                if (l == null && r == null) return Double.NaN;
                int n = Math.max(l == null ? 0 : l, r == null ? 0 : r);
                return ConnectionParameters.ibaMicros(n) / 1000.0;
            }
            default:
                break;
        }
        double max = Double.NaN;
        for (ConnectionParameters.Qp q : qps(p)) {
            double v;
            switch (m) {
                case RNR_RETRY_COUNT: v = q.rnrRetryCount() == null ? Double.NaN : q.rnrRetryCount(); break;
                case RETRY_COUNT: v = q.retryCount() == null ? Double.NaN : q.retryCount(); break;
                case READS_OVER_DEPTH: {
                    ConnectionParameters.Observed o = q.observed();
                    Integer limit = q.readLimit() != null ? q.readLimit() : q.outstandingReads();
                    if (o == null || limit == null) { v = Double.NaN; break; }
                    int most = (o.mostReadsOutstanding() == null ? 0 : o.mostReadsOutstanding())
                        + (o.mostAtomicsOutstanding() == null ? 0 : o.mostAtomicsOutstanding());
                    v = Math.max(0, most - limit);
                    break;
                }
                default: v = Double.NaN;
            }
            if (!Double.isNaN(v)) max = Double.isNaN(max) ? v : Math.max(max, v);
        }
        return max;
    }

    private static List<ConnectionParameters.Qp> qps(ConnectionParameters.Report p) {
        List<ConnectionParameters.Qp> l = new ArrayList<>(2);
        if (p == null) return l;
        if (p.a() != null) l.add(p.a());
        if (p.b() != null) l.add(p.b());
        return l;
    }

    /** The set-up messages that carried the value, or the RNR NAKs that showed the timer, or the first data frame. */
    private static long[] evidence(Reports.ConnectionReport c, ConnectionParameters.Report p, Metric m) {
        if (m == Metric.RNR_TIMER_MAX_MS) {
            List<EventLog> logs = new ArrayList<>();
            for (Reports.FlowReport f : new Reports.FlowReport[] {c.aToB(), c.bToA()}) if (f != null) logs.add(f.events().rnrNaks());
            return EventLog.merge(logs).firstFrames(5);
        }
        if (p != null && p.frames() != null) return p.frames().stream().mapToLong(Long::longValue).toArray();
        return c.firstDataFrame() == null ? new long[0] : new long[] {c.firstDataFrame()};
    }
}
