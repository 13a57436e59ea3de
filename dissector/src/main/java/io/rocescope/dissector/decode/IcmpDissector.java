package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.ksy.IcmpPacketKsy;
import io.rocescope.dissector.field.ksy.IcmpPacketLayout;
import io.rocescope.dissector.field.ksy.Icmpv6PacketKsy;

import static io.rocescope.dissector.field.Fields.*;
import static io.rocescope.dissector.field.ksy.Icmpv6PacketLayout.*;

/**
 * ICMP (IPv4 protocol 1, ksy/icmp_packet.ksy) and ICMPv6 (IPv6 next header 58, ksy/icmpv6_packet.ksy): type, code,
 * checksum and the fields the Info column needs (echo identifier and sequence, Neighbor Discovery targets and
 * link-layer addresses), under Wireshark's names. Which body a type has is the .ksy's switch (its generated
 * BODY_BY_TYPE). The datagram an error message quotes is not dissected again (its addresses and ports would become
 * the frame's); it stays in the frame's bytes.
 */
final class IcmpDissector {
    private IcmpDissector() {}

    static void dissectV4(Packet p, int off, int end) {
        p.f.protocol = DecodedFrame.Protocol.ICMP;
        if (!p.need(off, IcmpPacketLayout.FIXED_SIZE, "ICMP")) return;
        int stop = Math.min(end, p.cap);
        int node = p.f.open(ICMP, off);
        int type = p.add(ICMP_TYPE, off + IcmpPacketLayout.OFF_TYPE, IcmpPacketLayout.LEN_TYPE, IcmpPacketLayout.readType(p.d, off));
        int code = p.add(ICMP_CODE, off + IcmpPacketLayout.OFF_CODE, IcmpPacketLayout.LEN_CODE, IcmpPacketLayout.readCode(p.d, off));
        p.add(ICMP_CHECKSUM, off + IcmpPacketLayout.OFF_CHECKSUM, IcmpPacketLayout.LEN_CHECKSUM, IcmpPacketLayout.readChecksum(p.d, off));
        int body = off + IcmpPacketLayout.FIXED_SIZE, kind = bodyOf(IcmpPacketKsy.BODY_BY_TYPE, type);
        if (kind == IcmpPacketKsy.ICMP_BODY_ECHO && body + IcmpPacketLayout.FIXED_SIZE_ECHO <= stop) {
            p.add(ICMP_IDENT, body + IcmpPacketLayout.OFF_ECHO_IDENTIFIER, IcmpPacketLayout.LEN_ECHO_IDENTIFIER,
                IcmpPacketLayout.readEchoIdentifier(p.d, body));
            p.add(ICMP_SEQ, body + IcmpPacketLayout.OFF_ECHO_SEQUENCE, IcmpPacketLayout.LEN_ECHO_SEQUENCE,
                IcmpPacketLayout.readEchoSequence(p.d, body));
        } else if (kind == IcmpPacketKsy.ICMP_BODY_UNREACHABLE && body + IcmpPacketLayout.FIXED_SIZE_UNREACHABLE <= stop
                && code == IcmpPacketKsy.UNREACHABLE_CODE_FRAGMENTATION_NEEDED) {
            p.add(ICMP_MTU, body + IcmpPacketLayout.OFF_UNREACHABLE_NEXT_HOP_MTU, IcmpPacketLayout.LEN_UNREACHABLE_NEXT_HOP_MTU,
                IcmpPacketLayout.readUnreachableNextHopMtu(p.d, body));
        }
        p.f.close(node, stop);
    }

