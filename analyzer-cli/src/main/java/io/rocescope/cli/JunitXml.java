package io.rocescope.cli;

import io.rocescope.flow.rules.RuleResult;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Surefire-style JUnit XML: a test suite per capture, a test case per rule and subject, failures with their message. */
final class JunitXml {
    private JunitXml() {}

    static String render(Map<String, List<RuleResult>> byCapture) {
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        int tests = 0, failures = 0;
        for (List<RuleResult> l : byCapture.values()) {
            tests += l.size();
            failures += (int) l.stream().filter(RuleResult::failed).count();
        }
        sb.append(String.format(Locale.ROOT, "<testsuites name=\"rocescope check\" tests=\"%d\" failures=\"%d\" errors=\"0\">%n", tests, failures));
        for (var e : byCapture.entrySet()) {
            List<RuleResult> l = e.getValue();
            long f = l.stream().filter(RuleResult::failed).count();
            sb.append(String.format(Locale.ROOT, "  <testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"0\" time=\"0\">%n",
                esc(e.getKey()), l.size(), f));
            for (RuleResult r : l) {
                sb.append(String.format(Locale.ROOT, "    <testcase classname=\"rocescope.%s\" name=\"%s [%s]\" time=\"0\"",
                    esc(r.rule()), esc(r.rule()), esc(r.subject())));
                if (!r.failed()) {
                    sb.append("/>\n");
                    continue;
                }
                sb.append(">\n      <failure type=\"").append(esc(r.rule())).append("\" message=\"").append(esc(CheckReport.message(r)))
                    .append("\">").append(esc(r.description() + "\n" + CheckReport.message(r))).append("</failure>\n    </testcase>\n");
            }
            sb.append("  </testsuite>\n");
        }
        return sb.append("</testsuites>\n").toString();
    }

    static String esc(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> sb.append("&amp;");
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '"' -> sb.append("&quot;");
                case '\n' -> sb.append("&#10;");
                default -> sb.append(c < 0x20 && c != '\t' ? ' ' : c);
            }
        }
        return sb.toString();
    }
}
