package io.rocescope.cli.report;

import io.rocescope.flow.Finding;
import io.rocescope.flow.FindingKind;
import io.rocescope.flow.Reports;
import io.rocescope.flow.TimelineEvent;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The findings of one connection that a reader of its section needs there: how it ended (issue 19 §2)
 * and what the fabric did to it (issue 18 §3). Each with its frames and the one-line meaning and next
 * step from {@link FindingKind}; the finding is the one at the same index in {@code expert -T json}.
 */
final class ConnectionFindings {
    /** The kinds that say how a connection ended. */
    static final Set<FindingKind> ENDINGS = EnumSet.of(FindingKind.QP_RETRY_EXHAUSTED, FindingKind.QP_RNR_RETRY_EXHAUSTED,
        FindingKind.QP_ERROR_NAK, FindingKind.QP_STOPPED_MID_MESSAGE, FindingKind.CM_DREQ_UNANSWERED);

    private final Reports.Analysis analysis;
    /**
     * The indexes of each connection's ending and fabric findings, made in one pass over the findings:
     * a walk over all findings for every connection would be quadratic (10,000 of each in a big capture).
     */
    private final Map<Reports.ConnectionReport, List<Integer>> endings = new IdentityHashMap<>(), fabric = new IdentityHashMap<>();

    ConnectionFindings(Reports.Analysis a) {
        this.analysis = a;
        Map<Integer, Reports.ConnectionReport> byId = FindingLines.byId(a);
        for (int i = 0; i < a.findings().size(); i++) {
            Finding f = a.findings().get(i);
            FindingKind k = FindingKind.of(f.kind());
            if (k == null) continue;
            Map<Reports.ConnectionReport, List<Integer>> into = ENDINGS.contains(k) ? endings
                : k.group() == FindingKind.Group.FABRIC ? fabric : null;
            if (into == null) continue;
            Reports.ConnectionReport c = FindingLines.connectionOf(f, byId);
            if (c != null) into.computeIfAbsent(c, x -> new ArrayList<>()).add(i);
        }
    }

    List<Object> endings(Reports.ConnectionReport c) {
        return of(endings.getOrDefault(c, List.of()));
    }

    List<Object> fabric(Reports.ConnectionReport c) {
        return of(fabric.getOrDefault(c, List.of()));
    }

    /** "closed by DREQ/DREP" when the set-up timeline shows both, else null. */
    static String closed(Reports.ConnectionReport c) {
        boolean dreq = false, drep = false;
        if (c.timeline() != null) {
            for (var e : c.timeline()) {
                dreq |= e.step() == TimelineEvent.Step.DREQ;
                drep |= e.step() == TimelineEvent.Step.DREP;
            }
        }
        return dreq && drep ? "Closed by the CM: DREQ answered by DREP." : null;
    }

    private List<Object> of(List<Integer> indexes) {
        List<Object> out = new ArrayList<>();
        for (int i : indexes) {
            Finding f = analysis.findings().get(i);
            FindingKind k = FindingKind.of(f.kind());
            String p = "/findings/" + i;
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("index", i);
            m.put("ptr", p);
            m.put("kind", f.kind());
            m.put("severity", f.severity().json());
            m.put("message", f.message());
            List<Object> frames = new ArrayList<>();
            for (int j = 0; j < f.frames().size(); j++) frames.add(ReportModel.cell("Frame", f.frames().get(j), "expert", p + "/frames/" + j));
            m.put("frames", frames);
            m.put("meaning", k.meaning());
            m.put("nextStep", k.nextStep());
            out.add(m);
        }
        return out;
    }
}
