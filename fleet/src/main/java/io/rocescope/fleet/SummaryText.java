package io.rocescope.fleet;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The fleet summary as the terminal shows it (summary.json has all of it). */
final class SummaryText {
    private SummaryText() {}

    static String render(FleetSummary s, Path out) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%d captures (%d read, %d unreadable), %.3f GB, %d frames (%d RoCE), %d connections, %d findings in %.1f s (%.3f GB/s)%n",
            s.captures(), s.read(), s.unreadable(), s.bytes() / 1e9, s.frames(), s.roceFrames(), s.connections(), s.findings(),
            s.seconds(), s.gigabytesPerSecond()));
        top(sb, "NAKs", s.topQps().naks());
        top(sb, "retransmitted packets", s.topQps().retransmitted());
        top(sb, "RNR NAKs", s.topQps().rnrNaks());
        top(sb, "CNPs", s.topQps().cnps());
        if (!s.rejectsByService().isEmpty()) {
            sb.append("Set-ups rejected, by service:\n");
            for (FleetSummary.Rejects r : s.rejectsByService()) {
                sb.append(String.format(Locale.ROOT, "  %6d  %s %s: %s%n", r.count(), r.setup(), r.service() == null ? "(no service)" : r.service(), r.reason()));
            }
        }
        if (!s.setupLatencyMicros().isEmpty()) {
            sb.append("Set-up latency (set-up start to first data), µs:\n");
            for (FleetSummary.SetupLatency l : s.setupLatencyMicros()) {
                sb.append(String.format(Locale.ROOT, "  %-20s %-8s n=%d min %.0f p50 %.0f p99 %.0f max %.0f%n", l.host() == null ? "(host unknown)" : l.host(),
                    l.setup(), l.count(), l.min(), l.median(), l.p99(), l.max()));
            }
        }
        if (!s.unreadableCaptures().isEmpty()) {
            sb.append("Unreadable captures:\n");
            for (FleetSummary.Unreadable u : s.unreadableCaptures()) sb.append("  ").append(u.capture()).append(": ").append(u.reason()).append('\n');
        }
        if (s.gate() != null) {
            sb.append(String.format(Locale.ROOT, "Gate %s: %d captures passed, %d failed%n", s.gate().rules(), s.gate().passed(), s.gate().failed()));
            for (FleetSummary.GateFailure f : s.gate().failures()) {
                sb.append("  FAIL ").append(f.capture()).append('\n');
                for (String m : f.failures()) sb.append("      ").append(m).append('\n');
            }
        }
        sb.append("Tables in ").append(out).append(": connections.{parquet,jsonl}, findings.{parquet,jsonl}, summary.json")
            .append(s.gate() != null ? ", junit/" : "").append('\n');
        return sb.toString();
    }

    private static void top(StringBuilder sb, String what, List<FleetSummary.Qp> qps) {
        if (qps.isEmpty()) return;
        sb.append("Top QPs by ").append(what).append(":\n");
        for (FleetSummary.Qp q : qps) {
            sb.append(String.format(Locale.ROOT, "  %8d  %s  %s%s%n", q.count(), q.qp(), Path.of(q.capture()).getFileName(),
                q.host() == null ? "" : " (host " + q.host() + ")"));
        }
    }
}
