package io.rocescope.cli.report;

import io.rocescope.flow.FabricReports;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static io.rocescope.cli.report.ReportModel.cell;

/**
 * What rides each priority (issue 18 §2), as {@code stats -T json}'s {@code priorities}: per PCP and per
 * DSCP the packets and bytes by kind (RoCE data, CNP, CM, TCP, other); per PFC priority the pause frames,
 * quanta and paused time it received and the connections that sent nothing while it was paused.
 */
final class PrioritySection {
    private PrioritySection() {}

    static Map<String, Object> build(FabricReports.Priorities p) {
        if (p == null) return null;
        Map<String, Object> m = new LinkedHashMap<>();
        Set<String> kinds = new LinkedHashSet<>();
        for (List<FabricReports.PriorityRow> rows : List.of(p.pcp(), p.dscp())) for (FabricReports.PriorityRow r : rows) kinds.addAll(r.packetsByKind().keySet());
        m.put("kindNames", List.copyOf(kinds));
        List<Object> classes = new ArrayList<>();
        classes.addAll(rows("PCP", p.pcp(), "/priorities/pcp", kinds));
        classes.addAll(rows("DSCP", p.dscp(), "/priorities/dscp", kinds));
        m.put("classRows", classes);
        m.put("hasClassRows", !classes.isEmpty());
        List<Object> pfc = new ArrayList<>();
        for (int i = 0; i < p.pfc().size(); i++) {
            FabricReports.PfcPriorityRow r = p.pfc().get(i);
            String q = "/priorities/pfc/" + i;
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("priority", cell("PFC priority", r.priority(), "stats", q + "/priority"));
            row.put("cells", List.of(cell("Packets", r.packets(), "stats", q + "/packets"), cell("RoCE packets", r.rocePackets(), "stats", q + "/rocePackets"),
                cell("Other packets", r.nonRocePackets(), "stats", q + "/nonRocePackets"), cell("Pause frames", r.pauseFrames(), "stats", q + "/pauseFrames"),
                cell("Pause quanta", r.pauseQuanta(), "stats", q + "/pauseQuanta"),
                Sentence.scaledCell("Paused", r.pausedMicros(), 1, 1, "µs", "stats", q + "/pausedMicros"),
                cell("RoCE packets while another priority was paused", r.roceWhileOtherPaused(), "stats", q + "/roceWhileOtherPaused")));
            List<Object> stalled = new ArrayList<>();
            for (int k = 0; k < r.stalledConnectionIds().size(); k++) {
                stalled.add(cell("Connection", r.stalledConnectionIds().get(k), "stats", q + "/stalledConnectionIds/" + k));
            }
            row.put("stalledCount", cell("Stalled connections", r.stalledConnections(), "stats", q + "/stalledConnections"));
            row.put("stalled", stalled);
            pfc.add(row);
        }
        m.put("pfcRows", pfc);
        m.put("hasPfcRows", !pfc.isEmpty());
        return m;
    }

    private static List<Object> rows(String name, List<FabricReports.PriorityRow> rows, String p, Set<String> kinds) {
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            FabricReports.PriorityRow r = rows.get(i);
            String q = p + "/" + i;
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("name", name);
            row.put("priority", r.priority());
            row.put("ptr", q);
            row.put("packets", cell("Packets", r.packets(), "stats", q + "/packets"));
            row.put("bytes", cell("Bytes", r.bytes(), "stats", q + "/bytes"));
            List<Object> byKind = new ArrayList<>();
            for (String k : kinds) {
                Map<String, Object> c = new LinkedHashMap<>();
                c.put("kind", k);
                Long n = r.packetsByKind().get(k), b = r.bytesByKind().get(k);
                c.put("packets", n == null ? null : cell(k + " packets", n, "stats", q + "/packetsByKind/" + ReportModel.pointerToken(k)));
                c.put("bytes", b == null ? null : cell(k + " bytes", b, "stats", q + "/bytesByKind/" + ReportModel.pointerToken(k)));
                byKind.add(c);
            }
            row.put("byKind", byKind);
            out.add(row);
        }
        return out;
    }
}
