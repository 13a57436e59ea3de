package io.rocescope.cli;

import io.rocescope.flow.FabricReports;

import java.util.List;
import java.util.Locale;
import java.util.Map;

import static io.rocescope.dissector.field.ksy.Ipv4PacketKsy.ECN;

/**
 * The lossless-fabric lines of {@code flows} and {@code stats}. A flow on the default class (untagged,
 * DSCP 0, Not-ECT, one UDP source port, no CNPs, no PFC stall) prints no line, as before; the JSON always
 * has the figures.
 */
final class FabricText {
    private FabricText() {}

    static boolean notable(FabricReports.FlowFabric f) {
        if (f == null) return false;
        FabricReports.EcnReport e = f.ecn();
        return !f.vlanIds().isEmpty() || f.dscp().keySet().stream().anyMatch(d -> d != 0) || e.ect0() + e.ect1() + e.ce() > 0
            || f.cnps() != null || f.pfcStalls() != null || f.udpSourcePorts().distinct() > 1;
    }

    /** "          fabric VLAN 100  PCP 3 (80)  DSCP 26 (80)  ECN ECT(0) 80  UDP src ports 1 …", or null. */
    static String flowLine(FabricReports.FlowFabric f) {
        if (!notable(f)) return null;
        StringBuilder sb = new StringBuilder("          fabric");
        if (!f.vlanIds().isEmpty()) values(sb, "VLAN", f.vlanIds());
        if (f.untagged() > 0 && !f.vlanIds().isEmpty()) sb.append("  untagged (").append(f.untagged()).append(')');
        if (!f.pcp().isEmpty()) values(sb, "PCP", f.pcp());
        if (!f.dscp().isEmpty()) values(sb, "DSCP", f.dscp());
        FabricReports.EcnReport e = f.ecn();
        sb.append("  ECN");
        for (int code : FabricReports.EcnReport.CODEPOINTS) ecn(sb, code, e.count(code));
        if (e.ceUnanswered() > 0) sb.append(" (").append(e.ceUnanswered()).append(" without CNP)");
        FabricReports.PortsReport p = f.udpSourcePorts();
        sb.append("  UDP src ports ").append(p.capped() ? "≥" : "").append(p.distinct());
        FabricReports.CnpReport c = f.cnps();
        if (c != null) {
            sb.append("  CNPs back ").append(c.count());
            if (!c.dscp().isEmpty()) values(sb, "DSCP", c.dscp());
            if (!c.pcp().isEmpty()) values(sb, "PCP", c.pcp());
            if (c.targetQp() != null) sb.append(" to ").append(Fmt.qp(c.targetQp()));
        }
        FabricReports.DcqcnReport d = f.dcqcn();
        if (d != null && d.episodes() > 0) {
            sb.append("  DCQCN");
            if (d.baselineGbps() != null && d.minGbps() != null) {
                sb.append(String.format(Locale.ROOT, " %.2f → %.2f Gb/s", d.baselineGbps(), d.minGbps()));
            }
            if (d.reactionMicros() != null) sb.append(" after ").append(Fmt.micros(d.reactionMicros()));
            if (d.recoveryMicros() != null) sb.append(", back after ").append(Fmt.micros(d.recoveryMicros()));
            if (d.ignored() > 0) sb.append(", rate kept in ").append(d.ignored()).append(" of ").append(d.episodes()).append(" episodes");
        }
        FabricReports.StallReport s = f.pfcStalls();
        if (s != null) sb.append("  PFC-stalled ").append(s.pauses()).append("x (").append(Fmt.micros(s.stalledMicros())).append(')');
        return sb.toString();
    }

    private static void values(StringBuilder sb, String name, Map<Integer, Long> m) {
        m.forEach((v, n) -> sb.append("  ").append(name).append(' ').append(v).append(" (").append(n).append(')'));
    }

    /** {@code code}: an ipv4_packet.ksy ecn code, printed by its name there. */
    private static void ecn(StringBuilder sb, int code, long n) {
        if (n > 0) sb.append(' ').append(ECN.nameOf(code)).append(' ').append(n);
    }

    /**
     * The per-priority section of {@code stats}: PCP rows when a frame was tagged, DSCP rows when one had a
     * DSCP other than 0, PFC rows when a priority was paused; nothing for an untagged DSCP-0 capture without PFC.
     */
    static void priorities(FabricReports.Priorities p, StringBuilder sb) {
        if (p == null) return;
        boolean tagged = p.pcp().stream().anyMatch(r -> !r.priority().equals("untagged"));
        boolean dscp = p.dscp().stream().anyMatch(r -> !r.priority().equals("0") && !r.priority().equals("no IP"));
        boolean pfc = p.pfc().stream().anyMatch(r -> r.pauseFrames() > 0);
        if (tagged) rows(sb, "PCP", p.pcp());
        if (dscp) rows(sb, "DSCP", p.dscp());
        if (!pfc) return;
        for (FabricReports.PfcPriorityRow r : p.pfc()) {
            sb.append(String.format(Locale.ROOT, "Priority PFC %d   %d pkts (%d RoCE, %d other), %d pause frames, %d quanta, paused %s",
                r.priority(), r.packets(), r.rocePackets(), r.nonRocePackets(), r.pauseFrames(), r.pauseQuanta(), Fmt.micros(r.pausedMicros())));
            if (r.stalledConnections() > 0) {
                sb.append(", stalled: connection");
                if (r.stalledConnectionIds().size() > 1) sb.append('s');
                List<Integer> ids = r.stalledConnectionIds();
                for (int i = 0; i < ids.size(); i++) sb.append(i == 0 ? " " : ", ").append(ids.get(i));
                if (r.stalledConnections() > ids.size()) sb.append(" … (").append(r.stalledConnections()).append(')');
            }
            if (r.roceWhileOtherPaused() > 0) sb.append(", ").append(r.roceWhileOtherPaused()).append(" RoCE pkts while another priority was paused");
            sb.append('\n');
        }
    }

    private static void rows(StringBuilder sb, String name, List<FabricReports.PriorityRow> rows) {
        for (FabricReports.PriorityRow r : rows) {
            String label = r.priority().equals("untagged") || r.priority().equals("no IP") ? r.priority() : name + " " + r.priority();
            sb.append(String.format(Locale.ROOT, "Priority %-9s%d pkts %s:", label, r.packets(), Fmt.bytes(r.bytes())));
            r.packetsByKind().forEach((k, n) -> sb.append(' ').append(k).append(' ').append(n).append(" (")
                .append(Fmt.bytes(r.bytesByKind().get(k))).append(')').append(','));
            sb.setLength(sb.length() - 1);
            sb.append('\n');
        }
    }
}
