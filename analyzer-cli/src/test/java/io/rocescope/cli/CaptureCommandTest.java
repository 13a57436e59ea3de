package io.rocescope.cli;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Live capture on loopback only (never another address): RoCEv2 datagrams sent to 127.0.0.1:4791 are
 * captured, decoded and written. Needs root (or CAP_NET_RAW) and libpcap; skipped without them.
 */
class CaptureCommandTest {

    /** Whether this process may capture on loopback (root or CAP_NET_RAW, and libpcap). */
    static boolean canCaptureOnLoopback() {
        try {
            var nif = org.pcap4j.core.Pcaps.getDevByName("lo");
            if (nif == null) return false;
            nif.openLive(64, org.pcap4j.core.PcapNetworkInterface.PromiscuousMode.NONPROMISCUOUS, 10).close();
            return true;
        } catch (Throwable t) {
            return false;
        }
    }

    /** A SEND Only to QP 0x11 with PSN {@code psn} (the ICRC is not computed: loopback's IP ID is the kernel's). */
    private static byte[] sendOnly(int psn) {
        byte[] p = new byte[12 + 32 + 4];
        p[0] = 0x04;
        p[2] = (byte) 0xFF;
        p[3] = (byte) 0xFF;
        p[7] = 0x11;
        p[8] = (byte) 0x80;
        p[11] = (byte) psn;
        return p;
    }

    /** Runs the capture, and sends datagrams every 100 ms until it ends (at most 10 s). */
    private static CliRunner captureWhileSending(String... args) throws Exception {
        CompletableFuture<CliRunner> run = CompletableFuture.supplyAsync(() -> CliRunner.run(args));
        try (DatagramSocket receiver = new DatagramSocket(4791, InetAddress.getLoopbackAddress());
             DatagramSocket sender = new DatagramSocket()) {
            int psn = 1;
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (!run.isDone() && System.nanoTime() < end) {
                byte[] p = sendOnly(psn++);
                sender.send(new DatagramPacket(p, p.length, InetAddress.getLoopbackAddress(), 4791));
                Thread.sleep(100);
            }
        }
        return run.get(15, TimeUnit.SECONDS);
    }

    @Test
    void capturesDecodesAndWritesRoceOnLoopback(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(canCaptureOnLoopback(), "live capture needs root (or CAP_NET_RAW) and libpcap");
        CliRunner live = captureWhileSending("capture", "-i", "lo", "-f", "udp dst port 4791", "-c", "3", "-a", "10");
        assertThat(live.exit()).isZero();
        assertThat(live.lines()).hasSize(3).allMatch(l -> l.contains("127.0.0.1 → 127.0.0.1") && l.contains("RRoCE")
            && l.contains("RC SEND Only QP=0x000011"));
        Path file = dir.resolve("live.pcap");
        CliRunner written = captureWhileSending("capture", "-i", "lo", "-f", "udp dst port 4791", "-c", "2", "-w", file.toString());
        assertThat(written.exit()).isZero();
        CliRunner read = CliRunner.run("dissect", file.toString());
        assertThat(read.lines()).hasSize(2).allMatch(l -> l.contains("RC SEND Only QP=0x000011"));
    }

    @Test
    void listsInterfacesAndRefusesUnknownOnes() {
        Assumptions.assumeTrue(canCaptureOnLoopback(), "live capture needs root (or CAP_NET_RAW) and libpcap");
        assertThat(CliRunner.run("capture", "-D").out()).contains(". lo");
        CliRunner bad = CliRunner.run("capture", "-i", "no-such-if0");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).startsWith("rocescope: no interface named 'no-such-if0'");
        assertThat(CliRunner.run("capture").exit()).isEqualTo(2);
    }

    /** The CLI in a JVM of its own (a pipeline needs real processes and file descriptors). */
    private static ProcessBuilder cli(String... args) {
        java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
            RoceScope.class.getName()));
        cmd.addAll(java.util.List.of(args));
        return new ProcessBuilder(cmd);
    }

    @Test
    void capturesToStandardOutputForAPipeline() throws Exception {
        Assumptions.assumeTrue(canCaptureOnLoopback(), "live capture needs root (or CAP_NET_RAW) and libpcap");
        // a port of this test's own, so that other loopback traffic (other tests on 4791) is not captured
        try (DatagramSocket receiver = new DatagramSocket(0, InetAddress.getLoopbackAddress());
             DatagramSocket sender = new DatagramSocket()) {
            int port = receiver.getLocalPort();
            ProcessBuilder capture = cli("capture", "-i", "lo", "-f", "udp dst port " + port, "-c", "5", "-a", "20", "-w", "-")
                .redirectError(ProcessBuilder.Redirect.INHERIT);
            ProcessBuilder flows = cli("flows", "--port", Integer.toString(port), "-")
                .redirectError(ProcessBuilder.Redirect.INHERIT);
            java.util.List<Process> pipeline = ProcessBuilder.startPipeline(java.util.List.of(capture, flows));
            Process last = pipeline.get(1);
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> {
                try {
                    return new String(last.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            int psn = 1;
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (pipeline.get(0).isAlive() && System.nanoTime() < end) {
                byte[] p = sendOnly(psn++);
                sender.send(new DatagramPacket(p, p.length, InetAddress.getLoopbackAddress(), port));
                Thread.sleep(100);
            }
            assertThat(pipeline.get(0).waitFor(20, TimeUnit.SECONDS)).isTrue();
            assertThat(last.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(pipeline.get(0).exitValue()).isZero();
            assertThat(last.exitValue()).isZero();
            // -c 5: five of the SEND Only packets sent (one message each), on one direction of one connection;
            // the first captured is one this test sent (sending starts before the capture's JVM is up)
            String text = out.get();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("A→B +5 pkts +450 B +5 msgs +first PSN (\\d+)").matcher(text);
            assertThat(m.find()).as(text).isTrue();
            assertThat(Integer.parseInt(m.group(1))).isBetween(1, psn - 5);
            assertThat(text).contains("1 connections, 1 flows");
        }
    }
}
