package io.rocescope.gui;

import io.rocescope.dissector.TestCaptures;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.File;

import static org.assertj.core.api.Assertions.assertThat;

/** Renders the window headless and writes target/gui.png, so a person can look at it; checks it is not blank. */
@ExtendWith(ApplicationExtension.class)
class ScreenshotTest {
    private RoceScopeGui gui;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        gui = new RoceScopeGui();
        gui.start(stage);
        gui.open(TestCaptures.file("rping").toString());
    }

    @Test
    void windowRendersFramesTreeAndBytes(FxRobot robot) throws Exception {
        robot.interact(() -> {
            gui.frames.getSelectionModel().select(2);
            gui.fields.getSelectionModel().select(12);
        });
        WaitForAsyncUtils.waitForFxEvents();
        WritableImage[] img = new WritableImage[1];
        robot.interact(() -> img[0] = stage.getScene().snapshot(null));
        int w = (int) img[0].getWidth(), h = (int) img[0].getHeight();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        PixelReader px = img[0].getPixelReader();
        int distinct = 0, first = px.getArgb(0, 0);
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int argb = px.getArgb(x, y);
                out.setRGB(x, y, argb);
                if (argb != first) distinct++;
            }
        }
        ImageIO.write(out, "png", new File("target/gui.png"));
        assertThat(distinct).as("pixels that differ from the background").isGreaterThan(w * h / 50);
    }
}
