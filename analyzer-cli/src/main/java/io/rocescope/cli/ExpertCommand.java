package io.rocescope.cli;

import io.rocescope.flow.Finding;
import io.rocescope.flow.Reports;
import io.rocescope.dissector.decode.Expert.Severity;
import picocli.CommandLine.Command;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** {@code rocescope expert}: Wireshark's expert info for RoCE. */
@Command(name = "expert",
    description = "List the findings: PSN gaps, retransmissions, NAKs, RNR NAKs, CM rejects and timeouts, bad ICRCs, congestion …")
final class ExpertCommand extends AnalysisCommand {
    @Override
    Object jsonView(Reports.Analysis a) {
        return Json.object("counts", a.findingCounts(), "findings", a.findings(), "notListed", a.findingsNotListed());
    }

    @Override
    void text(Reports.Analysis a, StringBuilder sb) {
        sb.append("Findings by kind:\n");
        a.findingCounts().forEach((k, n) -> sb.append(String.format(Locale.ROOT, "  %-8s %-28s %6d%n",
            a.severityOf(k).json(), k, n)));
        if (a.findingCounts().isEmpty()) sb.append("  none\n");
        for (Severity s : new Severity[] {Severity.ERROR, Severity.WARNING, Severity.NOTE}) {
            for (Finding f : a.findings()) {
                if (f.severity() == s) line(sb, f);
            }
        }
        if (a.findingsNotListed() > 0) sb.append(a.findingsNotListed()).append(" more findings not listed\n");
    }

    /** One finding's line (also what a live capture prints as each finding is made). */
    static void line(StringBuilder sb, Finding f) {
        sb.append(String.format(Locale.ROOT, "[%s] %s %s: %s — %s", f.severity().name().toLowerCase(), f.kind(), Fmt.frames(f),
            f.flow(), f.message()));
        if (f.causedBy() != null) {
            sb.append(" [caused by ").append(f.causedBy().kind()).append(f.causedBy().kind().equals("timeout") ? " after frame " : " frame ")
                .append(f.causedBy().frame()).append(']');
        }
        sb.append('\n');
    }
}
