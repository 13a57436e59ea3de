package io.rocescope.gui;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.decode.DecodedFrame;
import javafx.scene.control.TableCell;
import javafx.scene.control.TreeItem;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The packet list and the frame's fields and bytes, headless (Monocle), on real captures. */
@ExtendWith(ApplicationExtension.class)
class RoceScopeGuiTest {
    /** A line of `rocescope dissect`: No., Time, Source → Destination, Protocol, Length, Info. */
    private static final Pattern LINE = Pattern.compile("^\\s*(\\d+)\\s+(\\S+)\\s+(\\S*) → (\\S*)\\s+(.+?) (\\d+) ?(.*)$");

    private RoceScopeGui gui;

    @Start
    void start(Stage stage) {
        gui = new RoceScopeGui();
        gui.start(stage);
    }

    @Test
    void everyRowShowsTheColumnsOfDissect(FxRobot robot) {
        // rping (RoCE), roce_socket (perftest's TCP exchange: decoded in order), send_bw_ipv6 (GIDs), PFC frames
        for (String capture : List.of("rping", "roce_socket", "send_bw_ipv6", "synth_pfc_storm", "roce_cm_reject")) {
            String path = path(capture);
            GuiTests.open(robot, gui, path);
            List<String> lines = GuiTests.cli("dissect", path).lines().toList();
            assertThat(gui.frames.getItems()).as(capture).hasSize(lines.size());
            for (int i = 0; i < lines.size(); i++) {
                Matcher m = LINE.matcher(lines.get(i));
                assertThat(m.matches()).as(lines.get(i)).isTrue();
                String[] shown = gui.packets.rows().row(i).columns();
                List<String> expected = new ArrayList<>();
                for (int g = 1; g <= 7; g++) expected.add(m.group(g));
                assertThat(List.of(shown)).as(capture + " frame " + (i + 1)).isEqualTo(expected);
            }
        }
    }

    @Test
    void titleNamesTheFileAndItsFrameCount(FxRobot robot) {
        GuiTests.open(robot, gui, path("send_write_imm"));
        Stage stage = (Stage) gui.frames.getScene().getWindow();
        assertThat(stage.getTitle()).isEqualTo("send_write_imm.pcap — 25 frames");
        assertThat(gui.displayed.getText()).isEqualTo("Frames: 25 · Displayed: 25 (100.0%)");
        // the cells on screen hold the row's text
        List<String> firstRow = new ArrayList<>();
        robot.lookup(".table-row-cell").nth(0).queryAs(javafx.scene.control.TableRow.class).getChildrenUnmodifiable()
            .forEach(n -> { if (n instanceof TableCell<?, ?> c) firstRow.add(c.getText()); });
        assertThat(firstRow).containsExactly(gui.packets.rows().row(0).columns());
    }

    @Test
    void aFieldSelectsItsBytesAndAByteSelectsItsField(FxRobot robot) {
        GuiTests.open(robot, gui, path("send_write_imm"));
        robot.interact(() -> gui.frames.getSelectionModel().clearAndSelect(6));   // frame 7: RC Acknowledge
        WaitForAsyncUtils.waitForFxEvents();
        DecodedFrame f = gui.detail.shown();
        assertThat(f.number()).isEqualTo(7);
        List<String> texts = new ArrayList<>();
        collect(gui.fields.getRoot(), texts);
        assertThat(texts).contains("Base Transport Header", "Packet Sequence Number: 9636724", "Credit Count: unlimited (31)", "ICRC status: good");
        TreeItem<FieldTree.Node> psn = find(gui.fields.getRoot(), "infiniband.bth.psn");
        robot.interact(() -> gui.fields.getSelectionModel().select(psn));
        WaitForAsyncUtils.waitForFxEvents();
        // the PSN is 3 bytes at offset 51: their hex digits are selected
        assertThat(gui.bytes.getSelectedText().replaceAll("\\s", "")).isEqualTo("930b74");
        assertThat(Integer.parseInt(gui.bytes.getSelectedText().replaceAll("\\s", ""), 16)).isEqualTo(9636724);
        // the other way: a click on byte 52 (inside the PSN) selects the PSN field; on byte 44, the destination QP
        robot.interact(() -> gui.fields.getSelectionModel().clearSelection());
        robot.interact(() -> gui.detail.selectFieldAt(HexDump.hexStart(52) + 1));
        assertThat(gui.fields.getSelectionModel().getSelectedItem().getValue().abbrev()).isEqualTo("infiniband.bth.psn");
        robot.interact(() -> gui.detail.selectFieldAt(HexDump.hexStart(47)));
        assertThat(gui.fields.getSelectionModel().getSelectedItem().getValue().abbrev()).isEqualTo("infiniband.bth.destqp");
        assertThat(gui.fields.getSelectionModel().getSelectedItem().getValue().filter()).isEqualTo(String.format("infiniband.bth.destqp == 0x%06x", f.ib().destQp()));
    }

    @Test
    void aBadFileSaysSoInOneLine(FxRobot robot) {
        robot.interact(() -> gui.open("/nonexistent/capture.pcap"));
        assertThat(gui.status.getText()).isEqualTo("Cannot open /nonexistent/capture.pcap: no such file");
    }

    @Test
    void packetListScreenshot(FxRobot robot) throws Exception {
        GuiTests.open(robot, gui, path("roce_rnr_nak"));
        robot.interact(() -> {
            gui.frames.getSelectionModel().clearAndSelect(6);
            TreeItem<FieldTree.Node> syn = find(gui.fields.getRoot(), "infiniband.aeth.syndrome");
            if (syn != null) gui.fields.getSelectionModel().select(syn);
        });
        WaitForAsyncUtils.waitForFxEvents();
        GuiTests.screenshot(robot, gui.frames.getScene().getRoot(), "packets");
    }

    static String path(String capture) {
        java.nio.file.Path p = TestCaptures.file(capture);
        if (!java.nio.file.Files.exists(p)) p = TestCaptures.sample(capture);
        return p.toString();
    }

    private static void collect(TreeItem<FieldTree.Node> item, List<String> out) {
        out.add(item.getValue().text());
        for (TreeItem<FieldTree.Node> c : item.getChildren()) collect(c, out);
    }

    static TreeItem<FieldTree.Node> find(TreeItem<FieldTree.Node> item, String abbrev) {
        if (item.getValue().abbrev().equals(abbrev)) return item;
        for (TreeItem<FieldTree.Node> c : item.getChildren()) {
            TreeItem<FieldTree.Node> r = find(c, abbrev);
            if (r != null) return r;
        }
        return null;
    }
}
