package io.rocescope.cli.report;

import io.rocescope.flow.FindingKind;
import io.rocescope.flow.Reports;
import io.rocescope.dissector.decode.Expert.Severity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each kind of finding in the file means, its usual causes, the next step and the IBTA section
 * (issue 14 §6): the words are the findings registry's ({@link FindingKind}), never the report's own.
 */
final class ExplanationsSection {
    private ExplanationsSection() {}

    static List<Object> build(Reports.Analysis a, String anchor) {
        List<String> kinds = new ArrayList<>(a.findingCounts().keySet());
        kinds.sort(Comparator.comparingInt((String k) -> rank(a.severityOf(k))).thenComparing(k -> k));
        List<Object> out = new ArrayList<>();
        for (String key : kinds) {
            FindingKind k = FindingKind.of(key);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("key", key);
            m.put("anchor", anchor(anchor, key));
            m.put("severity", a.severityOf(key).json());
            m.put("registered", k != null);
            if (k != null) {
                m.put("group", k.group().label());
                m.put("meaning", k.meaning());
                m.put("causes", k.causes());
                m.put("nextStep", k.nextStep());
                m.put("ibta", k.ibtaSection());
            }
            out.add(m);
        }
        return out;
    }

    static String anchor(String fileAnchor, String kind) { return fileAnchor + "-kind-" + kind.replaceAll("[^A-Za-z0-9_-]", "-"); }

    private static int rank(Severity s) { return s == Severity.ERROR ? 0 : s == Severity.WARNING ? 1 : 2; }
}