    static void dissectV6(Packet p, int off, int end) {
        p.f.protocol = DecodedFrame.Protocol.ICMPV6;
        if (!p.need(off, FIXED_SIZE, "ICMPv6")) return;
        int stop = Math.min(end, p.cap);
        int node = p.f.open(ICMPV6, off);
        int type = p.add(ICMPV6_TYPE, off + OFF_TYPE, LEN_TYPE, readType(p.d, off));
        p.add(ICMPV6_CODE, off + OFF_CODE, LEN_CODE, readCode(p.d, off));
        p.add(ICMPV6_CHECKSUM, off + OFF_CHECKSUM, LEN_CHECKSUM, readChecksum(p.d, off));
        int body = off + FIXED_SIZE;
        switch (bodyOf(Icmpv6PacketKsy.BODY_BY_TYPE, type)) {
            case Icmpv6PacketKsy.ICMPV6_BODY_ECHO -> {
                if (body + FIXED_SIZE_ECHO <= stop) {
                    p.add(ICMPV6_ECHO_ID, body + OFF_ECHO_IDENTIFIER, LEN_ECHO_IDENTIFIER, readEchoIdentifier(p.d, body));
                    p.add(ICMPV6_ECHO_SEQ, body + OFF_ECHO_SEQUENCE_NUMBER, LEN_ECHO_SEQUENCE_NUMBER, readEchoSequenceNumber(p.d, body));
                }
            }
            case Icmpv6PacketKsy.ICMPV6_BODY_ROUTER_SOLICITATION -> options(p, body + FIXED_SIZE_ROUTER_SOLICITATION, stop);
            case Icmpv6PacketKsy.ICMPV6_BODY_ROUTER_ADVERTISEMENT -> options(p, body + FIXED_SIZE_ROUTER_ADVERTISEMENT, stop);
            case Icmpv6PacketKsy.ICMPV6_BODY_NEIGHBOR_SOLICITATION -> {
                if (body + FIXED_SIZE_NEIGHBOR_SOLICITATION <= stop) {
                    p.addr(ICMPV6_NS_TARGET, body + OFF_NEIGHBOR_SOLICITATION_TARGET_ADDRESS, LEN_NEIGHBOR_SOLICITATION_TARGET_ADDRESS);
                    options(p, body + FIXED_SIZE_NEIGHBOR_SOLICITATION, stop);
                }
            }
            case Icmpv6PacketKsy.ICMPV6_BODY_NEIGHBOR_ADVERTISEMENT -> {
                if (body + FIXED_SIZE_NEIGHBOR_ADVERTISEMENT <= stop) {
                    // Wireshark's flag field is the word of R, S, O and the reserved bits: the bytes before the target
                    int flagsAt = body + OFF_NEIGHBOR_ADVERTISEMENT_ROUTER;
                    p.number(ICMPV6_NA_FLAG, flagsAt, OFF_NEIGHBOR_ADVERTISEMENT_TARGET_ADDRESS - OFF_NEIGHBOR_ADVERTISEMENT_ROUTER);
                    p.add(ICMPV6_NA_FLAG_R, body + OFF_NEIGHBOR_ADVERTISEMENT_ROUTER, LEN_NEIGHBOR_ADVERTISEMENT_ROUTER,
                        readNeighborAdvertisementRouter(p.d, body));
                    p.add(ICMPV6_NA_FLAG_S, body + OFF_NEIGHBOR_ADVERTISEMENT_SOLICITED, LEN_NEIGHBOR_ADVERTISEMENT_SOLICITED,
                        readNeighborAdvertisementSolicited(p.d, body));
                    p.add(ICMPV6_NA_FLAG_O, body + OFF_NEIGHBOR_ADVERTISEMENT_OVERRIDE, LEN_NEIGHBOR_ADVERTISEMENT_OVERRIDE,
                        readNeighborAdvertisementOverride(p.d, body));
                    p.addr(ICMPV6_NA_TARGET, body + OFF_NEIGHBOR_ADVERTISEMENT_TARGET_ADDRESS, LEN_NEIGHBOR_ADVERTISEMENT_TARGET_ADDRESS);
                    options(p, body + FIXED_SIZE_NEIGHBOR_ADVERTISEMENT, stop);
                }
            }
            default -> { }
        }
        p.f.close(node, stop);
    }

    /** The body bit the .ksy's switch gives a type; 0 for a type it has no case for. */
    private static int bodyOf(int[] bodyByType, int type) {
        return type < bodyByType.length ? bodyByType[type] : 0;
    }

    /** Neighbor Discovery options: type, length in units of 8 bytes (0 is invalid and ends the list). */
    private static void options(Packet p, int off, int stop) {
        while (off + FIXED_SIZE_ND_OPTION <= stop) {
            int type = readNdOptionType(p.d, off), units = readNdOptionLength(p.d, off), len = units * (int) ND_OPTION_UNIT;
            if (len == 0) {
                p.malformed("ICMPv6 option of length 0 at offset " + off);
                return;
            }
            int node = p.f.open(ICMPV6_OPT, off);
            p.add(ICMPV6_OPT_TYPE, off + OFF_ND_OPTION_TYPE, LEN_ND_OPTION_TYPE, type);
            p.add(ICMPV6_OPT_LENGTH, off + OFF_ND_OPTION_LENGTH, LEN_ND_OPTION_LENGTH, units);
            boolean source = type == Icmpv6PacketKsy.ND_OPTION_TYPE_SOURCE_LINK_LAYER_ADDRESS;
            boolean linkAddress = source || type == Icmpv6PacketKsy.ND_OPTION_TYPE_TARGET_LINK_LAYER_ADDRESS;
            // an Ethernet MAC fills an option of one unit; other link-layer addresses are not decoded
            if (linkAddress && len == FIXED_SIZE_ND_OPTION + FIXED_SIZE_LINK_LAYER_ADDRESS && off + len <= stop) {
                int at = off + FIXED_SIZE_ND_OPTION + OFF_LINK_LAYER_ADDRESS_ADDRESS;
                p.addr(ICMPV6_OPT_LINKADDR, at, LEN_LINK_LAYER_ADDRESS_ADDRESS);
                p.addr(source ? ICMPV6_OPT_SRC_LINKADDR : ICMPV6_OPT_TARGET_LINKADDR, at, LEN_LINK_LAYER_ADDRESS_ADDRESS);
            }
            p.f.close(node, Math.min(off + len, stop));
            off += len;
        }
    }
}
