package io.rocescope.gui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.cli.RoceScope;
import javafx.scene.Node;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** What the GUI tests share: waiting for the background work, the CLI's output for comparison, screenshots. */
final class GuiTests {
    private GuiTests() {}

    static {
        // the tests must not add to the user's list of recent files
        try {
            System.setProperty("rocescope.gui.recent", Files.createTempFile("rocescope-recent", "").toString());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Opens a capture and waits until it is indexed, analysed and its first frame shown. */
    static void open(FxRobot robot, RoceScopeGui gui, String path) {
        robot.interact(() -> gui.open(path));
        settle(gui);
    }

    /** Waits until no background job runs and the JavaFX thread has caught up. */
    static void settle(RoceScopeGui gui) {
        try {
            WaitForAsyncUtils.waitFor(120, TimeUnit.SECONDS, () -> !gui.work.busy());
        } catch (java.util.concurrent.TimeoutException e) {
            throw new AssertionError("the window's background work did not end", e);
        }
        WaitForAsyncUtils.waitForFxEvents(5);
    }

    /** What the CLI prints for these arguments (in-process, as `rocescope ARGS`). */
    static String cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int code = RoceScope.run(args, out, new PrintWriter(err));
        assertThat(code).as("rocescope " + String.join(" ", args) + ": " + err).isIn(0, 1);
        return out.toString(StandardCharsets.UTF_8);
    }

    static JsonNode cliJson(String... args) throws IOException {
        return new ObjectMapper().readTree(cli(args));
    }

    /** What tshark prints (the oracle), or null when it is not installed. */
    static List<String> tshark(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("tshark"));
        cmd.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            return null;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(120, TimeUnit.SECONDS);
        return out.lines().toList();
    }

    /**
     * Writes {@code node} (the whole scene when it is the root) to target/screenshots/NAME.png; checks it is
     * not blank. {@code robot} may be null off TestFX (the snapshot is then taken on the JavaFX thread directly).
     */
    static Path screenshot(FxRobot robot, Node node, String name) throws IOException {
        WritableImage[] img = new WritableImage[1];
        Runnable take = () -> img[0] = node.getScene().getRoot() == node ? node.getScene().snapshot(null) : node.snapshot(null, null);
        if (robot != null) robot.interact(take);
        else {   // a window of a JVM of its own (LiveViewProbe), without TestFX's robot
            try {
                WaitForAsyncUtils.asyncFx(take).get(60, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new IOException("screenshot " + name + ": " + e, e);
            }
        }
        Path dir = Path.of("target", "screenshots");
        Files.createDirectories(dir);
        Path out = dir.resolve(name + ".png");
        LadderView.writeSnapshot(img[0], out);
        PixelReader px = img[0].getPixelReader();
        int w = (int) img[0].getWidth(), h = (int) img[0].getHeight(), first = px.getArgb(0, 0), distinct = 0;
        for (int y = 0; y < h; y += 2) for (int x = 0; x < w; x += 2) if (px.getArgb(x, y) != first) distinct++;
        assertThat(distinct).as(name + ": pixels that differ from the background").isGreaterThan(w * h / 4 / 100);
        return out;
    }
}
