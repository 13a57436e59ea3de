package io.rocescope.gui;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocescope.flow.Finding;
import io.rocescope.flow.Reports;
import javafx.scene.Group;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The RoCE analysis views show what the CLI prints for the same real capture: Connections against
 * {@code flows -T json}, Expert Info against {@code expert -T json}, the set-up ladders against
 * {@code timeline -T json}; selecting a connection shows its frames, clicking an arrow goes to its frame.
 */
@ExtendWith(ApplicationExtension.class)
class AnalysisViewsTest {
    private RoceScopeGui gui;

    @Start
    void start(Stage stage) {
        gui = new RoceScopeGui();
        gui.start(stage);
    }

    @Test
    void connectionsAreTheRowsOfFlowsJson(FxRobot robot) throws Exception {
        for (String capture : List.of("roce_cm", "send_bw_loss2pct", "rnr_nak", "synth_many_qps", "send_bw_ipv6")) {
            String path = RoceScopeGuiTest.path(capture);
            GuiTests.open(robot, gui, path);
            JsonNode flows = GuiTests.cliJson("flows", "-T", "json", path);
            List<Reports.ConnectionReport> shown = gui.connections.table.getItems();
            assertThat(shown).as(capture).hasSize(flows.size());
            for (int i = 0; i < flows.size(); i++) {
                JsonNode c = flows.get(i);
                Reports.ConnectionReport r = shown.get(i);
                String where = capture + " connection " + c.get("id").asInt();
                assertThat(r.id()).as(where).isEqualTo(c.get("id").asInt());
                assertThat(r.setup().json()).as(where).isEqualTo(c.get("setup").asText());
                assertThat(cell(i, "Endpoint A")).as(where).isEqualTo(endpoint(c.get("a")));
                assertThat(cell(i, "Endpoint B")).as(where).isEqualTo(endpoint(c.get("b")));
                assertThat(cell(i, "Packets A→B")).as(where).isEqualTo(flowLong(c, "aToB", "packets"));
                assertThat(cell(i, "Packets B→A")).as(where).isEqualTo(flowLong(c, "bToA", "packets"));
                assertThat(cell(i, "Bytes")).as(where).isEqualTo(sum(c, "bytes"));
                assertThat(cell(i, "Gaps")).as(where).isEqualTo(sum(c, "psn", "gaps"));
                assertThat(cell(i, "Resent")).as(where).isEqualTo(sum(c, "psn", "retransmittedPackets"));
                assertThat(cell(i, "RNR")).as(where).isEqualTo(sum(c, "answers", "rnrNaks"));
                assertThat(cell(i, "CNPs")).as(where).isEqualTo(sum(c, "cnps"));
                assertThat(cell(i, "CE")).as(where).isEqualTo(sum(c, "ceMarked"));
            }
        }
    }

    @Test
    void selectingAConnectionShowsItsFramesAsTsharkSelectsThem(FxRobot robot) throws Exception {
        String path = RoceScopeGuiTest.path("roce_cm");
        GuiTests.open(robot, gui, path);
        JsonNode c = GuiTests.cliJson("flows", "-T", "json", path).get(0);
        robot.interact(() -> gui.connections.table.getSelectionModel().select(0));
        GuiTests.settle(gui);
        // its data packets both ways, and its set-up frames (CM REQ/REP/RTU …, from timeline -T json)
        long data = c.get("aToB").get("packets").asLong() + c.get("bToA").get("packets").asLong();
        JsonNode events = GuiTests.cliJson("timeline", "-T", "json", path).get(0).get("events");
        java.util.TreeSet<Long> setup = new java.util.TreeSet<>();
        for (JsonNode e : events) setup.add(e.get("frame").asLong());
        List<String> tshark = GuiTests.tshark("-r", path, "-Y", gui.appliedFilter(), "-T", "fields", "-e", "frame.number");
        assertThat(gui.appliedFilter()).contains("infiniband.bth.destqp == 0x000011");
        int[] shown = gui.rows().frames();
        if (tshark != null) assertThat(Integer.valueOf(shown.length)).isEqualTo(tshark.size());
        long setupOnly = setup.stream().filter(f -> !events.toString().contains("\"first data\"") || f != c.get("firstDataFrame").asLong()).count();
        assertThat((long) shown.length).isBetween(data, data + setupOnly);
        robot.interact(() -> gui.tabs.getSelectionModel().select(gui.connectionsTab));
        WaitForAsyncUtils.waitForFxEvents();
        GuiTests.screenshot(robot, gui.frames.getScene().getRoot(), "connections");
    }

