package io.rocescope.gui;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocescope.flow.Finding;
import io.rocescope.flow.FindingKind;
import io.rocescope.flow.Reports;
import javafx.scene.control.TableColumn;
import javafx.stage.Stage;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Connections view's fabric columns (issue 18) equal {@code flows -T json} and tshark's fields of each
 * direction's packets; its details pane (issue 19) shows the parameters of {@code flows -T json}, which
 * equal tshark's CM REQ fields, the retries an independent count of the PSN finds, and the ending finding
 * with the findings registry's explanation.
 */
@ExtendWith(ApplicationExtension.class)
class ConnectionsFabricTest {
    private RoceScopeGui gui;

    @Start
    void start(Stage stage) {
        gui = new RoceScopeGui();
        gui.start(stage);
    }

    @Test
    void fabricColumnsEqualFlowsJsonAndTsharkPerDirection(FxRobot robot) throws Exception {
        Assumptions.assumeTrue(GuiTests.tshark("-v") != null, "tshark is not installed");
        for (String capture : List.of("send_bw_vlan_tclass106", "send_bw_tclass106_ce", "send_bw_vlan100", "synth_congestion", "send_bw_rc")) {
            String path = RoceScopeGuiTest.path(capture);
            GuiTests.open(robot, gui, path);
            JsonNode flows = GuiTests.cliJson("flows", "-T", "json", path);
            assertThat(gui.connections.table.getItems()).as(capture).hasSize(flows.size());
            for (int i = 0; i < flows.size(); i++) {
                for (String dir : List.of("aToB", "bToA")) {
                    JsonNode f = flows.get(i).get(dir);
                    if (f == null || f.isNull()) continue;
                    String arrow = dir.equals("aToB") ? "A→B" : "B→A", where = capture + " connection " + (i + 1) + " " + arrow;
                    JsonNode fab = f.get("fabric");
                    // the JSON's values, as the columns show them
                    assertThat(cell(i, "VLAN " + arrow)).as(where).isEqualTo(fab.get("vlanIds").isEmpty() ? "untagged" : counts(fab.get("vlanIds")));
                    assertThat(cell(i, "PCP " + arrow)).as(where).isEqualTo(counts(fab.get("pcp")));
                    assertThat(cell(i, "DSCP " + arrow)).as(where).isEqualTo(counts(fab.get("dscp")));
                    assertThat(cell(i, "UDP sports " + arrow)).as(where).isEqualTo(fab.get("udpSourcePorts").get("distinct").asText());
                    JsonNode e = fab.get("ecn");
                    assertThat(cell(i, "ECN " + arrow)).as(where).isEqualTo(ecn(e.get("notEct").asLong(), e.get("ect0").asLong(),
                        e.get("ect1").asLong(), e.get("ce").asLong()));
                    // tshark's fields of the direction's packets (CNPs are counted on their own)
                    String sel = "ip.src == " + f.get("src").asText() + " && ip.dst == " + f.get("dst").asText()
                        + " && infiniband.bth.destqp == " + f.get("destQp").asInt();
                    List<String[]> t = fields(path, sel + " && infiniband.bth.opcode != 129", "vlan.id", "vlan.priority", "ip.dsfield.dscp",
                        "ip.dsfield.ecn", "udp.srcport");
                    assertThat((long) t.size()).as(where + " packets").isEqualTo(f.get("packets").asLong());
                    Map<String, Long> vlan = tally(t, 0), pcp = tally(t, 1), dscp = tally(t, 2), ecn = tally(t, 3), ports = tally(t, 4);
                    assertThat(cell(i, "VLAN " + arrow)).as(where).isEqualTo(vlan.isEmpty() ? "untagged" : text(vlan));
                    assertThat(cell(i, "PCP " + arrow)).as(where).isEqualTo(text(pcp));
                    assertThat(cell(i, "DSCP " + arrow)).as(where).isEqualTo(text(dscp));
                    assertThat(cell(i, "UDP sports " + arrow)).as(where).isEqualTo(Integer.toString(ports.size()));
                    // tshark's ECN field: 0 Not-ECT, 1 ECT(1), 2 ECT(0), 3 CE
                    assertThat(cell(i, "ECN " + arrow)).as(where).isEqualTo(ecn(ecn.getOrDefault("0", 0L), ecn.getOrDefault("2", 0L),
                        ecn.getOrDefault("1", 0L), ecn.getOrDefault("3", 0L)));
                    // the CNPs that came back to this direction's sender: their class and the QP they name
                    List<String[]> cnps = fields(path, "ip.src == " + f.get("dst").asText() + " && ip.dst == " + f.get("src").asText()
                        + " && infiniband.bth.opcode == 129", "ip.dsfield.dscp", "vlan.priority", "infiniband.bth.destqp");
                    JsonNode cj = fab.get("cnps");
                    if (cnps.isEmpty()) {
                        assertThat(cj).as(where).isNull();
                        assertThat(cell(i, "CNP class " + arrow)).as(where).isEmpty();
                        continue;
                    }
                    assertThat(cj.get("count").asLong()).as(where).isEqualTo(cnps.size());
                    Map<String, Long> cd = tally(cnps, 0), cp = tally(cnps, 1);
                    String cls = "DSCP " + text(cd) + (cp.isEmpty() ? "" : ", PCP " + text(cp));
                    assertThat(cell(i, "CNP class " + arrow)).as(where).isEqualTo(cls);
                    int target = Integer.decode(cnps.get(0)[2]);
                    assertThat(cj.get("targetQp").asInt()).isEqualTo(target);
                    assertThat(cell(i, "CNP target " + arrow)).as(where).isEqualTo(String.format("QP 0x%06x (%d CNPs)", target, cnps.size()));
                }
            }
            if (capture.equals("synth_congestion")) {
                robot.interact(() -> {
                    gui.tabs.getSelectionModel().select(gui.connectionsTab);
                    ((javafx.scene.control.SplitPane) gui.tabs.getParent().getParent()).setDividerPositions(0.3);
                    ((javafx.scene.control.SplitPane) gui.connections.pane.getCenter()).setDividerPositions(0.8);
                    gui.connections.table.getSelectionModel().select(0);
                });
                GuiTests.settle(gui);
                robot.interact(() -> gui.connections.table.scrollToColumn(column("ECN A→B")));
                WaitForAsyncUtils.waitForFxEvents();
                GuiTests.screenshot(robot, gui.frames.getScene().getRoot(), "connections-fabric");
            }
        }
    }

