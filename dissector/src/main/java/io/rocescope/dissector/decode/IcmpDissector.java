package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.IcmpNames;

import static io.rocescope.dissector.field.Fields.*;

/**
 * ICMP (IPv4 protocol 1) and ICMPv6 (IPv6 next header 58): type, code, checksum and the fields the
 * Info column needs (echo identifier and sequence, Neighbor Discovery targets and link-layer addresses),
 * under Wireshark's names. The datagram an error message quotes is not dissected again (its addresses
 * and ports would become the frame's); it stays in the frame's bytes.
 */
final class IcmpDissector {
    private IcmpDissector() {}

    static void dissectV4(Packet p, int off, int end) {
        p.f.protocol = DecodedFrame.Protocol.ICMP;
        if (!p.need(off, 4, "ICMP")) return;
        int stop = Math.min(end, p.cap);
        int node = p.f.open(ICMP, off);
        int type = p.u8(ICMP_TYPE, off);
        p.u8(ICMP_CODE, off + 1);
        p.u16(ICMP_CHECKSUM, off + 2);
        if (off + 8 <= stop) {
            switch (type) {
                case IcmpNames.ECHO_REQUEST, IcmpNames.ECHO_REPLY, 13, 14, 15, 16, 17, 18 -> {
                    p.u16(ICMP_IDENT, off + 4);
                    p.u16(ICMP_SEQ, off + 6);
                }
                case IcmpNames.UNREACHABLE -> {
                    if (Bytes.u8(p.d, off + 1) == 4) p.u16(ICMP_MTU, off + 6);   // fragmentation needed
                }
                default -> { }
            }
        }
        p.f.close(node, stop);
    }

    static void dissectV6(Packet p, int off, int end) {
        p.f.protocol = DecodedFrame.Protocol.ICMPV6;
        if (!p.need(off, 4, "ICMPv6")) return;
        int stop = Math.min(end, p.cap);
        int node = p.f.open(ICMPV6, off);
        int type = p.u8(ICMPV6_TYPE, off);
        p.u8(ICMPV6_CODE, off + 1);
        p.u16(ICMPV6_CHECKSUM, off + 2);
        switch (type) {
            case IcmpNames.V6_ECHO_REQUEST, IcmpNames.V6_ECHO_REPLY -> {
                if (off + 8 <= stop) {
                    p.u16(ICMPV6_ECHO_ID, off + 4);
                    p.u16(ICMPV6_ECHO_SEQ, off + 6);
                }
            }
            case IcmpNames.V6_RS -> options(p, off + 8, stop);
            case IcmpNames.V6_RA -> options(p, off + 16, stop);
            case IcmpNames.V6_NS -> {
                if (off + 24 <= stop) {
                    p.addr(ICMPV6_NS_TARGET, off + 8, 16);
                    options(p, off + 24, stop);
                }
            }
            case IcmpNames.V6_NA -> {
                if (off + 24 <= stop) {
                    long flags = Bytes.u32(p.d, off + 4);
                    p.f.add(ICMPV6_NA_FLAG, off + 4, 4, flags);
                    p.f.add(ICMPV6_NA_FLAG_R, off + 4, 1, (flags >>> 31) & 1);
                    p.f.add(ICMPV6_NA_FLAG_S, off + 4, 1, (flags >>> 30) & 1);
                    p.f.add(ICMPV6_NA_FLAG_O, off + 4, 1, (flags >>> 29) & 1);
                    p.addr(ICMPV6_NA_TARGET, off + 8, 16);
                    options(p, off + 24, stop);
                }
            }
            default -> { }
        }
        p.f.close(node, stop);
    }

    /** Neighbor Discovery options: type, length in units of 8 bytes (0 is invalid and ends the list). */
    private static void options(Packet p, int off, int stop) {
        while (off + 2 <= stop) {
            int type = Bytes.u8(p.d, off), len = Bytes.u8(p.d, off + 1) * 8;
            if (len == 0) {
                p.malformed("ICMPv6 option of length 0 at offset " + off);
                return;
            }
            int node = p.f.open(ICMPV6_OPT, off);
            p.u8(ICMPV6_OPT_TYPE, off);
            p.u8(ICMPV6_OPT_LENGTH, off + 1);
            if ((type == IcmpNames.OPT_SOURCE_LINKADDR || type == IcmpNames.OPT_TARGET_LINKADDR) && len == 8 && off + 8 <= stop) {
                p.addr(ICMPV6_OPT_LINKADDR, off + 2, 6);
                p.addr(type == IcmpNames.OPT_SOURCE_LINKADDR ? ICMPV6_OPT_SRC_LINKADDR : ICMPV6_OPT_TARGET_LINKADDR, off + 2, 6);
            }
            p.f.close(node, Math.min(off + len, stop));
            off += len;
        }
    }
}
