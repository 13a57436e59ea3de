package io.rocescope.cli;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * -2 -R: the same frames as tshark 4.0's two passes select, numbered as tshark numbers them (1, 2, 3 … over
 * the kept frames), with their times relative to the capture's first frame, -Y on top of them, and -c
 * counted as tshark's first pass counts it.
 */
class TwoPassReadFilterTest {
    private static final String[] FIELDS = {"-T", "fields", "-e", "frame.number", "-e", "frame.time_relative", "-e", "frame.len", "-e", "ip.src"};

    private static String[] args(String file, String... more) {
        List<String> a = new ArrayList<>(List.of(more));
        a.addAll(List.of(FIELDS));
        a.add("-r");
        a.add(file);
        return a.toArray(String[]::new);
    }

    @Test
    void theFramesAndTheirNumbersAreTsharks() {
        Tshark.assume();
        String[][] cases = {
            {"send_bw_rc", "-2", "-R", "ip.src == 10.0.0.2"},
            {"send_bw_rc", "-2", "-R", "tcp"},
            {"send_bw_rc", "-2", "-R", "udp", "-Y", "frame.number <= 10 || frame.number > 400"},
            {"send_bw_rc", "-2", "-R", "tcp.len > 0", "-c", "7"},
            {"send_bw_rc", "-2", "-R", "tcp", "-c", "4"},
            {"rping", "-2", "-R", "infiniband.bth.opcode == 4 || infiniband.bth.opcode == 17"},
            {"send_bw_ipv6", "-2", "-R", "ipv6 && !icmpv6"},
            {"send_bw_loss2pct", "-2", "-R", "infiniband.aeth"},
            {"cm_reject_no_listener", "-2", "-R", "frame.len == 1"},
        };
        for (String[] c : cases) {
            String file = TestCaptures.file(c[0]).toString();
            String[] flags = java.util.Arrays.copyOfRange(c, 1, c.length);
            String expected = Tshark.run(args(file, flags));
            CliRunner ours = CliRunner.run(prepend("dissect", args(file, flags)));
            assertThat(ours.exit()).as(String.join(" ", c)).isZero();
            assertThat(ours.out()).as(String.join(" ", c)).isEqualTo(expected);
        }
        String erf = TestCaptures.dir().resolve("external/srinivaskoritala_rdma-softroce-demo__infiniband.pcap").toString();
        assertThat(CliRunner.run(prepend("dissect", args(erf, "-2", "-R", "infiniband.bth.destqp == 1"))).out())
            .isEqualTo(Tshark.run(args(erf, "-2", "-R", "infiniband.bth.destqp == 1"))).isNotEmpty();
    }

    @Test
    void statisticsAndWrittenFilesSeeOnlyTheKeptFrames(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) {
        Tshark.assume();
        String file = TestCaptures.file("send_bw_loss2pct").toString();
        String ours = CliRunner.run("dissect", "-2", "-R", "ip.src == 10.0.0.2", "-q", "-z", "conv,udp", file).out();
        String theirs = Tshark.run("-r", file, "-2", "-R", "ip.src == 10.0.0.2", "-q", "-z", "conv,udp");
        assertThat(rows(ours)).isEqualTo(rows(theirs)).isNotEmpty();
        String written = tmp.resolve("kept.pcap").toString();
        assertThat(CliRunner.run("dissect", "-2", "-R", "infiniband.aeth", "-w", written, file).exit()).isZero();
        assertThat(Tshark.run("-r", written, "-T", "fields", "-e", "frame.len"))
            .isEqualTo(Tshark.run("-r", file, "-2", "-R", "infiniband.aeth", "-T", "fields", "-e", "frame.len"));
    }

    @Test
    void aReadFilterWithoutTwoPassesOrOnStandardInputIsOneLineAndExitTwo() {
        String file = TestCaptures.file("rping").toString();
        for (String[] a : new String[][] {{"dissect", "-R", "udp", file}, {"dissect", "-2", "-R", "udp", "-"}, {"dissect", "-2", "-R", "udp ==", file}}) {
            CliRunner r = CliRunner.run(a);
            assertThat(r.exit()).as(String.join(" ", a)).isEqualTo(2);
            assertThat(r.err()).doesNotContain("Exception");
        }
    }

    private static List<String> rows(String convOutput) {
        return convOutput.lines().filter(l -> l.contains("<->") && !l.contains("|")).map(l -> l.trim().replaceAll("\\s+", " ")).sorted().toList();
    }

    private static String[] prepend(String first, String[] rest) {
        String[] a = new String[rest.length + 1];
        a[0] = first;
        System.arraycopy(rest, 0, a, 1, rest.length);
        return a;
    }
}
