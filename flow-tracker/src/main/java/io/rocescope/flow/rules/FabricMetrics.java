package io.rocescope.flow.rules;

import io.rocescope.flow.FabricReports;
import io.rocescope.flow.Reports;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/** The lossless-fabric metrics: priorities, VLANs, ECN, CNPs, PFC and DCQCN, over flows, connections or the capture. */
final class FabricMetrics {
    private FabricMetrics() {}

    private static final Set<Metric> MINE = EnumSet.range(Metric.ROCE_PRIORITY_MISMATCH, Metric.DCQCN_RECOVERY_US);

    static boolean handles(Metric m) { return MINE.contains(m); }

    /**
     * {@code conns}: the connections measured (empty for a flow), {@code flows}: their flows (or the one flow).
     * Connection metrics (mismatches) count connections; flow metrics add up or take the largest over the flows.
     */
    static RuleEvaluator.Measure measure(List<Reports.ConnectionReport> conns, List<Reports.FlowReport> flows, Rule r, Reports.Analysis a) {
        switch (r.metric()) {
            case ROCE_PRIORITY_MISMATCH: return connections(conns, FabricMetrics::priorityMismatch);
            case VLAN_MISMATCH: return connections(conns, FabricMetrics::vlanMismatch);
            case ROCE_PRIORITY_CHANGES: {
                List<Reports.FlowReport> changed = flows.stream().filter(f -> f.fabric() != null
                    && (f.fabric().pcp().size() > 1 || f.fabric().dscp().size() > 1)).toList();
                return new RuleEvaluator.Measure(changed.size(), changed.stream().mapToLong(Reports.FlowReport::firstFrame).toArray());
            }
            case ECN_NOT_ECT_FRACTION: {
                long notEct = 0, withIp = 0;
                List<Long> frames = new ArrayList<>();
                for (Reports.FlowReport f : flows) {
                    if (f.fabric() == null) continue;
                    FabricReports.EcnReport e = f.fabric().ecn();
                    notEct += e.notEct();
                    withIp += e.notEct() + e.ect0() + e.ect1() + e.ce();
                    if (e.notEct() > 0) frames.add(f.firstFrame());
                }
                return new RuleEvaluator.Measure(withIp == 0 ? 0 : (double) notEct / withIp, longs(frames));
            }
            case CNP_UNANSWERED_CE:
                return sum(flows, f -> f.fabric().ecn().ceUnanswered(), f -> f.fabric().ecn().ceUnanswered() > 0);
            case CNP_CLASS_MISMATCH:
                return sum(flows, f -> offClass(f.fabric().cnps(), r.filter()), f -> offClass(f.fabric().cnps(), r.filter()) > 0);
            case UDP_SOURCE_PORTS:
                return max(flows, f -> f.fabric().udpSourcePorts().distinct());
            case PFC_STALL_TIME_US:
                return sum(flows, f -> f.fabric().pfcStalls() == null ? 0 : f.fabric().pfcStalls().stalledMicros(),
                    f -> f.fabric().pfcStalls() != null);
            case DCQCN_IGNORED_EPISODES:
                return sum(flows, f -> f.fabric().dcqcn() == null ? 0 : f.fabric().dcqcn().ignored(),
                    f -> f.fabric().dcqcn() != null && f.fabric().dcqcn().ignored() > 0);
            case DCQCN_RATE_DROP_FRACTION:
                return max(flows, f -> f.fabric().dcqcn() == null ? 0 : f.fabric().dcqcn().maxDropFraction());
            case DCQCN_REACTION_US:
                return max(flows, f -> f.fabric().dcqcn() == null || f.fabric().dcqcn().maxReactionMicros() == null ? 0
                    : f.fabric().dcqcn().maxReactionMicros());
            case DCQCN_RECOVERY_US:
                return max(flows, f -> f.fabric().dcqcn() == null || f.fabric().dcqcn().maxRecoveryMicros() == null ? 0
                    : f.fabric().dcqcn().maxRecoveryMicros());
            default:
                return capture(r, a);
        }
    }

