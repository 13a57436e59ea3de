package io.rocescope.flow;

import io.rocescope.dissector.field.ksy.Ipv4PacketKsy;

import java.util.Arrays;

/**
 * One flow as the lossless fabric sees it: the traffic classes (VLAN ID, PCP, DSCP) its packets rode,
 * their ECN codepoints, the UDP source ports it used (ECMP entropy), the CNPs that came back to its
 * sender, its rate in blocks of packets (what the DCQCN watch compares), and the PFC pauses that stalled
 * it. A capture may hold millions of flows of a few packets, nearly all on one class and one port: those
 * sit inline; everything else is made on first use, in {@link Extras}.
 */
final class FabricProfile {
    /** Most distinct UDP source ports kept per flow; beyond it the count says "at least". */
    static final int MAX_PORTS = 64;

    /** ECN codepoints of its packets (CE marks are the flow's own {@code ceMarked}). */
    long notEct, ect0, ect1;
    long firstNotEctFrame = -1;
    /** The first class ({@link ClassCounts#key}) and its packets, while the flow has only one. */
    private int firstClass = Integer.MIN_VALUE;
    private long firstClassCount;
    private int firstPort = -1, portCount;
    private Extras x;

    /** What only some flows need. */
    static final class Extras {
        /** Every class, once there is more than one; the first packet on the second. */
        ClassCounts classes;
        long classChangeFrame = -1;
        int[] ports;
        boolean portsCapped;
        /** The rate window being filled: its start, its bytes and packets. */
        long blockStartTs, blockBytes;
        int blockPackets;
        /** The last complete block's rate (bytes per ns, NaN before one). */
        double lastRate = Double.NaN;
        ClassCounts cnpClasses;
        int cnpTargetQp = -1;
        CeAnswers ceAnswers;
        DcqcnWatch dcqcn;
        /** PFC pauses on its priority during which it sent nothing: count, paused ns, first frame after one. */
        long stalls, stalledNanos, firstStallFrame = -1;
    }

    private Extras x() { return x == null ? x = new Extras() : x; }
    Extras extrasOrNull() { return x; }

    void onPacket(PacketView v, long packets, FabricOptions o) {
        int k = ClassCounts.key(v.vlanId, v.pcp, v.dscp);
        if (x != null && x.classes != null) x.classes.add(v.vlanId, v.pcp, v.dscp);
        else if (firstClass == k) firstClassCount++;
        else if (firstClass == Integer.MIN_VALUE) { firstClass = k; firstClassCount = 1; }
        else {
            ClassCounts c = x().classes = new ClassCounts();
            c.addKey(firstClass, firstClassCount);
            c.add(v.vlanId, v.pcp, v.dscp);
            x.classChangeFrame = v.frame;
        }
        switch (v.ecn) {
            case Ipv4PacketKsy.ECN_NOT_ECT -> { if (notEct++ == 0) firstNotEctFrame = v.frame; }
            case Ipv4PacketKsy.ECN_ECT_1 -> ect1++;
            case Ipv4PacketKsy.ECN_ECT_0 -> ect0++;
            default -> { }
        }
        if (v.udpSrcPort >= 0) port(v.udpSrcPort);
        // a flow of one packet has no rate: its block starts with the second
        if (packets >= 2) block(v.ts, v.length, o);
    }

    /** The classes seen (a copy of the inline one while there is only one). */
    ClassCounts classes() {
        if (x != null && x.classes != null) return x.classes;
        ClassCounts c = new ClassCounts();
        if (firstClass != Integer.MIN_VALUE) c.addKey(firstClass, firstClassCount);
        return c;
    }

    /** The classes when there is more than one, else null (no copy is made of the inline one). */
    ClassCounts severalClassesOrNull() { return x == null ? null : x.classes; }

