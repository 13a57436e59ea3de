package io.rocescope.cli.report;

import io.rocescope.flow.Reports;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.rocescope.cli.report.ReportModel.cell;

/**
 * The fabric as the capture saw it (issue 14 §5): PFC pause time per priority, ECN CE marks and CNPs per
 * flow, and the flows that carried the most bytes. Numbers from {@code stats} and {@code flows -T json}.
 */
final class FabricSection {
    static final int TOP_TALKERS = 10;

    private FabricSection() {}

    static Map<String, Object> build(Reports.Analysis a) {
        Map<String, Object> m = new LinkedHashMap<>();
        List<Object> pfc = new ArrayList<>();
        for (int i = 0; i < a.pfc().size(); i++) {
            Reports.PauseReport r = a.pfc().get(i);
            String p = "/pfc/" + i;
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("priority", r.priority());
            row.put("ptr", p);
            row.put("cells", List.of(cell("Frames", r.frames(), "stats", p + "/frames"), cell("Pauses", r.pauses(), "stats", p + "/pauses"),
                cell("Resumes", r.resumes(), "stats", p + "/resumes"), cell("Quanta", r.quanta(), "stats", p + "/quanta"),
                Sentence.scaledCell("Paused", r.pausedMicros(), 1e-3, 3, "ms", "stats", p + "/pausedMicros"),
                Sentence.scaledCell("Worst window", r.worstWindowFraction(), 100, 1, "%", "stats", p + "/worstWindowFraction"),
                cell("First frame", r.firstFrame(), "stats", p + "/firstFrame")));
            pfc.add(row);
        }
        m.put("pfc", pfc);
        m.put("hasPfc", !pfc.isEmpty());
        List<Object> congestion = new ArrayList<>(), talkers = new ArrayList<>();
        List<Direction> all = new ArrayList<>();
        for (int i = 0; i < a.connections().size(); i++) {
            Reports.ConnectionReport c = a.connections().get(i);
            for (Direction d : List.of(new Direction(c, c.aToB(), "/" + i + "/aToB", "A → B", i),
                    new Direction(c, c.bToA(), "/" + i + "/bToA", "B → A", i))) {
                if (d.flow() == null) continue;
                all.add(d);
                Reports.FlowReport f = d.flow();
                if (f.ceMarked() == 0 && f.cnps() == 0) continue;
                congestion.add(flowRow(d, List.of(cell("CE marked", f.ceMarked(), "flows", d.pointer() + "/ceMarked"),
                    cell("CNPs", f.cnps(), "flows", d.pointer() + "/cnps"), cell("Packets", f.packets(), "flows", d.pointer() + "/packets"))));
            }
        }
        all.sort(Comparator.comparingLong((Direction d) -> -d.flow().bytes()));
        for (Direction d : all.subList(0, Math.min(TOP_TALKERS, all.size()))) {
            talkers.add(flowRow(d, List.of(cell("Bytes", d.flow().bytes(), "flows", d.pointer() + "/bytes"),
                cell("Packets", d.flow().packets(), "flows", d.pointer() + "/packets"))));
        }
        m.put("congestion", congestion);
        m.put("hasCongestion", !congestion.isEmpty());
        m.put("cnps", cell("CNPs", a.summary().cnps(), "stats", "/summary/cnps"));
        m.put("ceMarked", cell("CE marked", a.summary().ceMarked(), "stats", "/summary/ceMarked"));
        m.put("unattributedCnps", a.summary().unattributedCnps() == 0 ? null
            : cell("CNPs to a QP no flow sends from", a.summary().unattributedCnps(), "stats", "/summary/unattributedCnps"));
        m.put("priorities", PrioritySection.build(a.priorities()));
        m.put("talkers", talkers);
        m.put("hasTalkers", !talkers.isEmpty());
        return m;
    }

    /** One direction of a connection, with the JSON pointer of its flow in {@code flows -T json} and its index. */
    private record Direction(Reports.ConnectionReport connection, Reports.FlowReport flow, String pointer, String label, int index) {}

    private static Map<String, Object> flowRow(Direction d, List<Object> cells) {
        Reports.ConnectionReport c = d.connection();
        Reports.FlowReport f = d.flow();
        String p = d.pointer(), dir = d.label();
        int index = d.index();
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("connection", cell("Connection", c.id(), "flows", "/" + index + "/id"));
        r.put("direction", dir);
        r.put("src", f.src());
        r.put("dst", f.dst());
        r.put("ptr", p);
        r.put("cells", cells);
        return r;
    }
}