    @Test
    void fabricColumnsSortByTheirNumbers(FxRobot robot) throws Exception {
        String path = RoceScopeGuiTest.path("synth_many_qps");
        GuiTests.open(robot, gui, path);
        for (String title : List.of("UDP sports A→B", "DSCP A→B", "VLAN B→A", "ECN A→B", "CNP target A→B")) {
            TableColumn<Reports.ConnectionReport, ?> c = column(title);
            assertThat(c.isSortable()).as(title).isTrue();
            robot.interact(() -> {
                c.setSortType(TableColumn.SortType.DESCENDING);
                gui.connections.table.getSortOrder().setAll(List.of(c));
            });
            WaitForAsyncUtils.waitForFxEvents();
            List<SortKey> shown = new ArrayList<>();
            for (int i = 0; i < gui.connections.table.getItems().size(); i++) shown.add((SortKey) c.getCellData(i));
            assertThat(shown).as(title).isSortedAccordingTo(java.util.Comparator.<SortKey>naturalOrder().reversed());
        }
        robot.interact(() -> gui.connections.table.getSortOrder().clear());
    }

    @Test
    void detailsShowTheParametersTsharksCmFieldsAndTheEnding(FxRobot robot) throws Exception {
        Assumptions.assumeTrue(GuiTests.tshark("-v") != null, "tshark is not installed");
        for (String capture : List.of("retry_exhausted", "roce_cm", "rnr_retry_exhausted")) {
            String path = RoceScopeGuiTest.path(capture);
            GuiTests.open(robot, gui, path);
            JsonNode c = GuiTests.cliJson("flows", "-T", "json", path).get(0);
            robot.interact(() -> {
                gui.tabs.getSelectionModel().select(gui.connectionsTab);
                gui.connections.table.getSelectionModel().select(0);
            });
            GuiTests.settle(gui);
            Map<String, ConnectionDetails.Row> rows = new TreeMap<>();
            for (ConnectionDetails.Row r : gui.connections.details.rows()) rows.put(r.name(), r);
            JsonNode p = c.get("parameters");
            // the JSON's parameters …
            assertThat(rows.get("Path MTU").a()).as(capture).isEqualTo(p.get("pathMtu").asText());
            assertThat(rows.get("Max CM retries").a()).isEqualTo(p.get("maxCmRetries").asText());
            assertThat(rows.get("Retry count").a()).isEqualTo(p.get("a").get("retryCount").asText());
            assertThat(rows.get("RNR retry count").a()).startsWith(p.get("a").get("rnrRetryCount").asText());
            assertThat(rows.get("Local ACK timeout").a()).startsWith(p.get("a").get("ackTimeout").asText() + " (");
            assertThat(rows.get("Initiator depth").a()).isEqualTo(p.get("a").get("initiatorDepth").asText());
            // … are tshark's CM REQ fields
            String[] req = fields(path, "infiniband.cm.req", "infiniband.cm.req.retrcount", "infiniband.cm.req.rnrretrcount",
                "infiniband.cm.req.prim_localacktout", "infiniband.cm.req.pppmtu", "infiniband.cm.req.localresptout",
                "infiniband.cm.req.remoteresptout", "infiniband.cm.req.initdepth", "infiniband.cm.req.startpsn").get(0);
            String[] rep = fields(path, "infiniband.cm.rep", "infiniband.cm.rep.startpsn").get(0);
            assertThat(rows.get("Retry count").a()).as(capture).isEqualTo(Integer.decode(req[0]).toString());
            assertThat(rows.get("RNR retry count").a()).startsWith(Integer.decode(req[1]).toString());
            assertThat(rows.get("Local ACK timeout").a()).startsWith(Integer.decode(req[2]) + " (");
            assertThat(rows.get("Path MTU").a()).isEqualTo(Integer.toString(128 << Integer.decode(req[3])));
            assertThat(rows.get("CM response timeout (local)").a()).startsWith(Integer.decode(req[4]) + " (");
            assertThat(rows.get("CM response timeout (remote)").a()).startsWith(Integer.decode(req[5]) + " (");
            assertThat(rows.get("Initiator depth").a()).isEqualTo(Integer.decode(req[6]).toString());
            // each QP's first PSN: the one its peer's set-up message names (A's in the REP, B's in the REQ), as A's data shows
            assertThat(rows.get("Starting PSN").a()).startsWith(Integer.decode(rep[0]) + " (");
            assertThat(rows.get("Starting PSN").b()).startsWith(Integer.decode(req[7]) + " (");
            assertThat(rows.get("Starting PSN").a()).startsWith(c.get("aToB").get("psn").get("firstPsn").asText() + " (");
            // how it ended: the analysis's ending findings of this connection, explained from the registry
            List<Finding> endings = gui.connections.details.endings();
            JsonNode expert = GuiTests.cliJson("expert", "-T", "json", path).get("findings");
            Set<String> ending = new HashSet<>();
            for (JsonNode f : expert) if (ConnectionDetails.ENDINGS.contains(f.get("kind").asText())) ending.add(f.get("message").asText());
            assertThat(endings).extracting(Finding::message).as(capture).containsExactlyInAnyOrderElementsOf(ending);
            String shown = texts(gui.connections.details.ending);
            for (Finding f : endings) {
                FindingKind k = FindingKind.of(f.kind());
                assertThat(shown).contains(f.message(), k.meaning(), k.nextStep());
            }
            if (capture.equals("retry_exhausted")) {
                assertThat(endings).extracting(Finding::kind).containsExactly(FindingKind.QP_RETRY_EXHAUSTED.key());
                // an independent count: how often the first data PSN went out from A
                JsonNode ab = c.get("aToB");
                List<String[]> sends = fields(path, "ip.src == " + ab.get("src").asText() + " && infiniband.bth.psn == "
                    + ab.get("psn").get("firstPsn").asInt(), "frame.number");
                assertThat(rows.get("Most sends of one PSN").a()).isEqualTo(Integer.toString(sends.size()));
                assertThat(rows.get("Retries made").a()).isEqualTo(Integer.toString(sends.size() - 1));
                assertThat(rows.get("Retry count").a()).isEqualTo(Integer.toString(sends.size() - 1));
                robot.interact(() -> {
                    ((javafx.scene.control.SplitPane) gui.tabs.getParent().getParent()).setDividerPositions(0.3);
                    ((javafx.scene.control.SplitPane) gui.connections.pane.getCenter()).setDividerPositions(0.4);
                });
                WaitForAsyncUtils.waitForFxEvents();
                GuiTests.screenshot(robot, gui.frames.getScene().getRoot(), "connection-parameters");
            }
            if (capture.equals("roce_cm")) assertThat(endings).as(capture).isEmpty();
        }
    }

