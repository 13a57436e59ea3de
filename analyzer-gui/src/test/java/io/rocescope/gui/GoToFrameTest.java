package io.rocescope.gui;

import io.rocescope.dissector.TestCaptures;
import javafx.scene.control.TableColumn;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Go to frame on a sorted list selects the frame asked for without a scan of the sort order on the
 * JavaFX thread; the status bar names the file by its normalized absolute path, as Wireshark does.
 */
@ExtendWith(ApplicationExtension.class)
class GoToFrameTest {
    private RoceScopeGui gui;

    @Start
    void start(Stage stage) {
        gui = new RoceScopeGui();
        gui.start(stage);
    }

    @Test
    void goToFrameOnASortedListIsABinarySearchAndSelectsThatFrame(FxRobot robot) {
        GuiTests.open(robot, gui, RoceScopeGuiTest.path("send_bw_loss2pct"));   // 3718 frames
        int n = gui.file().index.size();
        assertThat(n).isEqualTo(3718);
        for (int col : List.of(6, 5)) {   // Info (a text sort, decoded in the background), Length (a number)
            robot.interact(() -> {
                TableColumn<Integer, ?> c = gui.frames.getColumns().get(col);
                c.setSortType(TableColumn.SortType.DESCENDING);
                gui.frames.getSortOrder().setAll(List.of(c));
            });
            GuiTests.settle(gui);
            assertThat(gui.rows().inCaptureOrder()).isFalse();
            for (long number : List.of(1L, 37L, 1000L, 2500L, 3717L, 3718L)) {
                boolean[] found = new boolean[1];
                robot.interact(() -> found[0] = gui.goToFrame(number));
                WaitForAsyncUtils.waitForFxEvents();
                String where = "column " + col + ", frame " + number;
                assertThat(found[0]).as(where).isTrue();
                Integer sel = gui.frames.getSelectionModel().getSelectedItem();
                assertThat(sel).as(where).isEqualTo((int) number - 1);
                int pos = gui.frames.getSelectionModel().getSelectedIndex();
                assertThat(gui.packets.rows().row(gui.rows().frameAt(pos)).columns()[0]).as(where).isEqualTo(Long.toString(number));
                assertThat(gui.detail.shown().number()).as(where).isEqualTo(number);
                // a binary search (log2 3718 < 12 reads), not a scan of up to 3718 positions on the JavaFX thread
                assertThat(gui.rows().lastProbes()).as(where + ": entries read to find it").isLessThanOrEqualTo(13);
            }
        }
    }

    @Test
    void theStatusBarShowsTheNormalizedAbsolutePath(FxRobot robot) {
        Path dir = TestCaptures.dir();
        String odd = dir + "/./../" + dir.getFileName() + "/rnr_nak.pcap";
        GuiTests.open(robot, gui, odd);
        String expected = dir.toAbsolutePath().normalize().resolve("rnr_nak.pcap").toString();
        assertThat(gui.status.getText()).isEqualTo(expected);
        assertThat(gui.propertiesDialog.properties().values()).contains(expected);
    }
}
