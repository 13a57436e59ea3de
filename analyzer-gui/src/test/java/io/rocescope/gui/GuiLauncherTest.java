package io.rocescope.gui;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Starting the window on a machine that cannot show it: one line naming what is missing, exit 2,
 * no stack trace. The launcher runs in a JVM of its own (it exits), with the display taken away.
 */
class GuiLauncherTest {
    private record Run(int exit, String err) {}

    private static Run launcher(Map<String, String> env) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), GuiLauncher.class.getName());
        pb.environment().remove("DISPLAY");
        pb.environment().remove("WAYLAND_DISPLAY");
        pb.environment().putAll(env);
        pb.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the launcher ends by itself").isTrue();
        return new Run(p.exitValue(), err);
    }

    @Test
    void withoutADisplayItSaysSoInOneLine() throws Exception {
        Run r = launcher(Map.of());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).startsWith("rocescope gui: no display (DISPLAY is not set)").contains("xvfb-run")
            .doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void withADisplayNobodyServesItSaysSoInOneLine() throws Exception {
        Assumptions.assumeTrue(GuiEnvironment.missing(Map.of("DISPLAY", ":0"), GuiEnvironment.libraryDirs(System.getenv())) == null,
            "GTK 3 is not installed here: the launcher stops before JavaFX");
        // a display number no X server listens on (nothing is sent anywhere: the socket does not exist)
        Run r = launcher(Map.of("DISPLAY", ":87"));
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().lines().filter(l -> l.startsWith("rocescope gui: "))).hasSize(1);
        assertThat(r.err()).contains("cannot open the window").doesNotContain("\tat ").doesNotContain("WARNING");
    }

    @Test
    void withoutGtkItNamesTheDebianPackage(@TempDir Path empty) throws Exception {
        Assumptions.assumeTrue(System.getProperty("os.name").toLowerCase().contains("linux"));
        String m = GuiEnvironment.missing(Map.of("DISPLAY", ":0"), List.of(empty));
        assertThat(m).isEqualTo("GTK 3 is not installed (libgtk-3.so.0 not found): apt-get install libgtk-3-0");
        // and it is found where the loader finds it: a folder with the library in it
        Files.createFile(empty.resolve(GuiEnvironment.GTK));
        assertThat(GuiEnvironment.missing(Map.of("DISPLAY", ":0"), List.of(empty))).isNull();
        assertThat(GuiEnvironment.libraryDirs(Map.of("LD_LIBRARY_PATH", empty.toString())).get(0)).isEqualTo(empty);
    }
}