    private static String texts(javafx.scene.Parent p) {
        StringBuilder sb = new StringBuilder();
        for (javafx.scene.Node n : p.getChildrenUnmodifiable()) if (n instanceof javafx.scene.control.Label l) sb.append(l.getText()).append('\n');
        return sb.toString();
    }

    /** tshark's fields of the frames {@code filter} keeps, a row per frame. */
    static List<String[]> fields(String path, String filter, String... fields) throws Exception {
        List<String> args = new ArrayList<>(List.of("-r", path, "-Y", filter, "-T", "fields", "-E", "separator=|"));
        for (String f : fields) { args.add("-e"); args.add(f); }
        List<String> out = GuiTests.tshark(args.toArray(String[]::new));
        List<String[]> rows = new ArrayList<>();
        for (String line : out) if (!line.isBlank()) rows.add(line.split("\\|", -1));
        return rows;
    }

    /** Column {@code col}'s values and their rows, numerically ordered; empty values left out. */
    private static Map<String, Long> tally(List<String[]> rows, int col) {
        Map<Integer, Long> m = new TreeMap<>();
        for (String[] r : rows) if (!r[col].isEmpty()) m.merge(Integer.decode(r[col]), 1L, Long::sum);
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        m.forEach((k, v) -> out.put(Integer.toString(k), v));
        return out;
    }

