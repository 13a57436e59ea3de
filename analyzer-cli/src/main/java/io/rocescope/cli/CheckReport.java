package io.rocescope.cli;

import io.rocescope.analysis.JunitXml;
import io.rocescope.flow.rules.RuleResult;

import java.util.List;
import java.util.Locale;

/** The human summary of a check: failing rules with scope, value against threshold and evidence frames. */
final class CheckReport {
    private CheckReport() {}

    static String message(RuleResult r) { return JunitXml.message(r); }

    static String number(double v) { return JunitXml.number(v); }

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
