package io.rocescope.cli;

import org.junit.jupiter.api.Assumptions;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** tshark as the oracle: tests that need it skip cleanly when it is not installed. */
final class Tshark {
    private Tshark() {}

    static boolean installed() {
        return Stream.of(System.getenv("PATH").split(":")).anyMatch(p -> Files.isExecutable(Path.of(p, "tshark")));
    }

    static void assume() { Assumptions.assumeTrue(installed(), "tshark is not installed"); }

    /** tshark's standard output for these arguments (-n added: no name resolution); fails when it exits non-zero. */
    static String run(String... args) {
        List<String> cmd = new ArrayList<>(List.of("tshark", "-n"));
        cmd.addAll(List.of(args));
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) throw new AssertionError("tshark failed: " + cmd);
            return out;
        } catch (IOException | InterruptedException e) {
            throw new AssertionError("tshark could not run: " + cmd, e);
        }
    }
}
