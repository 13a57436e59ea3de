package io.rocescope.dissector.decode;

import static io.rocescope.dissector.field.Fields.*;
import static io.rocescope.dissector.field.ksy.ArpPacketLayout.*;

/**
 * ARP for IPv4 (ksy/arp_packet.ksy's layout): over Ethernet (6-byte MACs) and over IPoIB (20-byte hardware addresses,
 * RFC 4391 section 8). As tshark, a packet shorter than the Ethernet form is malformed whatever its sizes say.
 */
final class ArpDissector {
    private ArpDissector() {}

    /** The fixed part and Ethernet's addresses: 28 bytes. */
    private static final int ETHER_IPV4_SIZE = FIXED_SIZE + FIXED_SIZE_ETHER_IPV4_ADDRESSES;

    static int dissect(Packet p, int off) {
        p.f.protocol = DecodedFrame.Protocol.ARP;
        if (!p.need(off, ETHER_IPV4_SIZE, "ARP")) return -1;
        int hlen = readHwSize(p.d, off), plen = readProtoSize(p.d, off);
        int node = p.f.open(ARP, off);
        p.add(ARP_OPCODE, off + OFF_OPCODE, LEN_OPCODE, readOpcode(p.d, off));
        int a = off + FIXED_SIZE;
        if (hlen == LEN_ETHER_IPV4_ADDRESSES_SRC_HW && plen == LEN_ETHER_IPV4_ADDRESSES_SRC_PROTO) {
            p.addr(ARP_SRC_HW, a + OFF_ETHER_IPV4_ADDRESSES_SRC_HW, LEN_ETHER_IPV4_ADDRESSES_SRC_HW);
            p.addr(ARP_SRC_IP, a + OFF_ETHER_IPV4_ADDRESSES_SRC_PROTO, LEN_ETHER_IPV4_ADDRESSES_SRC_PROTO);
            p.addr(ARP_DST_HW, a + OFF_ETHER_IPV4_ADDRESSES_DST_HW, LEN_ETHER_IPV4_ADDRESSES_DST_HW);
            p.addr(ARP_DST_IP, a + OFF_ETHER_IPV4_ADDRESSES_DST_PROTO, LEN_ETHER_IPV4_ADDRESSES_DST_PROTO);
        } else if (plen == LEN_ETHER_IPV4_ADDRESSES_SRC_PROTO) {
            // IPv4 over another hardware: the addresses follow one another at the sizes the fixed part gives
            int end = a + 2 * (hlen + plen);
            if (!p.need(off, end - off, "ARP addresses")) { p.f.close(node, off + ETHER_IPV4_SIZE); return -1; }
            p.bytes(ARP_SRC_HW_BYTES, a, hlen);
            p.addr(ARP_SRC_IP, a + hlen, plen);
            p.bytes(ARP_DST_HW_BYTES, a + hlen + plen, hlen);
            p.addr(ARP_DST_IP, a + 2 * hlen + plen, plen);
            p.f.close(node, end);
            return end;
        }
        p.f.close(node, off + ETHER_IPV4_SIZE);
        return off + ETHER_IPV4_SIZE;
    }
}
