package io.rocescope.cli;

import io.rocescope.flow.rules.RuleResult;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The human summary of a check: failing rules with scope, value against threshold and evidence frames. */
final class CheckReport {
    private CheckReport() {}

    static String message(RuleResult r) {
        return String.format(Locale.ROOT, "%s: %s = %s, fails when %s %s%s", r.subject(), r.metric(), number(r.value()),
            r.comparison(), number(r.threshold()),
            r.frames().isEmpty() ? "" : "; frames " + r.frames().stream().map(String::valueOf).collect(Collectors.joining(",")));
    }

    static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        return String.format(Locale.ROOT, "%.4g", v);
    }

    static void text(StringBuilder sb, String capture, List<RuleResult> results) {
        List<RuleResult> failed = results.stream().filter(RuleResult::failed).toList();
        long rulesFailed = failed.stream().map(RuleResult::rule).distinct().count();
        long rules = results.stream().map(RuleResult::rule).distinct().count();
        sb.append(TerminalText.escape(capture)).append(": ").append(failed.isEmpty() ? "PASS" : "FAIL").append('\n');
        for (RuleResult r : failed) {
            sb.append(String.format(Locale.ROOT, "  [%s] %s — %s%n", r.severity().json(), r.rule(), r.description()));
            sb.append("      ").append(message(r)).append('\n');
        }
        sb.append(String.format(Locale.ROOT, "  %d of %d rules passed (%d checks)%n", rules - rulesFailed, rules, results.size()));
    }
}
