package io.rocescope.flow;

import io.rocescope.dissector.field.ksy.Ipv4PacketKsy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The lossless-fabric view of a capture, fed by small hooks in {@link FlowTracker}: every frame into the
 * {@link PriorityTable}, every RoCE data packet into its flow's {@link FabricProfile}, CNPs to the flow
 * they throttle, PFC frames into {@link PauseWindows}. Its findings: priorities that differ between the
 * directions of a connection or change within one, VLAN IDs that differ, Not-ECT RoCE where the capture
 * shows ECN in use, CE marks no CNP answers, CNPs off their expected class, senders that keep their rate
 * through CNPs, PFC pausing a priority that carries other traffic, and RoCE on a priority PFC never pauses
 * while another is paused.
 */
final class FabricWatch {
    private final FabricOptions o;
    final PriorityTable table = new PriorityTable();
    private final PauseWindows pauses;
    /** The capture shows ECN in use: an ECT or CE RoCE packet, or a CNP. */
    private boolean ecnInUse;

    FabricWatch(TrackerOptions options) {
        this.o = options.fabric();
        this.pauses = new PauseWindows(options.linkGbps());
    }

    FabricOptions options() { return o; }

    void onFrame(PacketView v) {
        table.count(v);
    }

    void onPause(int prio, int quanta, long ts) {
        pauses.onPause(prio, quanta, ts);
    }

    /**
     * A RoCE data packet (requests, responses, ACKs; not CNPs or CM MADs), after {@code f} counted it. Changes only
     * {@code f}'s connection; what it changes beyond goes to {@code wide}, so that a tracker shard can call it (the
     * pauses it reads change only at PFC frames, which every shard has finished before).
     */
    void onData(Flow f, PacketView v, CaptureWide wide) {
        FabricProfile p = f.fabric;
        p.onPacket(v, f.packets, o);
        if (v.ecn > Ipv4PacketKsy.ECN_NOT_ECT) wide.ecnInUse();   // ECT or CE (-1: no IP header)
        if (v.ecn == Ipv4PacketKsy.ECN_CE) p.onCe(v.ts, v.frame, f.packets, o);
        int prio = PriorityTable.pfcPriority(v.pcp, v.dscp);
        if (prio < 0) return;
        if (f.packets > 1) {
            long stalled = pauses.stalledBetween(prio, f.prevTs, v.ts);
            if (stalled > 0) {
                Flow peer = f.peer();
                boolean first = p.stalls() == 0 && (peer == null || peer.fabric.stalls() == 0);
                p.stalled(stalled, v.frame);
                if (first && f.connection != null) wide.stalled(prio, f.connection.id, v.frame);
            }
        }
        if (!pauses.paused(prio, v.ts)) {
            int other = pauses.otherPaused(prio, v.ts);
            if (other >= 0) wide.roceWhileOtherPaused(prio, other, v.frame);
        }
    }

    void ecnInUse() { ecnInUse = true; }

    /** A CNP; {@code throttled} is the flow of the sender it names (null when no flow sends from that QP). */
    void onCnp(Flow throttled, PacketView v) {
        ecnInUse = true;
        if (throttled != null) throttled.fabric.onCnp(v, o);
    }

    // ---- findings ----