    @Test
    void expertInfoGroupsTheFindingsOfExpertJson(FxRobot robot) throws Exception {
        for (String capture : List.of("rnr_nak", "send_bw_corrupt1pct", "roce_cm_reject", "synth_congestion")) {
            String path = RoceScopeGuiTest.path(capture);
            GuiTests.open(robot, gui, path);
            JsonNode expert = GuiTests.cliJson("expert", "-T", "json", path);
            Map<String, Long> counts = new HashMap<>();
            expert.get("counts").fields().forEachRemaining(e -> counts.put(e.getKey(), e.getValue().asLong()));
            Map<String, Long> shownCounts = new HashMap<>();
            List<String> shownKinds = new ArrayList<>();
            int findings = 0;
            for (TreeItem<ExpertView.Entry> sev : gui.expert.tree.getRoot().getChildren()) {
                for (TreeItem<ExpertView.Entry> kind : sev.getChildren()) {
                    shownCounts.put(kind.getValue().kind(), kind.getValue().count());
                    for (TreeItem<ExpertView.Entry> f : kind.getChildren()) {
                        Finding fi = f.getValue().finding();
                        assertThat(fi.severity()).isEqualTo(sev.getValue().severity());
                        shownKinds.add(fi.severity().json() + " " + fi.kind() + " " + fi.frames() + " " + fi.message());
                        findings++;
                    }
                }
            }
            assertThat(shownCounts).as(capture).isEqualTo(counts);
            List<String> cliKinds = new ArrayList<>();
            for (JsonNode f : expert.get("findings")) {
                List<Long> frames = new ArrayList<>();
                f.get("frames").forEach(n -> frames.add(n.asLong()));
                cliKinds.add(f.get("severity").asText() + " " + f.get("kind").asText() + " " + frames + " " + f.get("message").asText());
            }
            assertThat(findings).as(capture).isEqualTo(expert.get("findings").size());
            assertThat(shownKinds).as(capture).containsExactlyInAnyOrderElementsOf(cliKinds);
        }
        // errors first, then warnings, then notes
        List<String> order = gui.expert.tree.getRoot().getChildren().stream().map(t -> t.getValue().summary()).toList();
        assertThat(order).isSortedAccordingTo(java.util.Comparator.comparingInt(s -> List.of("Error", "Warning", "Note").indexOf(s)));
    }

    @Test
    void aFindingsFramesAreLinks(FxRobot robot) throws Exception {
        String path = RoceScopeGuiTest.path("rnr_nak");
        GuiTests.open(robot, gui, path);
        TreeItem<ExpertView.Entry> finding = gui.expert.tree.getRoot().getChildren().get(0).getChildren().get(0).getChildren().get(0);
        robot.interact(() -> {
            gui.tabs.getSelectionModel().select(gui.expertTab);
            gui.expert.tree.getSelectionModel().select(finding);
        });
        WaitForAsyncUtils.waitForFxEvents();
        long first = finding.getValue().finding().firstFrame();
        javafx.scene.control.Hyperlink link = (javafx.scene.control.Hyperlink) gui.expert.frameLinks.getChildren().get(1);
        assertThat(link.getText()).isEqualTo(Long.toString(first));
        // the explanation is the findings registry's, for the finding's kind
        io.rocescope.flow.FindingKind kind = io.rocescope.flow.FindingKind.of(finding.getValue().finding().kind());
        assertThat(kind).isNotNull();
        assertThat(gui.expert.explanation.getText()).contains(kind.meaning(), kind.causes(), kind.nextStep(), kind.ibtaSection());
        GuiTests.screenshot(robot, gui.frames.getScene().getRoot(), "expert");
        robot.interact(link::fire);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(gui.detail.shown().number()).isEqualTo(first);
    }

