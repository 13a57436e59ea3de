package io.rocescope.cli;

import io.rocescope.analysis.JunitXml;
import io.rocescope.cli.probe.ProbeResult;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How probe results are shown, by {@code probe} and {@code capture --probe} alike: a line per probe as it
 * completes, a line per sweep step, ping's summary per target, and JUnit (a test case per target, or per
 * sweep step), a target failing when more than {@code maxLost} of its probes went unanswered.
 */
final class ProbeReport {
    private final int maxLost;

    ProbeReport(int maxLost) { this.maxLost = maxLost; }

    /** A failed target: more probes unanswered than allowed (with a sweep: in any of its steps). */
    boolean failed(ProbeResult r) {
        if (r.sweep != null) return r.steps.stream().anyMatch(this::failed);
        return r.lost() > maxLost;
    }

    /** A failed sweep step: more of its probes unanswered than allowed. */
    boolean failed(ProbeResult.Step s) { return s.lost() > maxLost; }

    boolean anyFailed(List<ProbeResult> results) { return results.stream().anyMatch(this::failed); }

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

    /** The summaries of all targets, each after an empty line (the text that ends a run). */
    static String text(List<ProbeResult> results) {
        StringBuilder sb = new StringBuilder();
        for (ProbeResult r : results) sb.append('\n').append(summary(r));
        return sb.toString();
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

    /** The probes' JSON: one object per target, as {@code probe -T json} prints them. */
    static List<Map<String, Object>> json(List<ProbeResult> results) {
        return results.stream().map(ProbeResult::json).toList();
    }

    /** The probes' test suite, rendered, and what it counts (a capture's JUnit puts it beside the rules' suites). */
    record Suite(String xml, long tests, long failures) {}

    /** The JUnit document {@code probe --junit} writes: the one suite. */
    String junit(List<ProbeResult> results) {
        Suite s = suite(results);
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + String.format(Locale.ROOT, "<testsuites name=\"rocescope probe\" tests=\"%d\" failures=\"%d\" errors=\"0\">%n", s.tests(), s.failures())
            + s.xml() + "</testsuites>\n";
    }

    Suite suite(List<ProbeResult> results) {
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
        StringBuilder sb = new StringBuilder();
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
        return new Suite(sb.append("  </testsuite>\n").toString(), tests, failures);
    }
}