    void flowFindings(Flow fl, Findings findings, Supplier<String> where) {
        FabricProfile p = fl.fabric;
        p.finish(o);
        FabricProfile.Extras x = p.extrasOrNull();
        ClassCounts c = p.severalClassesOrNull();   // one class (nearly every flow) cannot have changed priority
        if (c != null && (c.severalValues(1) || c.severalValues(2))) {
            Map<Integer, Long> pcps = c.values(1), dscps = c.values(2);
            findings.add(FindingKind.ROCE_PRIORITY_CHANGE, fl.connection.id, where.get(), "The flow's RoCE packets changed priority: "
                + classes(pcps, dscps) + "; PFC and ECN treat the packets of one QP differently, and they can be reordered",
                p.classChangeFrame());
        }
        // RoCE data: a flow of ACKs only is left to the metric (ecn_not_ect_fraction)
        if (ecnInUse && p.notEct > 0 && (fl.requests > 0 || fl.payloadBytes > 0)) {
            long withIp = p.notEct + p.ect0 + p.ect1 + fl.ceMarked;
            findings.add(FindingKind.ECN_NOT_ECT, fl.connection.id, where.get(), p.notEct + " of " + withIp + " RoCE packets are Not-ECT"
                + " while other traffic in the capture is ECN-capable: switches cannot CE-mark them, so DCQCN cannot slow this sender",
                p.firstNotEctFrame);
        }
        if (x == null) return;
        CeAnswers ce = x.ceAnswers;
        if (ce != null && ce.unanswered > 0) {
            findings.addCounted(FindingKind.CNP_UNANSWERED_CE, fl.connection.id, where.get(), ce.unanswered + " CE-marked packets got no CNP"
                + " back to the sender within " + micros(o.ceAnswerNanos()) + ": the receiver sends no CNPs (DCQCN's notification"
                + " point disabled) or they are lost on the way back", 1, ce.unansweredFrames, null);
        }
        if (x.cnpClasses != null && (o.cnpDscp() >= 0 || o.cnpPcp() >= 0)) {
            long off = 0;
            ClassCounts k = x.cnpClasses;
            for (int i = 0; i < k.combinations(); i++) {
                int d = ClassCounts.dscp(k.key(i)), q = ClassCounts.pcp(k.key(i));
                if ((o.cnpDscp() >= 0 && d != o.cnpDscp()) || (o.cnpPcp() >= 0 && q >= 0 && q != o.cnpPcp())) off += k.count(i);
            }
            if (off > 0) {
                findings.add(FindingKind.CNP_CLASS, fl.connection.id, where.get(), off + " CNPs to this sender rode " + classes(k.values(1), k.values(2))
                    + " where " + expectedCnp() + " was expected: a congested class delays them, and the sender reacts late",
                    fl.cnpFramesOrNull() == null ? 0 : fl.cnpFramesOrNull().first());
            }
        }
        DcqcnWatch d = x.dcqcn;
        if (d != null && d.ignored > 0) {
            findings.addCounted(FindingKind.DCQCN_NO_REACTION, fl.connection.id, where.get(), String.format(java.util.Locale.ROOT,
                "The sender kept its rate (%.2f Gb/s) through %d CNPs from frame %d%s: it does not slow down when notified"
                    + " (DCQCN disabled on its NIC, or the CNPs do not reach it)", gbps(d.firstIgnoredRate), d.firstIgnoredCnps,
                d.firstIgnoredFrame, d.ignored > 1 ? " (" + d.ignored + " such episodes)" : ""), d.ignored, d.firstIgnoredFrame);
        }
    }

    /** Findings of both directions together: called once per connection, after its flows' findings. */
    void connectionFindings(Connection c, Findings findings) {
        if (c.ab == null || c.ba == null || c.ab.packets == 0 || c.ba.packets == 0) return;
        FabricProfile fx = c.ab.fabric, fy = c.ba.fabric;
        int px = fx.dominant(1), py = fy.dominant(1), dx = fx.dominant(2), dy = fy.dominant(2);
        if ((px >= 0 && py >= 0 && px != py) || (dx >= 0 && dy >= 0 && dx != dy)) {
            ClassCounts x = fx.classes(), y = fy.classes();
            findings.add(FindingKind.ROCE_PRIORITY_MISMATCH, c.id, c.describe(), "The two directions ride different priorities:"
                + " A→B " + classes(x.values(1), x.values(2)) + ", B→A " + classes(y.values(1), y.values(2))
                + "; PFC protects one of them only, or a switch maps them to different queues", c.ab.firstFrame, c.ba.firstFrame);
        }
        int vx = fx.dominant(0), vy = fy.dominant(0);
        if ((vx >= 0) != (vy >= 0) || vx != vy) {
            findings.add(FindingKind.VLAN_MISMATCH, c.id, c.describe(), "The two directions differ in VLAN: A→B "
                + vlan(vx) + ", B→A " + vlan(vy) + "; the PCP a tag carries is lost where it is missing, and PFC cannot protect that direction",
                c.ab.firstFrame, c.ba.firstFrame);
        }
    }

