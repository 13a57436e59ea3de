package io.rocescope.cli;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.Tshark;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** ICMP and ICMPv6 decoded with Wireshark's field names and Info text, compared with tshark on real frames. */
class IcmpDecodeTest {
    private static final String[] ICMPV6_FIELDS = {"frame.number", "icmpv6.type", "icmpv6.code", "icmpv6.checksum",
        "icmpv6.nd.ns.target_address", "icmpv6.nd.na.target_address", "icmpv6.nd.na.flag", "icmpv6.nd.na.flag.r",
        "icmpv6.nd.na.flag.s", "icmpv6.nd.na.flag.o", "icmpv6.opt.type", "icmpv6.opt.length", "icmpv6.opt.linkaddr",
        "icmpv6.opt.src_linkaddr", "icmpv6.opt.target_linkaddr"};

    private static List<String> ours(Path file, String filter, String... fields) {
        List<String> args = new ArrayList<>(List.of("dissect", "-Y", filter, "-T", "fields"));
        for (String f : fields) { args.add("-e"); args.add(f); }
        args.add(file.toString());
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertThat(r.exit()).isZero();
        return List.of(r.lines());
    }

    private static List<String> tshark(Path file, String filter, String... fields) {
        return Tshark.fields(file, filter, fields).stream().map(row -> String.join("\t", row)).toList();
    }

    @Test
    void neighborDiscoveryOfTheIpv6CaptureAsTsharkDecodesIt() {
        Assumptions.assumeTrue(Tshark.available(), "tshark is not installed");
        Path file = TestCaptures.file("send_bw_ipv6");
        List<String> expected = tshark(file, "icmpv6", ICMPV6_FIELDS);
        assertThat(expected).hasSize(4);   // two Neighbor Solicitations, two Advertisements
        assertThat(ours(file, "icmpv6", ICMPV6_FIELDS)).containsExactlyElementsOf(expected);
        assertSameColumns(file, "icmpv6");
    }

    /** Our one-line view ends with tshark's Protocol, Length and Info columns, frame by frame. */
    private static void assertSameColumns(Path file, String filter) {
        List<String[]> expected = Tshark.fields(file, filter, "frame.number", "_ws.col.Protocol", "frame.len", "_ws.col.Info");
        CliRunner r = CliRunner.run("dissect", "-Y", filter, file.toString());
        assertThat(r.lines()).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            String[] t = expected.get(i);
            assertThat(r.lines()[i]).startsWith(String.format("%5s ", t[0])).endsWith(" " + t[1] + " " + t[2] + " " + t[3]);
        }
    }

    @Test
    void portUnreachableCapturedOnLoopbackAsTsharkDecodesIt(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(CaptureCommandTest.canCaptureOnLoopback(), "live capture needs root (or CAP_NET_RAW) and libpcap");
        Assumptions.assumeTrue(Tshark.available(), "tshark is not installed");
        int port;
        try (DatagramSocket probe = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();   // free now, closed below: the kernel answers Port unreachable
        }
        Path file = dir.resolve("icmp.pcap");
        // only the answer to this test's datagrams: the quoted UDP header's destination port is 30 bytes in
        String bpf = "icmp and icmp[0] == 3 and icmp[30:2] == " + port;
        CompletableFuture<CliRunner> capture = CompletableFuture.supplyAsync(() ->
            CliRunner.run("capture", "-i", "lo", "-f", bpf, "-c", "1", "-a", "15", "-w", file.toString()));
        try (DatagramSocket sender = new DatagramSocket()) {
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (!capture.isDone() && System.nanoTime() < end) {
                byte[] hello = "hello".getBytes();
                sender.send(new DatagramPacket(hello, hello.length, InetAddress.getLoopbackAddress(), port));
                Thread.sleep(200);
            }
        }
        assertThat(capture.get(20, TimeUnit.SECONDS).exit()).isZero();
        assertThat(Files.size(file)).isGreaterThan(24);
        String[] fields = {"frame.number", "icmp.type", "icmp.code", "icmp.checksum"};
        List<String> expected = tshark(file, "icmp", fields);
        assertThat(expected).hasSize(1);
        assertThat(Tshark.fields(file, null, "_ws.col.Info").get(0)[0]).isEqualTo("Destination unreachable (Port unreachable)");
        assertThat(ours(file, "icmp", fields)).containsExactlyElementsOf(expected);
        assertSameColumns(file, "icmp");
    }
}
