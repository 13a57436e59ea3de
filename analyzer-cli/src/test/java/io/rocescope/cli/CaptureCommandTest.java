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

    private static boolean canCaptureOnLoopback() {
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
}