    /** Capture-wide findings: PFC's priorities against what rides them. */
    void captureFindings(PauseTracker pt, Findings findings) {
        for (int p = 0; p < PauseTracker.PRIORITIES; p++) {
            if (pt.pauses[p] > 0 && table.pfcNonRoce[p] > 0) {
                findings.add(FindingKind.PFC_SHARED_PRIORITY, Finding.NO_CONNECTION, "priority " + p, String.format(java.util.Locale.ROOT,
                    "PFC paused priority %d, which also carries %d non-RoCE packets (TCP or other): a pause stalls them too"
                        + " (head-of-line blocking), and their bursts can trigger pauses of RoCE", p, table.pfcNonRoce[p]),
                    table.firstNonRoceFrame[p]);
            }
            if (pt.frames[p] == 0 && pt.frames[PauseTracker.PAUSE] == 0 && table.roceWhileOtherPaused[p] > 0) {
                findings.add(FindingKind.PFC_UNPAUSED_ROCE, Finding.NO_CONNECTION, "priority " + p, String.format(java.util.Locale.ROOT,
                    "%d RoCE packets rode priority %d, which PFC never paused, while priority %d was paused: the RoCE traffic is"
                        + " probably not on the lossless priority (a PCP or DSCP-to-priority mapping mismatch)", table.roceWhileOtherPaused[p],
                    p, table.otherPausedPriority[p]), table.firstWhileOtherPausedFrame[p]);
            }
        }
    }

    private String expectedCnp() {
        StringBuilder sb = new StringBuilder();
        if (o.cnpDscp() >= 0) sb.append("DSCP ").append(o.cnpDscp());
        if (o.cnpPcp() >= 0) sb.append(sb.length() > 0 ? ", " : "").append("PCP ").append(o.cnpPcp());
        return sb.toString();
    }

    private static String vlan(int id) { return id < 0 ? "untagged" : "VLAN " + id; }

    /** "PCP 3 (100), PCP 5 (20); DSCP 26 (120)" */
    static String classes(Map<Integer, Long> pcps, Map<Integer, Long> dscps) {
        List<String> parts = new ArrayList<>();
        if (!pcps.isEmpty()) parts.add(values("PCP", pcps));
        if (!dscps.isEmpty()) parts.add(values("DSCP", dscps));
        return parts.isEmpty() ? "no VLAN tag or IP header" : String.join("; ", parts);
    }

    private static String values(String name, Map<Integer, Long> m) {
        StringBuilder sb = new StringBuilder();
        m.forEach((v, n) -> sb.append(sb.length() > 0 ? ", " : "").append(name).append(' ').append(v).append(" (").append(n).append(')'));
        return sb.toString();
    }

    private static String micros(long nanos) {
        return nanos % 1_000_000 == 0 ? nanos / 1_000_000 + " ms" : nanos % 1000 == 0 ? nanos / 1000 + " µs" : nanos + " ns";
    }

    /** Bytes per ns as Gb/s. */
    static double gbps(double bytesPerNanos) { return bytesPerNanos * 8; }

    // ---- reports ----

