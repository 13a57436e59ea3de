package io.rocescope.cli;

import io.rocescope.analysis.JunitXml;
import io.rocescope.cli.probe.ProbeResult;
import io.rocescope.cli.probe.TokenBucket;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** What every probe shares: how many, how fast, how the results are shown, and the gate. */
final class ProbeOptions {
    @Option(names = "-c", paramLabel = "N", description = "probes per target (default 5)")
    int count = 5;

    @Option(names = "--rate", paramLabel = "PER_SECOND", description = "probes per second per target (default 1; at most 10, a hard cap)")
    double rate = 1;

    @Option(names = "-T", paramLabel = "FORMAT", description = "output format: text (default) or json")
    String format = "text";

    @Option(names = "--junit", paramLabel = "OUT.xml", description = "also write JUnit XML (one test case per target)")
    Path junit;

    @Option(names = "--max-lost", paramLabel = "N", description = "probes per target that may go unanswered before the run fails (default 0)")
    int maxLost;

    void check(CommandLine cl) {
        if (count < 1 || count > 100_000) throw new CommandLine.ParameterException(cl, "-c must be between 1 and 100000");
        if (!(rate > 0) || rate > TokenBucket.MAX_RATE) {
            throw new CommandLine.ParameterException(cl, "--rate is capped at " + (int) TokenBucket.MAX_RATE + " probes/s per target (asked for "
                + CheckReport.number(rate) + ")");
        }
        if (!format.equals("text") && !format.equals("json")) throw new CommandLine.ParameterException(cl, "unknown output format '" + format + "' (text, json)");
        if (maxLost < 0) throw new CommandLine.ParameterException(cl, "--max-lost must not be negative");
    }

    boolean json() { return format.equals("json"); }

    /** A failed target: more probes unanswered than allowed (with a sweep: in any of its steps). */
    boolean failed(ProbeResult r) {
        if (r.sweep != null) return r.steps.stream().anyMatch(this::failed);
        return r.lost() > maxLost;
    }

    /** A failed sweep step: more of its probes unanswered than allowed. */
    boolean failed(ProbeResult.Step s) { return s.lost() > maxLost; }

