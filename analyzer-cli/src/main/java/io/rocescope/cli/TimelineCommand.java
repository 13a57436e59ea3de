package io.rocescope.cli;

import io.rocescope.flow.FindingKind;
import io.rocescope.flow.Reports;
import io.rocescope.flow.TimelineEvent;
import picocli.CommandLine.Command;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code rocescope timeline}: a ladder diagram of each connection's set-up and tear-down, and of set-ups that failed. */
@Command(name = "timeline",
    description = "Show how each connection was set up (RDMA-CM, SIDR, perftest's or ibv_*_pingpong's TCP exchange) as a ladder,"
        + " with set-up latency; and the set-ups that failed (CM REJ, REQs nobody answered, incomplete socket exchanges).")
final class TimelineCommand extends AnalysisCommand {
    private static final int WIDTH = 34;

    @Override
    Object jsonView(Reports.Analysis a) {
        List<Object> out = new ArrayList<>();
        a.connections().stream().filter(c -> !c.timeline().isEmpty()).map(c -> Json.object(
            "connection", c.id(), "setup", c.setup(), "a", c.a(), "b", c.b(), "firstDataFrame", c.firstDataFrame() == null ? -1 : c.firstDataFrame(),
            "setupLatencyMicros", c.setupLatencyNanos() == null ? -1 : c.setupLatencyNanos() / 1000.0, "events", c.timeline())).forEach(out::add);
        for (Reports.SetupReport s : a.failedSetups()) {
            out.add(Json.object("failedSetup", s.setup(), "outcome", s.outcome(), "from", s.from(), "to", s.to(), "qpn", s.qpn(),
                "startPsn", s.startPsn(), "service", s.service(), "reason", s.reason(), "events", s.events()));
        }
        return out;
    }

    @Override
    void text(Reports.Analysis a, StringBuilder sb) {
        for (Reports.ConnectionReport c : a.connections()) {
            if (c.timeline().isEmpty()) continue;
            sb.append(String.format(Locale.ROOT, "Connection %d  %s%s  %s ↔ %s%s%n", c.id(), c.setup().json(),
                "sidr".equals(c.pairedBy()) ? " (SIDR)" : "inferred".equals(c.pairedBy()) ? " (inferred from TCP data)" : "", Fmt.endpoint(c.a()),
                Fmt.endpoint(c.b()), c.setupLatencyNanos() == null ? "" : "  set-up latency " + Fmt.micros(c.setupLatencyNanos() / 1000.0)));
            ladder(sb, c.timeline());
        }
        for (Reports.SetupReport s : a.failedSetups()) {
            sb.append(String.format(Locale.ROOT, "Failed set-up  %s  %s%s → %s  service %s  %s: %s%n", s.setup(), s.from(),
                s.qpn() == null ? "" : String.format(Locale.ROOT, " QP 0x%06x", s.qpn()), s.to(), s.service(),
                s.outcome().toUpperCase(Locale.ROOT), s.reason()));
            ladder(sb, s.events());
        }
        sb.append("Set-up summary (first set-up packet → first data packet):\n");
        Map<String, Reports.DistReport> lat = a.summary().setupLatencyMicrosByKind();
        sb.append(String.format(Locale.ROOT, "  %-8s %5s %10s %10s %10s%n", "kind", "count", "min", "median", "max"));
        for (var e : lat.entrySet()) {
            Reports.DistReport d = e.getValue();
            sb.append(String.format(Locale.ROOT, "  %-8s %5d %10s %10s %10s%n", e.getKey(), d.count(), Fmt.micros(d.min()),
                Fmt.micros(d.median()), Fmt.micros(d.max())));
        }
        long cmFailed = a.count(FindingKind.CM_REJ, FindingKind.CM_TIMEOUT, FindingKind.CM_SIDR_REJ, FindingKind.CM_SIDR_TIMEOUT);
        sb.append(String.format(Locale.ROOT, "  rdma_cm set-ups seen: %d (failed: %d); socket set-ups seen: %d%n",
            a.summary().cmSetups(), cmFailed, a.summary().socketSetups()));
    }

    /**
     * One ladder: an arrow per message between the two sides; an event of one side alone (a time-out, the end
     * of the capture: frame -1, no packet shows it) is drawn as a mark on that side's line.
     */
    private static void ladder(StringBuilder sb, List<TimelineEvent> events) {
        String left = events.get(0).from();
        String right = events.get(0).to();
        sb.append(String.format(Locale.ROOT, "  %7s %12s  %-" + WIDTH + "s  %s%n", "frame", "delta", left, right));
        long prev = events.get(0).timestampNanos();
        for (TimelineEvent e : events) {
            String label = " " + e.event() + " ";
            String line;
            if (e.from().equals(e.to())) {
                int dashes = Math.max(2, WIDTH - label.length() - 1);
                line = e.from().equals(left) ? "╳" + label + " ".repeat(dashes) : " ".repeat(dashes) + label + "╳";
            } else {
                boolean toRight = e.from().equals(left) || (!e.from().equals(right) && !e.to().equals(left));
                int dashes = Math.max(2, WIDTH - label.length() - 1);
                line = toRight ? "─".repeat(dashes / 2) + label + "─".repeat(dashes - dashes / 2) + "▶"
                    : "◀" + "─".repeat(dashes / 2) + label + "─".repeat(dashes - dashes / 2);
            }
            sb.append(String.format(Locale.ROOT, "  %7s %12s  %s  %s%n", e.frame() < 0 ? "-" : Long.toString(e.frame()),
                "+" + Fmt.micros((e.timestampNanos() - prev) / 1000.0), line, e.detail()));
            prev = e.timestampNanos();
        }
        sb.append('\n');
    }
}