    FabricReports.FlowFabric report(Flow f) {
        FabricProfile p = f.fabric;
        FabricProfile.Extras x = p.extrasOrNull();
        ClassCounts c = p.classes();
        List<FabricReports.ClassReport> combos = new ArrayList<>(c.combinations());
        for (int i = 0; i < c.combinations(); i++) {
            int k = c.key(i);
            combos.add(new FabricReports.ClassReport(orNull(ClassCounts.vlanId(k)), orNull(ClassCounts.pcp(k)), orNull(ClassCounts.dscp(k)), c.count(i)));
        }
        CeAnswers ce = x == null ? null : x.ceAnswers;
        FabricReports.EcnReport ecn = new FabricReports.EcnReport(p.notEct, p.ect0, p.ect1, f.ceMarked, ce == null ? 0 : ce.answered,
            ce == null ? 0 : ce.unanswered);
        List<Integer> ports = new ArrayList<>();
        for (int port : p.ports()) ports.add(port);
        FabricReports.CnpReport cnps = x == null || x.cnpClasses == null ? null : new FabricReports.CnpReport(f.cnps,
            x.cnpClasses.values(2), x.cnpClasses.values(1), x.cnpTargetQp >= 0 ? x.cnpTargetQp : null);
        DcqcnWatch d = x == null ? null : x.dcqcn;
        FabricReports.DcqcnReport dcqcn = d == null ? null : new FabricReports.DcqcnReport(d.episodes, d.reacted, d.ignored,
            d.first == null || Double.isNaN(d.first.baseline) ? null : gbps(d.first.baseline),
            d.first == null || Double.isNaN(d.first.min) ? null : gbps(d.first.min), d.maxDrop,
            d.first == null || d.first.reactionNanos < 0 ? null : d.first.reactionNanos / 1000.0,
            d.first == null || d.first.recoveryNanos < 0 ? null : d.first.recoveryNanos / 1000.0,
            d.maxReactionNanos < 0 ? null : d.maxReactionNanos / 1000.0, d.maxRecoveryNanos < 0 ? null : d.maxRecoveryNanos / 1000.0);
        FabricReports.StallReport stalls = p.stalls() == 0 ? null : new FabricReports.StallReport(x.stalls, x.stalledNanos / 1000.0, x.firstStallFrame);
        return new FabricReports.FlowFabric(c.values(0), c.values(1), c.values(2), c.without(1), c.without(2), combos, ecn,
            new FabricReports.PortsReport(p.distinctPorts(), p.portsCapped(), ports), cnps, dcqcn, stalls);
    }

    private static Integer orNull(int v) { return v < 0 ? null : v; }

    FabricReports.Priorities priorities(PauseTracker pt) {
        List<FabricReports.PriorityRow> pcp = new ArrayList<>(), dscp = new ArrayList<>();
        for (int i = 0; i <= PriorityTable.UNTAGGED; i++) {
            FabricReports.PriorityRow r = row(i == PriorityTable.UNTAGGED ? "untagged" : Integer.toString(i), table.pcpPackets[i], table.pcpBytes[i]);
            if (r != null) pcp.add(r);
        }
        for (int i = 0; i <= PriorityTable.NO_IP; i++) {
            FabricReports.PriorityRow r = row(i == PriorityTable.NO_IP ? "no IP" : Integer.toString(i), table.dscpPackets[i], table.dscpBytes[i]);
            if (r != null) dscp.add(r);
        }
        List<FabricReports.PfcPriorityRow> pfc = new ArrayList<>();
        for (int p = 0; p < PauseTracker.PRIORITIES; p++) {
            if (table.pfcPackets[p] == 0 && pt.frames[p] == 0) continue;
            List<Integer> ids = new ArrayList<>();
            for (int id : table.stalledIds(p)) ids.add(id);
            pfc.add(new FabricReports.PfcPriorityRow(p, table.pfcPackets[p], table.pfcRoce[p], table.pfcNonRoce[p], pt.frames[p],
                pt.quanta[p], pt.pausedNanos[p] / 1000.0, table.stalledConnections[p], ids, table.roceWhileOtherPaused[p]));
        }
        return new FabricReports.Priorities(pcp, dscp, pfc);
    }

    private static FabricReports.PriorityRow row(String name, long[] packets, long[] bytes) {
        long n = 0, b = 0;
        Map<String, Long> byKind = new LinkedHashMap<>(), bytesByKind = new LinkedHashMap<>();
        for (TrafficKind k : TrafficKind.values()) {
            if (packets[k.ordinal()] == 0) continue;
            n += packets[k.ordinal()];
            b += bytes[k.ordinal()];
            byKind.put(k.label(), packets[k.ordinal()]);
            bytesByKind.put(k.label(), bytes[k.ordinal()]);
        }
        return n == 0 ? null : new FabricReports.PriorityRow(name, n, b, byKind, bytesByKind);
    }
}
