package io.rocescope.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code rocescope gui}: starts the JavaFX window (module analyzer-gui, its own jar, which this module
 * cannot depend on) in a JVM of its own. The window's jar checks for a display and GTK itself and says
 * in one line what is missing; this command only finds it, so that help and usage work with no display.
 */
@Command(name = "gui",
    description = {"Open the JavaFX window: packet list with a display-filter bar, fields and bytes, connections, expert info, set-up ladders, IO graph, PSN graph, RTT distribution; -i IFACE captures live.",
        "Needs a display (DISPLAY or WAYLAND_DISPLAY) and Debian's libgtk-3-0."})
final class GuiCommand implements Callable<Integer> {
    /** Where the GUI jar is, when it is not next to this one's module (tests, installs). */
    static final String JAR_PROPERTY = "rocescope.gui.jar";

    @CommandLine.Mixin
    HelpOption help = new HelpOption();

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "capture to open")
    String file;

    @CommandLine.Option(names = "-i", paramLabel = "IFACE",
        description = "capture live on IFACE (needs root or CAP_NET_RAW): the window fills as frames arrive, through the analysis of capture --analyze")
    String iface;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        Path jar = guiJar();
        if (jar == null || !Files.isRegularFile(jar)) {
            cl.getErr().println("rocescope: the GUI is not built" + (jar == null ? "" : " (no " + jar + ")")
                + ": mvn -B -DskipTests package -pl analyzer-gui -am");
            return RoceScope.EXIT_USAGE;
        }
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.add("-jar");
        command.add(jar.toString());
        if (iface != null && file != null) {
            cl.getErr().println("rocescope: gui takes a FILE or -i IFACE, not both");
            return RoceScope.EXIT_USAGE;
        }
        if (iface != null) command.addAll(List.of("-i", iface));
        if (file != null) command.add(file);
        cl.getErr().flush();
        return new ProcessBuilder(command).inheritIO().start().waitFor();
    }

    /** The GUI jar: the system property, else analyzer-gui/target beside this jar's analyzer-cli/target. */
    private static Path guiJar() {
        String prop = System.getProperty(JAR_PROPERTY);
        if (prop != null) return Path.of(prop);
        try {
            Path self = Path.of(GuiCommand.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path target = self.getParent();
            if (target == null || target.getParent() == null || target.getParent().getParent() == null) return null;
            return target.getParent().getParent().resolve("analyzer-gui/target/rocescope-gui-all.jar");
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            return null;
        }
    }
}