    @Test
    void laddersAreTheEventsOfTimelineJson(FxRobot robot) throws Exception {
        for (String capture : List.of("roce_cm", "roce_socket", "roce_cm_reject", "cm_reject_no_listener", "udaddy_sidr", "write_lat_rc_rdmacm")) {
            String path = RoceScopeGuiTest.path(capture);
            GuiTests.open(robot, gui, path);
            JsonNode timeline = GuiTests.cliJson("timeline", "-T", "json", path);
            List<Ladder> ladders = gui.ladders.list.getItems();
            assertThat(ladders).as(capture).hasSize(timeline.size());
            for (int i = 0; i < timeline.size(); i++) {
                JsonNode events = timeline.get(i).get("events");
                Ladder l = ladders.get(i);
                assertThat(l.arrows).as(capture + " set-up " + i).hasSize(events.size());
                for (int k = 0; k < events.size(); k++) {
                    JsonNode e = events.get(k);
                    Ladder.Arrow a = l.arrows.get(k);
                    assertThat(a.frame()).isEqualTo(e.get("frame").asLong());
                    assertThat(a.event()).isEqualTo(e.get("event").asText());
                    // drawn red: the REJ and the TCP reset, known by their step, not their text
                    assertThat(a.step().failed()).isEqualTo(a.event().equals("REJ") || a.event().equals("TCP RST"));
                    assertThat(a.detail()).isEqualTo(e.get("detail").isNull() ? "" : e.get("detail").asText());
                    // drawn from the sender's lifeline to the receiver's
                    assertThat(a.leftToRight() ? l.left : l.right).isEqualTo(e.get("from").asText());
                }
            }
        }
    }

    @Test
    void clickingAnArrowGoesToItsFrameAndTheLadderExports(FxRobot robot) throws Exception {
        String path = RoceScopeGuiTest.path("roce_socket");
        GuiTests.open(robot, gui, path);
        robot.interact(() -> gui.tabs.getSelectionModel().select(gui.laddersTab));
        WaitForAsyncUtils.waitForFxEvents();
        Ladder l = gui.ladders.shown();
        Ladder.Arrow third = l.arrows.get(2);
        Group arrow = (Group) gui.ladders.canvas.getChildren().stream()
            .filter(n -> Long.valueOf(third.frame()).equals(n.getUserData())).findFirst().orElseThrow();
        robot.interact(() -> arrow.getOnMouseClicked().handle(null));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(gui.detail.shown().number()).isEqualTo(third.frame());
        GuiTests.screenshot(robot, gui.frames.getScene().getRoot(), "ladder-window");
        // PNG and SVG: the same arrows
        Path png = GuiTests.screenshot(robot, gui.ladders.canvas, "ladder");
        assertThat(Files.size(png)).isPositive();
        String svg = l.svg();
        Path svgFile = Path.of("target", "screenshots", "ladder.svg");
        Files.writeString(svgFile, svg);
        javax.xml.parsers.DocumentBuilderFactory dbf = javax.xml.parsers.DocumentBuilderFactory.newInstance();
        org.w3c.dom.NodeList groups = dbf.newDocumentBuilder().parse(svgFile.toFile()).getElementsByTagName("g");
        assertThat(groups.getLength()).isEqualTo(l.arrows.size());
        for (int i = 0; i < groups.getLength(); i++) {
            assertThat(((org.w3c.dom.Element) groups.item(i)).getAttribute("data-frame")).isEqualTo(Long.toString(l.arrows.get(i).frame()));
        }
    }

    private String cell(int row, String column) {
        for (var c : gui.connections.table.getColumns()) {
            if (c.getText().equals(column)) return String.valueOf(c.getCellData(row));
        }
        throw new AssertionError("no column " + column);
    }

    private static String endpoint(JsonNode e) {
        if (e == null || e.isNull()) return "?";
        return e.get("ip").asText() + (e.get("qpn").isNull() ? "" : String.format(" QP 0x%06x", e.get("qpn").asInt()));
    }

    private static String flowLong(JsonNode c, String dir, String field) {
        return c.get(dir).isNull() ? "0" : Long.toString(c.get(dir).get(field).asLong());
    }

    private static String sum(JsonNode c, String... path) {
        long n = 0;
        for (String dir : List.of("aToB", "bToA")) {
            JsonNode f = c.get(dir);
            if (f == null || f.isNull()) continue;
            for (String p : path) f = f.get(p);
            n += f.asLong();
        }
        return Long.toString(n);
    }
}
