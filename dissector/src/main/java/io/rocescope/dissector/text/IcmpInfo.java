package io.rocescope.dissector.text;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.ksy.IcmpPacketKsy;
import io.rocescope.dissector.field.ksy.Icmpv6PacketKsy;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.Ipv6PacketLayout;

import static io.rocescope.dissector.field.Fields.*;

/**
 * The Info column of ICMP and ICMPv6 frames in tshark's words: "Destination unreachable (Port
 * unreachable)", "Neighbor Solicitation for fd00::2 from 02:00:0a:00:00:01". What tshark adds from other
 * frames ("(reply in 2)") is not: a frame's line is built from the frame alone.
 */
final class IcmpInfo {
    private IcmpInfo() {}

    static void v4(LineBuffer sb, DecodedFrame f) {
        int type = (int) f.get(ICMP_TYPE, -1), code = (int) f.get(ICMP_CODE, -1);
        if (type < 0) { sb.append("ICMP"); return; }
        String name = IcmpPacketKsy.ICMP_TYPE.nameOf(type);
        if (name == null) { sb.append("Unknown ICMP (obsolete or malformed?)"); return; }
        sb.append(name);
        String codeName = codeName(type, code);
        if (codeName != null) sb.append(" (").append(codeName).append(')');
        if ((type == IcmpPacketKsy.ICMP_TYPE_ECHO_REQUEST || type == IcmpPacketKsy.ICMP_TYPE_ECHO_REPLY) && f.has(ICMP_IDENT)) {
            int seq = (int) f.get(ICMP_SEQ, 0);
            Text.hex0x(sb.append("  id="), f.get(ICMP_IDENT, 0), 4).append(", seq=").append(seq).append('/')
                .append(((seq & 0xFF) << 8) | (seq >>> 8));
            // the IPv4 TTL, found back from the source address (the summary decode keeps no ip.ttl)
            int ttlBack = Ipv4PacketLayout.OFF_SRC_ADDR - Ipv4PacketLayout.OFF_TTL;
            if (f.addressType() == FieldType.IPV4 && f.sourceOffset() >= ttlBack) {
                sb.append(", ttl=").append(f.data()[f.sourceOffset() - ttlBack] & 0xFF);
            }
        }
    }

    static void v6(LineBuffer sb, DecodedFrame f) {
        int type = (int) f.get(ICMPV6_TYPE, -1), code = (int) f.get(ICMPV6_CODE, -1);
        if (type < 0) { sb.append("ICMPv6"); return; }
        String name = Icmpv6PacketKsy.ICMPV6_TYPE.nameOf(type);
        if (name == null) { sb.append("Unknown ICMPv6 type ").append(type); return; }
        sb.append(name);
        switch (type) {
            case Icmpv6PacketKsy.ICMPV6_TYPE_NEIGHBOR_SOLICITATION -> {
                ipv6(sb.append(" for "), f, ICMPV6_NS_TARGET);
                if (f.has(ICMPV6_OPT_SRC_LINKADDR)) Addresses.mac(sb.append(" from "), f.get(ICMPV6_OPT_SRC_LINKADDR, 0));
            }
            case Icmpv6PacketKsy.ICMPV6_TYPE_NEIGHBOR_ADVERTISEMENT -> {
                ipv6(sb.append(' '), f, ICMPV6_NA_TARGET);
                String sep = " (";
                if (f.get(ICMPV6_NA_FLAG_R, 0) != 0) { sb.append(sep).append("rtr"); sep = ", "; }
                if (f.get(ICMPV6_NA_FLAG_S, 0) != 0) { sb.append(sep).append("sol"); sep = ", "; }
                if (f.get(ICMPV6_NA_FLAG_O, 0) != 0) { sb.append(sep).append("ovr"); sep = ", "; }
                if (!sep.equals(" (")) sb.append(')');
                if (f.has(ICMPV6_OPT_TARGET_LINKADDR)) Addresses.mac(sb.append(" is at "), f.get(ICMPV6_OPT_TARGET_LINKADDR, 0));
            }
            case Icmpv6PacketKsy.ICMPV6_TYPE_ROUTER_SOLICITATION, Icmpv6PacketKsy.ICMPV6_TYPE_ROUTER_ADVERTISEMENT -> {
                if (f.has(ICMPV6_OPT_SRC_LINKADDR)) Addresses.mac(sb.append(" from "), f.get(ICMPV6_OPT_SRC_LINKADDR, 0));
            }
            case Icmpv6PacketKsy.ICMPV6_TYPE_ECHO_REQUEST, Icmpv6PacketKsy.ICMPV6_TYPE_ECHO_REPLY -> {
                if (f.has(ICMPV6_ECHO_ID)) {
                    Text.hex0x(sb.append(" id="), f.get(ICMPV6_ECHO_ID, 0), 4).append(", seq=").append(f.get(ICMPV6_ECHO_SEQ, 0));
                    // the hop limit, found back from the source address (the summary decode keeps no ipv6.hlim)
                    int hlimBack = Ipv6PacketLayout.OFF_SRC_ADDR - Ipv6PacketLayout.OFF_HOP_LIMIT;
                    if (f.addressType() == FieldType.IPV6 && f.sourceOffset() >= hlimBack) {
                        sb.append(", hop limit=").append(f.data()[f.sourceOffset() - hlimBack] & 0xFF);
                    }
                }
            }
            default -> {
                String codeName = v6CodeName(type, code);
                if (codeName != null) sb.append(" (").append(codeName).append(')');
            }
        }
    }

    /** The name of an ICMP code, for the types whose codes ksy/icmp_packet.ksy names; null otherwise. */
    private static String codeName(int type, int code) {
        return switch (type) {
            case IcmpPacketKsy.ICMP_TYPE_UNREACHABLE -> IcmpPacketKsy.UNREACHABLE_CODE.nameOf(code);
            case IcmpPacketKsy.ICMP_TYPE_REDIRECT -> IcmpPacketKsy.REDIRECT_CODE.nameOf(code);
            case IcmpPacketKsy.ICMP_TYPE_TIME_EXCEEDED -> IcmpPacketKsy.TIME_EXCEEDED_CODE.nameOf(code);
            default -> null;
        };
    }

    /** The name of an ICMPv6 code, for the types whose codes ksy/icmpv6_packet.ksy names; null otherwise. */
    private static String v6CodeName(int type, int code) {
        return switch (type) {
            case Icmpv6PacketKsy.ICMPV6_TYPE_UNREACHABLE -> Icmpv6PacketKsy.UNREACHABLE_CODE.nameOf(code);
            case Icmpv6PacketKsy.ICMPV6_TYPE_TIME_EXCEEDED -> Icmpv6PacketKsy.TIME_EXCEEDED_CODE.nameOf(code);
            default -> null;
        };
    }

    private static void ipv6(LineBuffer sb, DecodedFrame f, io.rocescope.dissector.field.FieldDef def) {
        int i = f.find(def);
        if (i >= 0) Addresses.ipv6(sb, f.data(), f.offset(i));
    }
}
