package io.rocescope.synth;

import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.encode.PcapWriter;

import java.io.IOException;
import java.util.Random;

import static io.rocescope.dissector.field.ksy.EthernetFrameLayout.FCS_SIZE;
import static io.rocescope.dissector.field.ksy.EthernetFrameLayout.INTER_FRAME_GAP;
import static io.rocescope.dissector.field.ksy.EthernetFrameLayout.MIN_FRAME_SIZE;
import static io.rocescope.dissector.field.ksy.EthernetFrameLayout.PREAMBLE_SFD_SIZE;
import static io.rocescope.dissector.field.ksy.Ipv4PacketKsy.ECN_ECT_0;

/**
 * The running state of a synthesis: the writer, the clock (frames take their serialization time at the
 * link speed), frame numbers, the seeded random source and the ground truth being written down.
 */
final class Synth {
    final PcapWriter out;
    final Random random;
    final Truth truth = new Truth();
    final double linkGbps;
    /** Path MTU of every connection (256 … 4096). */
    int mtu = 1024;
    /** Connections asked for (--qps), 0 for the scenario's own number. */
    int qps;
    long now = 1_767_225_600_000_000_000L;   // 2026-01-01T00:00:00Z
    long frame;

    Synth(PcapWriter out, long seed, double linkGbps) {
        this.out = out;
        this.random = new Random(seed);
        this.linkGbps = linkGbps;
        truth.seed = seed;
    }

    /** Writes a frame at the current time; returns its frame number. */
    long emit(byte[] f) throws IOException {
        out.write(now, f);
        now += Math.round(wireBytes(f.length) * 8 / linkGbps);
        truth.frames = ++frame;
        return frame;
    }

    void advance(long nanos) { now += nanos; }

    /**
     * What a frame of {@code captured} bytes (as a capture keeps it: no FCS) occupies on the wire: the preamble and
     * SFD, the frame padded to Ethernet's minimum, its FCS, the inter-frame gap (IEEE 802.3 clause 4).
     */
    static long wireBytes(int captured) {
        return PREAMBLE_SFD_SIZE + Math.max(captured, MIN_FRAME_SIZE) + FCS_SIZE + INTER_FRAME_GAP;
    }

    /** Hosts: index i gets MAC 02:00:0a:00:00:i and 10.0.0.i (or fd00::i; VLAN hosts 10.0.vlan.i). */
    static byte[] mac(int i) { return new byte[] {2, 0, 10, 0, (byte) (i >> 8), (byte) i}; }

    static byte[] ipv4(int i) { return new byte[] {10, 0, (byte) (i >> 8), (byte) i}; }

    static byte[] ipv6(int i) {
        byte[] a = new byte[io.rocescope.dissector.field.ksy.Ipv6PacketLayout.LEN_SRC_ADDR];
        a[0] = (byte) 0xfd;   // a unique local address
        a[a.length - 2] = (byte) (i >> 8);
        a[a.length - 1] = (byte) i;
        return a;
    }

    Net net(int from, int to, boolean v6, int vlan, int pcp) {
        return new Net(mac(from), mac(to), v6 ? ipv6(from) : ipv4(from), v6 ? ipv6(to) : ipv4(to), vlan, pcp,
            0xC000 | random.nextInt(0x4000), ECN_ECT_0);
    }
}
