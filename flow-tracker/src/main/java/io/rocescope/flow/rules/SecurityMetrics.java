package io.rocescope.flow.rules;

import io.rocescope.flow.FindingKind;
import io.rocescope.flow.Reports;
import io.rocescope.flow.ScanReport;

import java.util.List;

/** The security pack's metrics: the most any one source did of each kind, with its first frames. */
final class SecurityMetrics {
    private SecurityMetrics() {}

    static RuleEvaluator.Measure capture(Reports.Analysis a, Metric m) {
        ScanReport.Report r = a.security();
        if (m == Metric.CM_GID_MISMATCH_COUNT) {
            return RuleEvaluator.fromFindings(a, r == null ? 0 : r.cmGidMismatches(), FindingKind.CM_GID_MISMATCH);
        }
        double best = 0;
        List<Long> frames = List.of();
        if (r != null) {
            for (ScanReport.SourceReport s : r.sources()) {
                double v;
                List<Long> f;
                switch (m) {
                    case UNSOLICITED_QPNS_PER_SOURCE: v = s.unsolicitedQpns(); f = s.unsolicitedQpnFrames(); break;
                    case CM_SERVICES_PER_SOURCE: v = s.cmServices(); f = s.cmServiceFrames(); break;
                    case REFUSED_RKEYS_PER_SOURCE: v = s.refusedRkeys(); f = s.refusedRkeyFrames(); break;
                    default: v = s.badIcrc(); f = s.badIcrcFrames();
                }
                if (v > best) { best = v; frames = f; }
            }
        }
        return new RuleEvaluator.Measure(best, frames.stream().mapToLong(Long::longValue).toArray());
    }
}