    /** The capture-only metrics: the per-priority table and PFC. */
    private static RuleEvaluator.Measure capture(Rule r, Reports.Analysis a) {
        FabricReports.Priorities p = a.priorities();
        double v = 0;
        List<Long> frames = new ArrayList<>();
        switch (r.metric()) {
            case PRIORITY_PACKETS: {
                String f = r.filter() == null ? "" : r.filter().toLowerCase(Locale.ROOT);
                String kind = f.contains(":") ? f.substring(f.indexOf(':') + 1) : null;
                String prio = f.contains(":") ? f.substring(0, f.indexOf(':')) : f;
                List<FabricReports.PriorityRow> rows = prio.startsWith("dscp") ? p.dscp() : p.pcp();
                String name = prio.equals("untagged") ? "untagged" : prio.replaceFirst("^(pcp|dscp)", "");
                for (FabricReports.PriorityRow row : rows) {
                    if (!prio.isEmpty() && !row.priority().equals(name)) continue;
                    if (kind == null) v += row.packets();
                    else for (Map.Entry<String, Long> e : row.packetsByKind().entrySet()) {
                        if (e.getKey().toLowerCase(Locale.ROOT).replace(' ', '_').equals(kind)) v += e.getValue();
                    }
                }
                break;
            }
            case PFC_PAUSE_QUANTA:
                for (Reports.PauseReport pr : a.pfc()) {
                    if (r.filter() != null && !pr.priority().equalsIgnoreCase(r.filter())) continue;
                    v += pr.quanta();
                    frames.add(pr.firstFrame());
                }
                break;
            case PFC_STALLED_CONNECTIONS:
            case PFC_SHARED_PRIORITY:
            case PFC_UNPAUSED_ROCE:
                for (FabricReports.PfcPriorityRow row : p.pfc()) {
                    if (r.filter() != null && !Integer.toString(row.priority()).equals(r.filter())) continue;
                    if (r.metric() == Metric.PFC_STALLED_CONNECTIONS) v += row.stalledConnections();
                    else if (r.metric() == Metric.PFC_SHARED_PRIORITY) v += row.pauseFrames() > 0 ? row.nonRocePackets() : 0;
                    else v += row.pauseFrames() == 0 ? row.roceWhileOtherPaused() : 0;
                }
                break;
            default:
                break;
        }
        return new RuleEvaluator.Measure(v, longs(frames));
    }

    private interface ConnectionTest { boolean test(Reports.FlowReport ab, Reports.FlowReport ba); }

    private static RuleEvaluator.Measure connections(List<Reports.ConnectionReport> conns, ConnectionTest t) {
        List<Long> frames = new ArrayList<>();
        int n = 0;
        for (Reports.ConnectionReport c : conns) {
            if (c.aToB() == null || c.bToA() == null || c.aToB().fabric() == null || c.bToA().fabric() == null) continue;
            if (!t.test(c.aToB(), c.bToA())) continue;
            n++;
            frames.add(c.aToB().firstFrame());
            frames.add(c.bToA().firstFrame());
        }
        return new RuleEvaluator.Measure(n, longs(frames));
    }

    /** As the tracker's roce.priority.mismatch: the most used PCP (both tagged) or DSCP differs between the directions. */
    private static boolean priorityMismatch(Reports.FlowReport ab, Reports.FlowReport ba) {
        int px = dominant(ab.fabric().pcp()), py = dominant(ba.fabric().pcp());
        int dx = dominant(ab.fabric().dscp()), dy = dominant(ba.fabric().dscp());
        return (px >= 0 && py >= 0 && px != py) || (dx >= 0 && dy >= 0 && dx != dy);
    }

    private static boolean vlanMismatch(Reports.FlowReport ab, Reports.FlowReport ba) {
        return ab.packets() > 0 && ba.packets() > 0 && dominant(ab.fabric().vlanIds()) != dominant(ba.fabric().vlanIds());
    }

    private static int dominant(Map<Integer, Long> m) {
        int best = -1;
        long n = 0;
        for (Map.Entry<Integer, Long> e : m.entrySet()) if (e.getValue() > n) { n = e.getValue(); best = e.getKey(); }
        return best;
    }

    /** CNPs off the expected class: filter "48" (a DSCP) or "pcp6". */
    private static long offClass(FabricReports.CnpReport c, String filter) {
        if (c == null || filter == null) return 0;
        String f = filter.toLowerCase(Locale.ROOT);
        boolean pcp = f.startsWith("pcp");
        int want;
        try {
            want = Integer.parseInt(f.replaceFirst("^(pcp|dscp)", ""));
        } catch (NumberFormatException e) {
            return 0;
        }
        long off = 0;
        for (Map.Entry<Integer, Long> e : (pcp ? c.pcp() : c.dscp()).entrySet()) if (e.getKey() != want) off += e.getValue();
        return off;
    }

    private static RuleEvaluator.Measure sum(List<Reports.FlowReport> flows, ToDoubleFunction<Reports.FlowReport> value,
                                             java.util.function.Predicate<Reports.FlowReport> shows) {
        double v = 0;
        List<Long> frames = new ArrayList<>();
        for (Reports.FlowReport f : flows) {
            if (f.fabric() == null) continue;
            v += value.applyAsDouble(f);
            if (shows.test(f)) frames.add(f.firstFrame());
        }
        return new RuleEvaluator.Measure(v, longs(frames));
    }

    private static RuleEvaluator.Measure max(List<Reports.FlowReport> flows, ToDoubleFunction<Reports.FlowReport> value) {
        double v = 0;
        long frame = -1;
        for (Reports.FlowReport f : flows) {
            if (f.fabric() == null) continue;
            double x = value.applyAsDouble(f);
            if (x > v) { v = x; frame = f.firstFrame(); }
        }
        return new RuleEvaluator.Measure(v, frame < 0 ? new long[0] : new long[] {frame});
    }

    private static long[] longs(List<Long> l) { return l.stream().mapToLong(Long::longValue).toArray(); }
}
