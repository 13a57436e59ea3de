package io.rocescope.gui;

import com.fasterxml.jackson.databind.JsonNode;
import io.rocescope.dissector.field.InfinibandNames;
import javafx.stage.Stage;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Follow QP lists exactly the frames tshark selects with the connection's filter (which the main window
 * then shows), Back restores the filter before; Find lands on the first frame after the selected one
 * that tshark's equivalent filter selects, Next/Previous step and wrap, and it says when nothing matches.
 */
@ExtendWith(ApplicationExtension.class)
class FollowAndFindTest {
    private RoceScopeGui gui;

    @Start
    void start(Stage stage) {
        gui = new RoceScopeGui();
        gui.start(stage);
    }

    private static List<Long> numbers(List<String> tshark) {
        return tshark.stream().filter(s -> !s.isBlank()).map(s -> Long.parseLong(s.strip())).toList();
    }

    @Test
    void followQpListsTheFramesTsharkSelects(FxRobot robot) throws Exception {
        Assumptions.assumeTrue(GuiTests.tshark("-v") != null, "tshark is not installed");
        for (String capture : List.of("roce_cm", "rnr_nak", "send_bw_loss2pct", "send_bw_rc", "read_bw_rc")) {
            String path = RoceScopeGuiTest.path(capture);
            GuiTests.open(robot, gui, path);
            JsonNode c = GuiTests.cliJson("flows", "-T", "json", path).get(0);
            long first = c.get("aToB").get("firstFrame").asLong();
            robot.interact(() -> gui.goToFrame(first));
            robot.interact(() -> gui.followQp.selected());
            GuiTests.settle(gui);
            FollowQpWindow w = gui.followQp.window;
            assertThat(w).as(capture).isNotNull();
            String filter = w.filter.getText();
            assertThat(filter).as(capture).contains(String.format("infiniband.bth.destqp == 0x%06x", c.get("aToB").get("destQp").asInt()));
            List<Long> tshark = numbers(GuiTests.tshark("-r", path, "-Y", filter, "-T", "fields", "-e", "frame.number"));
            List<Long> listed = w.table.getItems().stream().map(FollowQp.Packet::frame).toList();
            assertThat(listed).as(capture).isEqualTo(tshark);
            // the main window's display filter is the same, and shows the same frames
            assertThat(gui.appliedFilter()).isEqualTo(filter);
            assertThat(Arrays.stream(gui.rows().frames()).mapToObj(i -> i + 1L).toList()).isEqualTo(tshark);
            // both directions, told apart as tshark tells them
            long aToB = numbers(GuiTests.tshark("-r", path, "-Y", "(" + filter + ") && ip.src == " + c.get("aToB").get("src").asText(),
                "-T", "fields", "-e", "frame.number")).size();
            assertThat(w.table.getItems().stream().filter(p -> p.direction().equals("A→B")).count()).isEqualTo(aToB);
            // the NAKs and RNR NAKs it lists are tshark's
            long naks = numbers(GuiTests.tshark("-r", path, "-Y", "(" + filter + ") && infiniband.aeth.syndrome.opcode != 0", "-T", "fields",
                "-e", "frame.number")).size();
            assertThat(w.table.getItems().stream().filter(p -> p.syndrome() >= 0 && InfinibandNames.aethType(p.syndrome()) != InfinibandNames.AETH_ACK).count())
                .as(capture).isEqualTo(naks);
            if (capture.equals("send_bw_rc") || capture.equals("read_bw_rc")) {
                // a clean capture: every message it completes is one the analysis counted, each direction
                long msgs = 0;
                for (String d : List.of("aToB", "bToA")) {
                    msgs += c.get(d).get("messages").get("count").asLong() + c.get(d).get("readResponseMessages").get("count").asLong();
                }
                assertThat(w.table.getItems().stream().filter(p -> p.message().endsWith(" B)")).count()).as(capture).isEqualTo(msgs);
            }
            if (capture.equals("rnr_nak")) GuiTests.screenshot(robot, w.stage.getScene().getRoot(), "follow-qp");
            // Back: the window goes, the filter there was before (none) comes back
            robot.interact(w.back::fire);
            GuiTests.settle(gui);
            assertThat(w.stage.isShowing()).isFalse();
            assertThat(gui.appliedFilter()).isEmpty();
            assertThat(gui.rows().size()).isEqualTo(gui.file().index.size());
        }
    }

