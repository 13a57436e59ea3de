package io.rocescope.fleet;

import io.rocescope.cli.RoceScope;
import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code rocescope fleet DIR --rules PACK} as CI runs it (the command line, its own local[2] session): the verdict
 * and the JUnit XML of every capture are those of {@code rocescope check --rules PACK FILE --junit}, an
 * unreadable capture fails the gate with an erroring test case, and the exit code is 1.
 */
class FleetGateTest {
    @TempDir
    Path tmp;

    @Test
    void gateAcrossADirectoryIsCheckFileByFile() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("captures"));
        for (String name : List.of("rnr_nak", "send_bw_rc", "send_bw_loss2pct", "cm_reject_no_listener", "send_lat_rc")) {
            Files.createSymbolicLink(dir.resolve(name + ".pcap"), TestCaptures.file(name).toAbsolutePath());
        }
        Path broken = Files.writeString(dir.resolve("broken.pcap"), "not a capture at all\n");
        Path rules = rules();
        Path out = tmp.resolve("out");
        StringWriter stdout = new StringWriter(), stderr = new StringWriter();
        int code = Fleet.run(new String[]{dir.toString(), "--out", out.toString(), "--rules", rules.toString(), "--master", "local[2]",
            "--no-progress"}, new PrintWriter(stdout), new PrintWriter(stderr));

        int failing = 0, passing = 0;
        try (var files = Files.list(dir)) {
            for (Path p : files.sorted().toList()) {
                if (p.equals(broken)) continue;
                String capture = p.toAbsolutePath().normalize().toString();
                Path junit = tmp.resolve(p.getFileName() + ".check.xml");
                int check = RoceScope.run(new String[]{"check", "--rules", rules.toString(), capture, "--junit", junit.toString()},
                    new ByteArrayOutputStream(), new PrintWriter(new StringWriter()));
                assertThat(check).as(capture).isIn(0, 1);
                if (check == 1) failing++;
                else passing++;
                assertThat(Files.readString(out.resolve("junit").resolve(p.getFileName() + ".xml"), StandardCharsets.UTF_8))
                    .as(capture).isEqualTo(Files.readString(junit, StandardCharsets.UTF_8));
                assertThat(stdout.toString().contains("FAIL " + capture + "\n")).as(capture).isEqualTo(check == 1);
            }
        }
        assertThat(failing).isGreaterThan(0);
        assertThat(passing).isGreaterThan(0);
        String brokenXml = Files.readString(out.resolve("junit/broken.pcap.xml"), StandardCharsets.UTF_8);
        assertThat(brokenXml).contains("errors=\"1\"").contains("<error type=\"unreadable\"");
        assertThat(stdout.toString()).contains("Gate " + rules + ": " + passing + " captures passed, " + (failing + 1) + " failed");
        assertThat(stderr.toString()).contains("rocescope: warning: " + broken.toAbsolutePath().normalize() + ": ");
        assertThat(code).isEqualTo(1);
    }

    @Test
    void badArgumentsAreOneLineAndExitTwo() throws Exception {
        StringWriter err = new StringWriter();
        int code = Fleet.run(new String[]{tmp.resolve("nowhere").toString(), "--out", tmp.resolve("o").toString()},
            new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rocescope: " + tmp.resolve("nowhere") + ": no such file or directory" + System.lineSeparator());
        Path pack = Files.writeString(tmp.resolve("bad.yaml"), "rules: nope\n");
        err = new StringWriter();
        code = Fleet.run(new String[]{TestCaptures.file("rnr_nak").toString(), "--out", tmp.resolve("o").toString(), "--rules", pack.toString()},
            new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString().lines()).hasSize(1).allMatch(l -> l.startsWith("rocescope: " + pack + ": "));
    }

    /** The project's default rule pack, rules/default.yaml, found from the working directory up. */
    static Path rules() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve("rules/default.yaml"))) return p.resolve("rules/default.yaml");
        }
        throw new IllegalStateException("rules/default.yaml not found");
    }
}
