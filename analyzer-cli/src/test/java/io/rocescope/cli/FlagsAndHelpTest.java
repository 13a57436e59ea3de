package io.rocescope.cli;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A CI gate must never pass by accident: -V is not a version flag in a subcommand (it was, and
 * "check -V FILE" exited 0 having printed "rocescope 0.1.0"), and every command has -h / --help.
 */
class FlagsAndHelpTest {
    private static final String[] COMMANDS = {"dissect", "flows", "timeline", "expert", "stats", "check", "synth",
        "fields", "capture", "gui", "report"};

    private static String capture(String name) { return TestCaptures.file(name).toString(); }

    private static String strictRules() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve("rules/strict.yaml"))) return p.resolve("rules/strict.yaml").toString();
        }
        throw new IllegalStateException("rules/strict.yaml not found");
    }

    @Test
    void topLevelHelpListsEveryCommandIncludingGui() {
        CliRunner help = CliRunner.run("--help");
        assertThat(help.exit()).isZero();
        for (String c : COMMANDS) assertThat(help.out()).containsPattern("(?m)^  " + c + " ");
        assertThat(CliRunner.run("--version").out()).startsWith("rocescope ");
    }

    @Test
    void everySubcommandAnswersHelpWithItsUsage() {
        for (String c : COMMANDS) {
            for (String flag : new String[] {"-h", "--help"}) {
                CliRunner r = CliRunner.run(c, flag);
                assertThat(r.exit()).as(c + " " + flag).isZero();
                assertThat(r.out()).as(c + " " + flag).startsWith("Usage: rocescope " + c + " ");
                assertThat(r.err()).as(c + " " + flag).isEmpty();
            }
        }
    }

    @Test
    void checkWithMinusVFailsLoudlyInsteadOfPassing() {
        String file = capture("send_bw_loss2pct"), rules = strictRules();
        CliRunner plain = CliRunner.run("check", "--rules", rules, file);
        assertThat(plain.exit()).as("2 %% loss fails the strict pack").isEqualTo(1);
        CliRunner v = CliRunner.run("check", "-V", "--rules", rules, file);
        assertThat(v.exit()).isEqualTo(2);
        assertThat(v.out()).isEmpty();
        assertThat(v.err().lines()).containsExactly("rocescope: Unknown option: '-V' (see 'rocescope check --help')");
    }

    @ParameterizedTest
    @ValueSource(strings = {"flows", "timeline", "expert", "stats", "fields"})
    void minusVIsAnUnknownOptionWhereThereIsNoTree(String command) {
        CliRunner r = CliRunner.run(command, "-V", capture("send_bw_rc"));
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().lines()).hasSize(1).first().asString().startsWith("rocescope: Unknown option: '-V'");
    }

    @Test
    void versionBelongsToTheTopLevelOnly() {
        for (String c : new String[] {"dissect", "flows", "check"}) {
            CliRunner r = CliRunner.run(c, "--version", capture("send_bw_rc"));
            assertThat(r.exit()).as(c).isEqualTo(2);
            assertThat(r.err().lines()).as(c).hasSize(1);
        }
    }

    @Test
    void dissectMinusVIsTheTree() {
        CliRunner r = CliRunner.run("dissect", "-V", "-c", "1", capture("send_bw_rc"));
        assertThat(r.exit()).isZero();
        assertThat(r.out()).startsWith("Frame 1: ").contains("[frame.number");
    }

    @Test
    void guiHelpNeedsNoDisplayAndAMissingGuiIsOneLine() {
        CliRunner help = CliRunner.run("gui", "--help");
        assertThat(help.exit()).isZero();
        assertThat(help.out()).contains("libgtk-3-0").contains("DISPLAY");
        String before = System.getProperty(GuiCommand.JAR_PROPERTY);
        System.setProperty(GuiCommand.JAR_PROPERTY, "/nonexistent/rocescope-gui-all.jar");
        try {
            CliRunner r = CliRunner.run("gui", capture("send_bw_rc"));
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.err().lines()).containsExactly(
                "rocescope: the GUI is not built (no /nonexistent/rocescope-gui-all.jar): mvn -B -DskipTests package -pl analyzer-gui -am");
        } finally {
            if (before == null) System.clearProperty(GuiCommand.JAR_PROPERTY);
            else System.setProperty(GuiCommand.JAR_PROPERTY, before);
        }
    }
}
