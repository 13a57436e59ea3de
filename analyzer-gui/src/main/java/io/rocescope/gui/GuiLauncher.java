package io.rocescope.gui;

import javafx.application.Application;

/** A plain main class, so that the shaded jar starts JavaFX without a module path. */
public final class GuiLauncher {
    private GuiLauncher() {}

    public static void main(String[] args) {
        Application.launch(RoceScopeGui.class, args);
    }
}
