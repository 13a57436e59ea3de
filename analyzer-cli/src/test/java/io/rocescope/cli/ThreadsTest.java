package io.rocescope.cli;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every command prints the same whatever the number of decoding threads, on every capture: the
 * parallel path (summary decode on workers, perftest frames in order, the tracker fed with views)
 * is the sequential one, only faster.
 */
class ThreadsTest {
    private static final List<List<String>> COMMANDS = List.of(
        List.of("dissect"), List.of("dissect", "-T", "fields", "-e", "frame.number", "-e", "ip.ttl", "-e", "infiniband.bth.psn",
            "-e", "infiniband.icrc.status", "-e", "perftest.key.qpn"),
        List.of("dissect", "-Y", "infiniband.bth.a == 1 || tcp"), List.of("dissect", "-q"), List.of("dissect", "-T", "json"),
        List.of("flows", "-T", "json"), List.of("timeline", "-T", "json"), List.of("expert", "-T", "json"), List.of("stats"));

    @TestFactory
    Stream<DynamicTest> outputDoesNotDependOnThreads() {
        return TestCaptures.all().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            for (List<String> command : COMMANDS) {
                CliRunner one = run(command, p, "0");
                assertThat(one.exit()).as("%s", command).isZero();
                CliRunner two = run(command, p, "3");
                assertThat(two.out()).as("%s on %s", command, p.getFileName()).isEqualTo(one.out());
                assertThat(two.err()).as("%s on %s", command, p.getFileName()).isEqualTo(one.err());
            }
        }));
    }

    private static CliRunner run(List<String> command, Path capture, String threads) {
        String[] args = Stream.concat(command.stream(), Stream.of("--threads", threads, capture.toString())).toArray(String[]::new);
        return CliRunner.run(args);
    }

    @Test
    void detailFieldsNamedByAFilterOrByDashEAreDecoded() {
        String capture = TestCaptures.file("send_bw_vlan100").toString();
        CliRunner ttl = CliRunner.run("dissect", "-Y", "ip.ttl == 64 && vlan.id == 100", "-T", "fields", "-e", "ip.ttl", "-e", "vlan.id", capture);
        assertThat(ttl.exit()).isZero();
        assertThat(ttl.lines()).isNotEmpty().containsOnly("64\t100");
        CliRunner none = CliRunner.run("dissect", "-Y", "ip.ttl == 63", capture);
        assertThat(none.out()).isEmpty();
    }

    @Test
    void aReaderThatGoesAwayEndsTheRunQuietlyWith141() {
        for (String[] args : new String[][] {{"dissect", "--threads", "2"}, {"dissect", "-V"}, {"expert", "-T", "json"}}) {
            // what `rocescope dissect big.pcap | head` does to standard output after a few lines
            java.io.OutputStream closing = new java.io.OutputStream() {
                private int written;
                @Override public void write(int b) throws java.io.IOException { write(new byte[] {(byte) b}, 0, 1); }
                @Override public void write(byte[] b, int off, int len) throws java.io.IOException {
                    written += len;
                    if (written > 1000) throw new StandardOutput.Closed(new java.io.IOException("Broken pipe"));
                }
            };
            java.io.StringWriter err = new java.io.StringWriter();
            String[] full = java.util.Arrays.copyOf(args, args.length + 1);
            full[args.length] = TestCaptures.file("send_bw_loss2pct").toString();
            int code = RoceScope.run(full, closing, new java.io.PrintWriter(err));
            assertThat(code).as(String.join(" ", args)).isEqualTo(RoceScope.EXIT_PIPE);
            assertThat(err.toString()).as(String.join(" ", args)).isEmpty();
        }
    }

    @Test
    void badThreadCountsAreRefusedInOneLine() {
        CliRunner r = CliRunner.run("dissect", "--threads", "-1", TestCaptures.file("rping").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).startsWith("rocescope: --threads must be between 0 and 256");
    }
}
