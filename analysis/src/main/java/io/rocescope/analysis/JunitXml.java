package io.rocescope.analysis;

import io.rocescope.flow.rules.RuleResult;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** Surefire-style JUnit XML: a test suite per capture, a test case per rule and subject, failures with their message. */
public final class JunitXml {
    private JunitXml() {}

    public static String render(Map<String, List<RuleResult>> byCapture) {
        return render(byCapture, Map.of());
    }

    /**
     * As {@link #render(Map)}, and a suite with one erroring test case for each capture in {@code unreadable}
     * (capture → why it could not be read): a gate over a directory must not pass a file it never read.
     */
    public static String render(Map<String, List<RuleResult>> byCapture, Map<String, String> unreadable) {
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        int tests = 0, failures = 0;
        for (List<RuleResult> l : byCapture.values()) {
            tests += l.size();
            failures += (int) l.stream().filter(RuleResult::failed).count();
        }
        sb.append(String.format(Locale.ROOT, "<testsuites name=\"rocescope check\" tests=\"%d\" failures=\"%d\" errors=\"%d\">%n",
            tests + unreadable.size(), failures, unreadable.size()));
        return sb.append(suites(byCapture, unreadable)).append("</testsuites>\n").toString();
    }

    /** The test suites alone, for a document that holds others beside them (capture --rules --probe). */
    public static String suites(Map<String, List<RuleResult>> byCapture, Map<String, String> unreadable) {
        StringBuilder sb = new StringBuilder();
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
                sb.append(">\n      <failure type=\"").append(esc(r.rule())).append("\" message=\"").append(esc(message(r)))
                    .append("\">").append(esc(r.description() + "\n" + message(r))).append("</failure>\n    </testcase>\n");
            }
            sb.append("  </testsuite>\n");
        }
        unreadable.forEach((capture, why) -> sb.append(String.format(Locale.ROOT,
            "  <testsuite name=\"%s\" tests=\"1\" failures=\"0\" errors=\"1\" skipped=\"0\" time=\"0\">%n"
            + "    <testcase classname=\"rocescope.read\" name=\"read\" time=\"0\">%n"
            + "      <error type=\"unreadable\" message=\"%s\">%s</error>%n    </testcase>%n  </testsuite>%n", esc(capture), esc(why), esc(why))));
        return sb.toString();
    }

    /** A failed rule in one line: subject, metric = value, the threshold, the evidence frames. */
    public static String message(RuleResult r) {
        return String.format(Locale.ROOT, "%s: %s = %s, fails when %s %s%s", r.subject(), r.metric(), number(r.value()),
            r.comparison(), number(r.threshold()),
            r.frames().isEmpty() ? "" : "; frames " + r.frames().stream().map(String::valueOf).collect(Collectors.joining(",")));
    }

    public static String number(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        return String.format(Locale.ROOT, "%.4g", v);
    }

    public static String esc(String s) {
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
