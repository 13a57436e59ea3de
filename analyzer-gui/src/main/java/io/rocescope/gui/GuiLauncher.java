package io.rocescope.gui;

import javafx.application.Application;

/**
 * A plain main class, so that the shaded jar starts JavaFX without a module path. It checks for a
 * display and GTK first: a missing one is a line on stderr and exit 2, as every other bad input.
 */
public final class GuiLauncher {
    /**
     * JavaFX warns at every start that it was loaded from the class path (this shaded jar) rather than
     * as modules; that is how this jar is meant to run, so the warning is noise. Held: loggers are weak.
     */
    private static final java.util.logging.Logger JAVAFX = java.util.logging.Logger.getLogger("javafx");

    private GuiLauncher() {}

    public static void main(String[] args) {
        String missing = GuiEnvironment.missing(System.getenv(), GuiEnvironment.libraryDirs(System.getenv()));
        if (missing != null) {
            System.err.println("rocescope gui: " + missing);
            System.exit(2);
        }
        JAVAFX.setFilter(r -> r.getMessage() == null || !r.getMessage().startsWith("Unsupported JavaFX configuration"));
        try {
            Application.launch(RoceScopeGui.class, args);
        } catch (RuntimeException | LinkageError e) {
            // e.g. a DISPLAY that names no reachable X server: JavaFX's own message, on one line
            String m = e.getMessage();
            System.err.println("rocescope gui: cannot open the window: " + (m == null ? e.getClass().getSimpleName() : m.lines().findFirst().orElse(m)));
            System.exit(2);
        }
    }
}
