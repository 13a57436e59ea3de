package io.rocescope.gui;

import javafx.scene.control.TextInputDialog;

import java.util.function.Consumer;
import java.util.function.LongPredicate;

/** Edit → Go to Frame: asks for a frame number and goes to it; what goes wrong is one line for the status bar. */
final class GoToDialog {
    private GoToDialog() {}

    /** {@code goTo} goes to a frame (false: not displayed); {@code say} shows a line in the status bar. */
    static void show(LongPredicate goTo, Consumer<String> say) {
        TextInputDialog d = new TextInputDialog();
        d.setTitle("Go to Frame");
        d.setHeaderText(null);
        d.setContentText("Frame number:");
        d.showAndWait().ifPresent(s -> {
            try {
                if (!goTo.test(Long.parseLong(s.strip()))) say.accept("Frame " + s.strip() + " is not displayed");
            } catch (NumberFormatException e) {
                say.accept("Go to frame: '" + s + "' is not a frame number");
            }
        });
    }
}
