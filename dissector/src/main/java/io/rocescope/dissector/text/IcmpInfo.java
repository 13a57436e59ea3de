package io.rocescope.dissector.text;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.IcmpNames;

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
        String name = IcmpNames.TYPES.nameOf(type);
        if (name == null) { sb.append("Unknown ICMP (obsolete or malformed?)"); return; }
        sb.append(name);
        String codeName = IcmpNames.codeName(type, code);
        if (codeName != null) sb.append(" (").append(codeName).append(')');
        if ((type == IcmpNames.ECHO_REQUEST || type == IcmpNames.ECHO_REPLY) && f.has(ICMP_IDENT)) {
            int seq = (int) f.get(ICMP_SEQ, 0);
            Text.hex0x(sb.append("  id="), f.get(ICMP_IDENT, 0), 4).append(", seq=").append(seq).append('/')
                .append(((seq & 0xFF) << 8) | (seq >>> 8));
            // the IPv4 TTL is the byte 4 before the source address (the summary decode keeps no ip.ttl)
            if (f.addressType() == FieldType.IPV4 && f.sourceOffset() >= 4) {
                sb.append(", ttl=").append(f.data()[f.sourceOffset() - 4] & 0xFF);
            }
        }
    }

    static void v6(LineBuffer sb, DecodedFrame f) {
        int type = (int) f.get(ICMPV6_TYPE, -1), code = (int) f.get(ICMPV6_CODE, -1);
        if (type < 0) { sb.append("ICMPv6"); return; }
        String name = IcmpNames.V6_TYPES.nameOf(type);
        if (name == null) { sb.append("Unknown ICMPv6 type ").append(type); return; }
        sb.append(name);
        switch (type) {
            case IcmpNames.V6_NS -> {
                ipv6(sb.append(" for "), f, ICMPV6_NS_TARGET);
                if (f.has(ICMPV6_OPT_SRC_LINKADDR)) Addresses.mac(sb.append(" from "), f.get(ICMPV6_OPT_SRC_LINKADDR, 0));
            }
            case IcmpNames.V6_NA -> {
                ipv6(sb.append(' '), f, ICMPV6_NA_TARGET);
                long flags = f.get(ICMPV6_NA_FLAG, 0);
                String sep = " (";
                if ((flags & 0x80000000L) != 0) { sb.append(sep).append("rtr"); sep = ", "; }
                if ((flags & 0x40000000L) != 0) { sb.append(sep).append("sol"); sep = ", "; }
                if ((flags & 0x20000000L) != 0) { sb.append(sep).append("ovr"); sep = ", "; }
                if (!sep.equals(" (")) sb.append(')');
                if (f.has(ICMPV6_OPT_TARGET_LINKADDR)) Addresses.mac(sb.append(" is at "), f.get(ICMPV6_OPT_TARGET_LINKADDR, 0));
            }
            case IcmpNames.V6_RS, IcmpNames.V6_RA -> {
                if (f.has(ICMPV6_OPT_SRC_LINKADDR)) Addresses.mac(sb.append(" from "), f.get(ICMPV6_OPT_SRC_LINKADDR, 0));
            }
            case IcmpNames.V6_ECHO_REQUEST, IcmpNames.V6_ECHO_REPLY -> {
                if (f.has(ICMPV6_ECHO_ID)) {
                    Text.hex0x(sb.append(" id="), f.get(ICMPV6_ECHO_ID, 0), 4).append(", seq=").append(f.get(ICMPV6_ECHO_SEQ, 0));
                    // the hop limit is the byte before the source address (the summary decode keeps no ipv6.hlim)
                    if (f.addressType() == FieldType.IPV6 && f.sourceOffset() >= 1) {
                        sb.append(", hop limit=").append(f.data()[f.sourceOffset() - 1] & 0xFF);
                    }
                }
            }
            default -> {
                String codeName = IcmpNames.v6CodeName(type, code);
                if (codeName != null) sb.append(" (").append(codeName).append(')');
            }
        }
    }

    private static void ipv6(LineBuffer sb, DecodedFrame f, io.rocescope.dissector.field.FieldDef def) {
        int i = f.find(def);
        if (i >= 0) Addresses.ipv6(sb, f.data(), f.offset(i));
    }
}
