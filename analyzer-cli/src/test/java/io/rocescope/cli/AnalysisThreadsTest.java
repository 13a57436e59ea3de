package io.rocescope.cli;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every analysis command prints byte for byte what one thread prints, for --threads 1 to 4 (decoding workers)
 * and with the tracker sharded too (--tracker-threads 2 to 5 beside them), on every real capture (the shared ones
 * and the project's samples) and on synthesized ones with many connections at once (bulk: eight connections
 * interleaved; distinct-qps: a new QP pair after another).
 */
class AnalysisThreadsTest {
    private static final List<List<String>> COMMANDS = List.of(List.of("flows"), List.of("flows", "-T", "json"),
        List.of("expert"), List.of("expert", "-T", "json"), List.of("check"), List.of("stats"), List.of("stats", "-T", "json"));

    @TempDir
    static Path dir;

    @TestFactory
    Stream<DynamicTest> analysisDoesNotDependOnThreads() {
        List<Path> captures = new ArrayList<>(TestCaptures.all());
        captures.addAll(TestCaptures.samples());
        captures.add(synth("bulk", "--packets", "50000"));
        captures.add(synth("distinct-qps", "--qps", "1000"));
        return captures.stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            for (List<String> command : COMMANDS) {
                CliRunner one = run(command, p, "0");
                assertThat(one.err()).as("%s on %s", command, p.getFileName()).doesNotContain("Exception");
                for (int threads = 1; threads <= 4; threads++) {
                    for (int shards : new int[] {1, threads + 1}) {
                        CliRunner more = run(command, p, Integer.toString(threads), "--tracker-threads", Integer.toString(shards));
                        String as = String.format("%s --threads %d --tracker-threads %d on %s", command, threads, shards, p.getFileName());
                        assertThat(more.out()).as(as).isEqualTo(one.out());
                        assertThat(more.err()).as(as).isEqualTo(one.err());
                        assertThat(more.exit()).as(as).isEqualTo(one.exit());
                    }
                }
            }
        }));
    }

    private static Path synth(String scenario, String... args) {
        Path out = dir.resolve(scenario + ".pcap");
        List<String> a = new ArrayList<>(List.of("synth", scenario, "--seed", "1", "-o", out.toString()));
        a.addAll(List.of(args));
        CliRunner r = CliRunner.run(a.toArray(String[]::new));
        assertThat(r.exit()).as("synth %s: %s", scenario, r.err()).isZero();
        return out;
    }

    private static CliRunner run(List<String> command, Path capture, String threads, String... more) {
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of("--threads", threads));
        args.addAll(List.of(more));
        args.add(capture.toString());
        return CliRunner.run(args.toArray(String[]::new));
    }
}