    /** A sweep step's line, printed once its probes are done (text output only). */
    static String stepLine(ProbeResult.Step s) {
        if (s.probes().stream().allMatch(p -> p.answer().startsWith("not sent (dry run)"))) {
            return String.format(Locale.ROOT, "  %s=%d: %d written (dry run)%n", s.sweep(), s.value(), s.sent());
        }
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "  %s=%d: %d sent, %d answered, %d lost", s.sweep(), s.value(), s.sent(),
            s.answered(), s.lost()));
        StringBuilder parts = new StringBuilder();
        s.answers().forEach((k, n) -> parts.append(parts.length() == 0 ? "" : ", ").append(k).append(' ').append(n));
        sb.append(" (").append(parts).append(')');
        if (s.medianRtt() != null) sb.append(String.format(Locale.ROOT, ", rtt median %.3f ms", s.medianRtt()));
        return TerminalText.escape(sb.toString()) + "\n";
    }

    /** One probe's line, printed as it completes (text output only). */
    static String line(ProbeResult r, ProbeResult.Probe p) {
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%s seq=%d %s", r.ip, p.seq(), p.answer()));
        if (p.rejectReason() != null) sb.append(" reason ").append(p.rejectReason()).append(" (").append(p.rejectReasonName()).append(')');
        if (p.rttMillis() != null) sb.append(String.format(Locale.ROOT, " time=%.3f ms", p.rttMillis()));
        if (p.sends() > 1) sb.append(" after ").append(p.sends() - 1).append(p.sends() == 2 ? " resend" : " resends");
        if (p.pkey() != null) sb.append(String.format(Locale.ROOT, " P_Key=0x%04x", p.pkey()));
        if (p.note() != null) sb.append(" — ").append(p.note());
        return TerminalText.escape(sb.toString()) + "\n";
    }

    /** The summary of one target, as ping's last lines. */
    static String summary(ProbeResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "--- %s (%s) %s probe statistics ---%n", TerminalText.escape(r.target), r.ip, r.kind));
        if (r.settings.get("dryRun") == Boolean.TRUE) {
            return sb.append(r.sent()).append(" probes written (dry run), none sent\n").toString();
        }
        long answered = r.sent() - r.lost();
        sb.append(String.format(Locale.ROOT, "%d probes, %d answered, %d lost (%.0f%%)", r.sent(), answered, r.lost(),
            r.sent() == 0 ? 0.0 : 100.0 * r.lost() / r.sent()));
        Map<String, Long> a = r.answers();
        if (!a.isEmpty()) {
            sb.append("; ");
            StringBuilder parts = new StringBuilder();
            a.forEach((k, n) -> parts.append(parts.length() == 0 ? "" : ", ").append(k).append(' ').append(n));
            sb.append(parts);
        }
        sb.append('\n');
        double[] rtt = r.rtt();
        if (rtt != null) sb.append(String.format(Locale.ROOT, "rtt min/median/p99/max = %.3f/%.3f/%.3f/%.3f ms%n", rtt[0], rtt[1], rtt[2], rtt[3]));
        Map<String, Long> reasons = r.rejectReasons();
        if (!reasons.isEmpty()) {
            sb.append("REJ reasons:");
            reasons.forEach((k, n) -> sb.append(' ').append(k).append(" ×").append(n));
            sb.append('\n');
        }
        if (r.sweep != null) sweepSummary(sb, r);
        return sb.toString();
    }

    /** A sweep's table (one line per step), the P_Keys answered with and, for sizes, the path MTU. */
    private static void sweepSummary(StringBuilder sb, ProbeResult r) {
        sb.append(String.format(Locale.ROOT, "sweep %s: %d steps%n", r.sweep.kind().meaning, r.steps.size()));
        for (ProbeResult.Step s : r.steps) sb.append(stepLine(s));
        if (!r.pkeys().isEmpty()) {
            sb.append("answered with P_Key");
            for (int k : r.pkeys()) sb.append(String.format(Locale.ROOT, " 0x%04x", k));
            sb.append('\n');
        }
        Map<String, Object> mtu = r.pathMtu(false);
        if (r.sweep.kind() == io.rocescope.cli.probe.Sweep.Kind.SIZE) {
            if (mtu == null) sb.append("path MTU: no frame size answered\n");
            else {
                sb.append(String.format(Locale.ROOT, "path MTU: frames up to %d bytes answered (IP MTU %d, RoCE MTU %s)", mtu.get("largestAnsweredFrame"),
                    mtu.get("ipMtu"), mtu.get("roceMtu") == null ? "none" : mtu.get("roceMtu")));
                if (mtu.get("smallestUnansweredFrame") != null) sb.append("; ").append(mtu.get("smallestUnansweredFrame")).append(" bytes not");
                sb.append('\n');
            }
        }
    }

    /** Writes the results (JSON at the end, or the text summaries) and the JUnit file; returns the exit code. */
    int finish(List<ProbeResult> results, OutputStream out) throws IOException {
        if (json()) {
            Json.write(out, results.stream().map(ProbeResult::json).toList());
        } else {
            StringBuilder sb = new StringBuilder();
            for (ProbeResult r : results) sb.append('\n').append(summary(r));
            out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
        if (junit != null) Files.writeString(junit, junit(results), StandardCharsets.UTF_8);
        return results.stream().anyMatch(this::failed) ? RoceScope.EXIT_FAILED : RoceScope.EXIT_OK;
    }

    private String junit(List<ProbeResult> results) {
        long failures = 0, tests = 0;
        for (ProbeResult r : results) {
            if (r.sweep == null) {
                tests++;
                if (failed(r)) failures++;
            } else {
                tests += r.steps.size();
                failures += r.steps.stream().filter(this::failed).count();
            }
        }
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        sb.append(String.format(Locale.ROOT, "<testsuites name=\"rocescope probe\" tests=\"%d\" failures=\"%d\" errors=\"0\">%n", tests, failures));
        sb.append(String.format(Locale.ROOT, "  <testsuite name=\"probe\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"0\" time=\"0\">%n",
            tests, failures));
        for (ProbeResult r : results) {
            if (r.sweep != null) {
                // a sweep: one test case per step, so a CI report names the DSCP, size or port that failed
                for (ProbeResult.Step s : r.steps) {
                    sb.append(String.format(Locale.ROOT, "    <testcase classname=\"rocescope.probe.%s.%s\" name=\"%s %s=%d\" time=\"0\"", r.kind,
                        s.sweep(), JunitXml.esc(r.target), s.sweep(), s.value()));
                    if (!failed(s)) {
                        sb.append("/>\n");
                        continue;
                    }
                    String msg = s.lost() + " of " + s.sent() + " probes unanswered at " + s.sweep() + "=" + s.value() + " (at most " + maxLost + " allowed)";
                    sb.append(">\n      <failure type=\"probe.lost\" message=\"").append(JunitXml.esc(msg)).append("\">")
                        .append(JunitXml.esc(stepLine(s))).append("</failure>\n    </testcase>\n");
                }
                continue;
            }
            sb.append(String.format(Locale.ROOT, "    <testcase classname=\"rocescope.probe.%s\" name=\"%s\" time=\"0\"", r.kind, JunitXml.esc(r.target)));
            if (!failed(r)) {
                sb.append("/>\n");
                continue;
            }
            String msg = r.lost() + " of " + r.sent() + " probes unanswered (at most " + maxLost + " allowed)";
            sb.append(">\n      <failure type=\"probe.lost\" message=\"").append(JunitXml.esc(msg)).append("\">")
                .append(JunitXml.esc(summary(r))).append("</failure>\n    </testcase>\n");
        }
        return sb.append("  </testsuite>\n</testsuites>\n").toString();
    }
}
