package io.rocescope.cli;

import io.rocescope.synth.Synthesizer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bounded memory, as a user runs it: 100,000 distinct QPs through {@code stats} and {@code flows} in a
 * JVM of its own with a 256 MB heap and the launcher's options, the default --max-flows. Before the
 * flow state was made small, 50,000 flows of about 5 kB each did not fit and the run died.
 */
class BoundedFlowTableTest {
    static final int CONNECTIONS = 100_000;

    @TempDir
    static Path dir;

    @Test
    void hundredThousandQpsFitA256MegabyteHeapAndTheEvictionIsReported() throws Exception {
        Path file = dir.resolve("distinct-qps.pcap");
        try (OutputStream os = Files.newOutputStream(file)) {
            Synthesizer.write("distinct-qps", os, 1, 0, 100, 1024, CONNECTIONS);
        }
        // each connection: a SEND Only one way and its ACK the other, two flows; the table keeps 50,000
        long flows = 2L * CONNECTIONS, evicted = flows - 50_000;
        Run stats = fork("stats", file);
        assertThat(stats.exit).as(stats.err).isZero();
        assertThat(stats.out).contains("Connections       " + CONNECTIONS + " (" + flows + " flows)")
            .contains("Flow table full (--max-flows 50000): " + evicted + " flows evicted");
        Run json = fork("flows", "-T", "json", file);
        assertThat(json.exit).as(json.err).isZero();
        assertThat(json.err).contains("rocescope: warning: Flow table full (--max-flows 50000): " + evicted + " flows evicted");
        assertThat(new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.out).isArray()).isTrue();
    }

    private record Run(int exit, String out, String err) {}

    private static Run fork(Object... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
            RoceScope.class.getName()));
        for (Object a : args) cmd.add(a.toString());
        Path out = dir.resolve("out.txt"), err = dir.resolve("err.txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(10, TimeUnit.MINUTES)) { p.destroyForcibly(); throw new AssertionError("did not finish"); }
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }
}