    /** {@link ClassCounts#dominant} of the classes seen, without a copy of the inline one. */
    int dominant(int dimension) {
        if (x != null && x.classes != null) return x.classes.dominant(dimension);
        if (firstClass == Integer.MIN_VALUE) return -1;
        int v = dimension == 0 ? ClassCounts.vlanId(firstClass) : dimension == 1 ? ClassCounts.pcp(firstClass) : ClassCounts.dscp(firstClass);
        return v >= 0 && firstClassCount > 0 ? v : -1;
    }

    long classChangeFrame() { return x == null ? -1 : x.classChangeFrame; }

    private void port(int p) {
        if (p == firstPort) return;
        if (firstPort < 0) { firstPort = p; portCount = 1; return; }
        Extras e = x();
        for (int i = 0; i < portCount - 1; i++) if (e.ports[i] == p) return;
        if (portCount >= MAX_PORTS) { e.portsCapped = true; return; }
        if (e.ports == null) e.ports = new int[2];
        else if (portCount - 1 == e.ports.length) e.ports = Arrays.copyOf(e.ports, Math.min(MAX_PORTS, e.ports.length * 2));
        e.ports[portCount++ - 1] = p;
    }

    int distinctPorts() { return portCount; }
    boolean portsCapped() { return x != null && x.portsCapped; }

    /** The ports seen, smallest first (at most {@link #MAX_PORTS}). */
    int[] ports() {
        if (portCount == 0) return new int[0];
        int[] out = new int[portCount];
        out[0] = firstPort;
        if (portCount > 1) System.arraycopy(x.ports, 0, out, 1, portCount - 1);
        Arrays.sort(out);
        return out;
    }

    /**
     * Rate samples: bytes per window of {@link FabricOptions#rateWindowNanos}, the windows laid from the
     * flow's second packet on; a window the flow sent nothing in is skipped.
     */
    private void block(long ts, long length, FabricOptions o) {
        Extras e = x();
        long w = o.rateWindowNanos();
        if (e.blockPackets == 0) { e.blockStartTs = ts; e.blockBytes = length; e.blockPackets = 1; return; }
        if (ts < e.blockStartTs + w) { e.blockBytes += length; e.blockPackets++; return; }
        double rate = (double) e.blockBytes / w;
        if (e.dcqcn != null) e.dcqcn.onBlock(e.blockStartTs, e.blockStartTs + w, rate, o);
        e.lastRate = rate;
        e.blockStartTs += Math.max(1, (ts - e.blockStartTs) / w) * w;
        e.blockBytes = length;
        e.blockPackets = 1;
    }

    void onCnp(PacketView v, FabricOptions o) {
        Extras e = x();
        if (e.cnpClasses == null) e.cnpClasses = new ClassCounts();
        e.cnpClasses.add(v.vlanId, v.pcp, v.dscp);
        e.cnpTargetQp = v.destQp;
        if (e.ceAnswers != null) e.ceAnswers.onCnp(v.ts, o.ceAnswerNanos());
        else e.ceAnswers = CeAnswers.afterCnp(v.ts);
        if (e.dcqcn == null) e.dcqcn = new DcqcnWatch();
        e.dcqcn.onCnp(v.ts, v.frame, e.lastRate, o);
    }

    void onCe(long ts, long frame, long seq, FabricOptions o) {
        Extras e = x();
        if (e.ceAnswers == null) e.ceAnswers = new CeAnswers();
        e.ceAnswers.onCe(ts, frame, seq, o.ceAnswerNanos());
    }

    long stalls() { return x == null ? 0 : x.stalls; }

    void stalled(long pausedNanos, long frame) {
        Extras e = x();
        if (e.stalls++ == 0) e.firstStallFrame = frame;
        e.stalledNanos += pausedNanos;
    }

    void finish(FabricOptions o) {
        if (x == null) return;
        if (x.ceAnswers != null) x.ceAnswers.finish();
        if (x.dcqcn != null) x.dcqcn.finish(o);
    }
}
