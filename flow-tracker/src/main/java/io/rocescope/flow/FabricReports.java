package io.rocescope.flow;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.rocescope.dissector.field.ksy.Ipv4PacketKsy;

import java.util.List;
import java.util.Map;

/**
 * The lossless-fabric view of an analysis, for rendering and JSON: per flow its traffic classes, ECN,
 * UDP source ports, CNPs, DCQCN reaction and PFC stalls; per priority what rides it and how PFC treated it.
 * Rates are Gb/s, times microseconds.
 */
public final class FabricReports {
    private FabricReports() {}

    /**
     * One direction: VLAN IDs, PCPs and DSCPs with their packets ({@code untagged}: packets without a VLAN
     * tag, {@code noIp}: without an IP header), each combination, ECN codepoints, UDP source ports.
     * {@code cnps}, {@code dcqcn} and {@code pfcStalls} are null when the flow had none.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record FlowFabric(Map<Integer, Long> vlanIds, Map<Integer, Long> pcp, Map<Integer, Long> dscp, long untagged,
                             long noIp, List<ClassReport> classes, EcnReport ecn, PortsReport udpSourcePorts, CnpReport cnps,
                             DcqcnReport dcqcn, StallReport pfcStalls) {}

    /** A (VLAN ID, PCP, DSCP) combination and its packets; null where the packets had none. */
    public record ClassReport(Integer vlanId, Integer pcp, Integer dscp, long packets) {}

    /** ECN codepoints; {@code ceAnswered}/{@code ceUnanswered}: CE marks with and without a CNP within the window. */
    public record EcnReport(long notEct, long ect0, long ect1, long ce, long ceAnswered, long ceUnanswered) {
        /**
         * The codepoints (ipv4_packet.ksy's enum ecn) in the order every front end lists them, the order of this
         * record: Not-ECT, ECT(0), ECT(1), CE (ECT(0), what RoCE senders mark, before the rarer ECT(1)).
         */
        public static final List<Integer> CODEPOINTS = List.of(Ipv4PacketKsy.ECN_NOT_ECT, Ipv4PacketKsy.ECN_ECT_0,
            Ipv4PacketKsy.ECN_ECT_1, Ipv4PacketKsy.ECN_CE);

        /** The packets that carried {@code codepoint}. */
        public long count(int codepoint) {
            return switch (codepoint) {
                case Ipv4PacketKsy.ECN_NOT_ECT -> notEct;
                case Ipv4PacketKsy.ECN_ECT_0 -> ect0;
                case Ipv4PacketKsy.ECN_ECT_1 -> ect1;
                case Ipv4PacketKsy.ECN_CE -> ce;
                default -> throw new IllegalArgumentException("ECN codepoint " + codepoint);
            };
        }

        /** The JSON name of a codepoint's count ({@code flows -T json}'s ecn object: this record's component). */
        public static String key(int codepoint) {
            return switch (codepoint) {
                case Ipv4PacketKsy.ECN_NOT_ECT -> "notEct";
                case Ipv4PacketKsy.ECN_ECT_0 -> "ect0";
                case Ipv4PacketKsy.ECN_ECT_1 -> "ect1";
                case Ipv4PacketKsy.ECN_CE -> "ce";
                default -> throw new IllegalArgumentException("ECN codepoint " + codepoint);
            };
        }
    }

    /** Distinct UDP source ports ({@code capped}: at least that many), and the ports kept (smallest first). */
    public record PortsReport(int distinct, boolean capped, List<Integer> ports) {}

    /** CNPs that came back to this flow's sender: how many, their DSCP and PCP, and the QP they name. */
    public record CnpReport(long count, Map<Integer, Long> dscp, Map<Integer, Long> pcp, Integer targetQp) {}

    /**
     * The sender's rate around CNPs: episodes measured, those with a drop, those without (ignored); the
     * first episode's baseline and lowest rate; the largest drop; time from a CNP to the first lower-rate
     * block and back to the baseline (null when it never happened).
     */
    public record DcqcnReport(long episodes, long reacted, long ignored, Double baselineGbps, Double minGbps,
                              double maxDropFraction, Double reactionMicros, Double recoveryMicros,
                              Double maxReactionMicros, Double maxRecoveryMicros) {}

    /** PFC pauses on the flow's priority during which it sent nothing, their paused time, and the first packet after one. */
    public record StallReport(long pauses, double stalledMicros, long firstFrame) {}

    /** Per PCP, per DSCP and per PFC priority. */
    public record Priorities(List<PriorityRow> pcp, List<PriorityRow> dscp, List<PfcPriorityRow> pfc) {}

    /** {@code priority}: "3" (or "untagged", "no IP"); packets and bytes, in all and by kind (RoCE data, CNP, CM, TCP, other). */
    public record PriorityRow(String priority, long packets, long bytes, Map<String, Long> packetsByKind, Map<String, Long> bytesByKind) {}

    /**
     * A PFC priority (a tagged frame's PCP, else DSCP / 8): its packets, RoCE and non-RoCE; the pause
     * frames, quanta and paused time it received (at the link speed); the connections that sent nothing
     * while it was paused; and its RoCE packets sent while another priority was paused.
     */
    public record PfcPriorityRow(int priority, long packets, long rocePackets, long nonRocePackets, long pauseFrames,
                                 long pauseQuanta, double pausedMicros, long stalledConnections, List<Integer> stalledConnectionIds,
                                 long roceWhileOtherPaused) {}
}
