package io.rocescope.gui;

import javafx.scene.control.Tab;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every tab of the window on the real captures a user opens first (CM set-up, NAKs, RNR, PFC, a CM REJ),
 * written to target/screenshots/review-CAPTURE-TAB.png to be looked at; each must show something.
 */
@ExtendWith(ApplicationExtension.class)
class ReviewScreenshotsTest {
    private RoceScopeGui gui;

    @Start
    void start(Stage stage) {
        gui = new RoceScopeGui();
        gui.start(stage);
    }

    @Test
    void everyTabOfTheFirstCapturesAUserOpens(FxRobot robot) throws Exception {
        for (String capture : List.of("roce_cm", "nak_remote_access_write", "rnr_nak", "synth_pfc_storm", "cm_reject_no_listener", "send_bw_loss2pct")) {
            GuiTests.open(robot, gui, RoceScopeGuiTest.path(capture));
            robot.interact(() -> gui.frames.getSelectionModel().clearAndSelect(Math.min(6, gui.frames.getItems().size() - 1)));
            for (Tab t : gui.tabs.getTabs()) {
                robot.interact(() -> gui.tabs.getSelectionModel().select(t));
                GuiTests.settle(gui);
                WaitForAsyncUtils.waitForFxEvents(5);
                String name = "review-" + capture + "-" + t.getText().toLowerCase().replaceAll("[^a-z]+", "-");
                assertThat(GuiTests.screenshot(robot, gui.frames.getScene().getRoot(), name)).exists();
            }
        }
    }
}
