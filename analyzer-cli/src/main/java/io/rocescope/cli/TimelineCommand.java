package io.rocescope.cli;

import io.rocescope.flow.Reports;
import io.rocescope.flow.TimelineEvent;
import picocli.CommandLine.Command;

import java.util.Locale;
import java.util.Map;

/** {@code rocescope timeline}: a ladder diagram of each connection's set-up and tear-down. */
@Command(name = "timeline",
    description = "Show how each connection was set up (RDMA-CM or perftest's TCP exchange) as a ladder, with set-up latency.")
final class TimelineCommand extends AnalysisCommand {
    private static final int WIDTH = 34;

    @Override
    Object jsonView(Reports.Analysis a) {
        return a.connections().stream().filter(c -> !c.timeline().isEmpty()).map(c -> Json.object(
            "connection", c.id(), "setup", c.setup(), "a", c.a(), "b", c.b(), "firstDataFrame", c.firstDataFrame() == null ? -1 : c.firstDataFrame(),
            "setupLatencyMicros", c.setupLatencyNanos() == null ? -1 : c.setupLatencyNanos() / 1000.0, "events", c.timeline())).toList();
    }

    @Override
    void text(Reports.Analysis a, StringBuilder sb) {
        for (Reports.ConnectionReport c : a.connections()) {
            if (c.timeline().isEmpty()) continue;
            sb.append(String.format(Locale.ROOT, "Connection %d  %s  %s ↔ %s%s%n", c.id(), c.setup().json(), Fmt.endpoint(c.a()),
                Fmt.endpoint(c.b()), c.setupLatencyNanos() == null ? "" : "  set-up latency " + Fmt.micros(c.setupLatencyNanos() / 1000.0)));
            String left = c.timeline().get(0).from();
            String right = c.timeline().get(0).to();
            sb.append(String.format(Locale.ROOT, "  %7s %12s  %-" + WIDTH + "s  %s%n", "frame", "delta", left, right));
            long prev = c.timeline().get(0).timestampNanos();
            for (TimelineEvent e : c.timeline()) {
                boolean toRight = e.from().equals(left) || (!e.from().equals(right) && !e.to().equals(left));
                String label = " " + e.event() + " ";
                int dashes = Math.max(2, WIDTH - label.length() - 1);
                String arrow = toRight ? "─".repeat(dashes / 2) + label + "─".repeat(dashes - dashes / 2) + "▶"
                    : "◀" + "─".repeat(dashes / 2) + label + "─".repeat(dashes - dashes / 2);
                sb.append(String.format(Locale.ROOT, "  %7d %12s  %s  %s%n", e.frame(), "+" + Fmt.micros((e.timestampNanos() - prev) / 1000.0),
                    arrow, e.detail()));
                prev = e.timestampNanos();
            }
            sb.append('\n');
        }
        sb.append("Set-up summary (first set-up packet → first data packet):\n");
        Map<String, Reports.DistReport> lat = a.summary().setupLatencyMicrosByKind();
        sb.append(String.format(Locale.ROOT, "  %-8s %5s %10s %10s %10s%n", "kind", "count", "min", "median", "max"));
        for (var e : lat.entrySet()) {
            Reports.DistReport d = e.getValue();
            sb.append(String.format(Locale.ROOT, "  %-8s %5d %10s %10s %10s%n", e.getKey(), d.count(), Fmt.micros(d.min()),
                Fmt.micros(d.median()), Fmt.micros(d.max())));
        }
        long cmFailed = a.findingCounts().getOrDefault("cm.rej", 0L) + a.findingCounts().getOrDefault("cm.timeout", 0L);
        sb.append(String.format(Locale.ROOT, "  rdma_cm set-ups seen: %d (failed: %d); socket set-ups seen: %d%n",
            a.summary().cmSetups(), cmFailed, a.summary().socketSetups()));
    }
}
