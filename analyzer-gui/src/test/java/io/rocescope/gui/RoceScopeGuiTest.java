package io.rocescope.gui;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.decode.DecodedFrame;
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

import static org.assertj.core.api.Assertions.assertThat;

/** The window, headless (Monocle): open a real capture, pick a frame, pick a field, see its bytes. */
@ExtendWith(ApplicationExtension.class)
class RoceScopeGuiTest {
    private RoceScopeGui gui;

    @Start
    void start(Stage stage) {
        gui = new RoceScopeGui();
        gui.start(stage);
        gui.open(TestCaptures.file("send_write_imm").toString());
    }

    @Test
    void framesFieldsAndHighlightedBytes(FxRobot robot) {
        assertThat(gui.frames.getItems()).hasSize(25);
        assertThat(gui.status.getText()).contains("25 frames");
        robot.interact(() -> gui.frames.getSelectionModel().select(6));   // frame 7: RC Acknowledge
        WaitForAsyncUtils.waitForFxEvents();
        DecodedFrame f = gui.frames.getSelectionModel().getSelectedItem();
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
    }

    @Test
    void aBadFileSaysSoInOneLine(FxRobot robot) {
        robot.interact(() -> gui.open("/nonexistent/capture.pcap"));
        assertThat(gui.status.getText()).isEqualTo("Cannot open /nonexistent/capture.pcap: no such file");
    }

    private static void collect(TreeItem<FieldTree.Node> item, List<String> out) {
        out.add(item.getValue().text());
        for (TreeItem<FieldTree.Node> c : item.getChildren()) collect(c, out);
    }

    private static TreeItem<FieldTree.Node> find(TreeItem<FieldTree.Node> item, String abbrev) {
        if (item.getValue().abbrev().equals(abbrev)) return item;
        for (TreeItem<FieldTree.Node> c : item.getChildren()) {
            TreeItem<FieldTree.Node> r = find(c, abbrev);
            if (r != null) return r;
        }
        return null;
    }
}