    @Test
    void followQpIsInTheAnalyzeMenuAndThePacketsContextMenu(FxRobot robot) {
        GuiTests.open(robot, gui, RoceScopeGuiTest.path("rnr_nak"));
        assertThat(gui.frames.getContextMenu().getItems()).extracting(javafx.scene.control.MenuItem::getText).contains("Follow QP");
        javafx.scene.control.MenuBar bar = (javafx.scene.control.MenuBar) ((javafx.scene.layout.VBox) ((javafx.scene.layout.BorderPane)
            gui.frames.getScene().getRoot()).getTop()).getChildren().get(0);
        javafx.scene.control.Menu analyze = bar.getMenus().stream().filter(m -> m.getText().equals("Analyze")).findFirst().orElseThrow();
        javafx.scene.control.MenuItem follow = analyze.getItems().stream().filter(m -> "Follow QP".equals(m.getText())).findFirst().orElseThrow();
        robot.interact(() -> gui.goToFrame(1));   // ARP: not a packet of a connection, and none is selected in Connections
        robot.interact(follow::fire);
        GuiTests.settle(gui);
        assertThat(gui.followQp.window).isNull();
        assertThat(gui.status.getText()).isEqualTo("Follow QP: select a RoCE packet of a connection");
    }

    @Test
    void findLandsOnTheFrameTsharksFilterSelectsFirst(FxRobot robot) throws Exception {
        Assumptions.assumeTrue(GuiTests.tshark("-v") != null, "tshark is not installed");
        String path = RoceScopeGuiTest.path("rnr_nak");
        GuiTests.open(robot, gui, path);
        List<Long> rnr = numbers(GuiTests.tshark("-r", path, "-Y", "infiniband.aeth.syndrome.opcode == 1", "-T", "fields", "-e", "frame.number"));
        assertThat(rnr).hasSizeGreaterThan(2);
        robot.interact(() -> gui.findBar.show(true));
        // by display filter: from frame 1, Next, Next, Previous, and round from the last one to the first
        find(robot, FindCriterion.DISPLAY_FILTER, null, "infiniband.aeth.syndrome.opcode == 1", true);
        assertThat(selected()).isEqualTo(rnr.get(0));
        find(robot, null, null, null, true);
        assertThat(selected()).isEqualTo(rnr.get(1));
        find(robot, null, null, null, false);
        assertThat(selected()).isEqualTo(rnr.get(0));
        robot.interact(() -> gui.goToFrame(rnr.get(rnr.size() - 1)));
        find(robot, null, null, null, true);
        assertThat(selected()).isEqualTo(rnr.get(0));
        assertThat(gui.findBar.result.getText()).contains("wrapped");
        GuiTests.screenshot(robot, gui.frames.getScene().getRoot(), "find");
        // by hex bytes (tshark: frame contains), from frame 1
        robot.interact(() -> gui.goToFrame(1));
        List<Long> hex = numbers(GuiTests.tshark("-r", path, "-Y", "frame contains 12:b7 && frame.number > 1", "-T", "fields", "-e", "frame.number"));
        find(robot, FindCriterion.HEX, null, "12 b7", true);
        assertThat(selected()).isEqualTo(hex.get(0));
        // by string: in the Info column, and in the details
        robot.interact(() -> gui.goToFrame(1));
        find(robot, FindCriterion.STRING, FindCriterion.INFO, "rnr nak", true);
        assertThat(selected()).isEqualTo(rnr.get(0));
        robot.interact(() -> gui.goToFrame(1));
        find(robot, FindCriterion.STRING, FindCriterion.DETAILS, "RNR NAK", true);
        assertThat(selected()).isEqualTo(rnr.get(0));
        // case sensitive: "rnr nak" is not there as typed
        robot.interact(() -> gui.findBar.caseSensitive.setSelected(true));
        find(robot, FindCriterion.STRING, FindCriterion.INFO, "rnr nak", true);
        assertThat(gui.findBar.result.getText()).startsWith("Not found");
        robot.interact(() -> gui.findBar.caseSensitive.setSelected(false));
        // nothing matches: said so, the selection stays
        long before = selected();
        assertThat(numbers(GuiTests.tshark("-r", path, "-Y", "infiniband.bth.opcode == 200", "-T", "fields", "-e", "frame.number"))).isEmpty();
        find(robot, FindCriterion.DISPLAY_FILTER, null, "infiniband.bth.opcode == 200", true);
        assertThat(gui.findBar.result.getText()).isEqualTo("Not found: no displayed frame matches");
        assertThat(selected()).isEqualTo(before);
        // what cannot be searched for is one line, no search
        find(robot, FindCriterion.HEX, null, "12 b", true);
        assertThat(gui.findBar.result.getText()).contains("not a hex byte string");
        find(robot, FindCriterion.DISPLAY_FILTER, null, "infiniband.bth.opcode ==", true);
        assertThat(gui.findBar.result.getText()).isNotBlank().doesNotStartWith("Frame");
    }

    private void find(FxRobot robot, String mode, String where, String text, boolean forward) {
        robot.interact(() -> {
            if (mode != null) gui.findBar.mode.setValue(mode);
            if (where != null) gui.findBar.where.setValue(where);
            if (text != null) gui.findBar.text.setText(text);
            gui.findBar.find(forward);
        });
        GuiTests.settle(gui);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private long selected() { return gui.frames.getSelectionModel().getSelectedItem() + 1L; }
}