    private static String text(Map<String, Long> m) {
        List<String> parts = new ArrayList<>();
        m.forEach((k, v) -> parts.add(k + " (" + v + ")"));
        return String.join(", ", parts);
    }

    private static String counts(JsonNode m) {
        Map<String, Long> out = new java.util.LinkedHashMap<>();
        m.fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue().asLong()));
        return text(out);
    }

    private static String ecn(long notEct, long ect0, long ect1, long ce) {
        List<String> parts = new ArrayList<>();
        if (notEct > 0) parts.add("Not-ECT " + notEct);
        if (ect0 > 0) parts.add("ECT(0) " + ect0);
        if (ect1 > 0) parts.add("ECT(1) " + ect1);
        if (ce > 0) parts.add("CE " + ce);
        return String.join(", ", parts);
    }

    @SuppressWarnings("unchecked")
    private TableColumn<Reports.ConnectionReport, ?> column(String id) {
        for (TableColumn<Reports.ConnectionReport, ?> g : gui.connections.table.getColumns()) {
            for (TableColumn<Reports.ConnectionReport, ?> c : g.getColumns()) if (id.equals(c.getId())) return c;
        }
        throw new AssertionError("no column " + id);
    }

    private String cell(int row, String id) { return String.valueOf(column(id).getCellData(row)); }
}
