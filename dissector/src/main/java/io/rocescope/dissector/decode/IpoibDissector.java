package io.rocescope.dissector.decode;

import static io.rocescope.dissector.field.Fields.*;

/**
 * IP over InfiniBand (RFC 4391) as pcap link type 242 (DLT_IPOIB) holds it, decoded as Wireshark's
 * packet-ipoib.c does: a 40-byte pseudo-header, which is the destination address (QPN and GID, in its last
 * 20 bytes) when its first two bytes are zero and otherwise the GRH the datagram arrived with, then the
 * 4-byte IPoIB header (an EtherType and two reserved bytes), then IPv4, IPv6 or ARP.
 */
final class IpoibDissector {
    private IpoibDissector() {}

    static final int PSEUDO_HEADER = 40, HEADER = 4;

    static void dissect(Packet p) {
        p.f.protocol = DecodedFrame.Protocol.IPOIB;
        if (!p.need(0, PSEUDO_HEADER + HEADER, "IPoIB header")) return;
        int node = p.f.open(IPOIB, 0);
        if (Bytes.u16(p.d, 0) == 0) {
            int daddr = p.f.open(IPOIB_DADDR, 20);
            p.u24(IPOIB_DADDR_QPN, 21);
            p.addr(IPOIB_DGID, 24, 16);
            p.f.close(daddr, 40);
        } else {
            int grh = p.f.open(IPOIB_GRH, 0);
            long w = Bytes.u32(p.d, 0);
            p.bits(IPOIB_GRH_IPVER, 0, 1, w, 28, 0xF);
            p.bits(IPOIB_GRH_TCLASS, 0, 2, w, 20, 0xFF);
            p.bits(IPOIB_GRH_FLOWLABEL, 0, 4, w, 0, 0xFFFFF);
            p.u24(IPOIB_GRH_SQPN, 5);
            p.addr(IPOIB_GRH_SGID, 8, 16);
            p.addr(IPOIB_DGID, 24, 16);
            p.f.close(grh, 40);
        }
        int type = p.u16(IPOIB_TYPE, PSEUDO_HEADER);
        p.u16(IPOIB_RESERVED, PSEUDO_HEADER + 2);
        p.f.close(node, PSEUDO_HEADER + HEADER);
        int off = PSEUDO_HEADER + HEADER;
        switch (type) {
            case io.rocescope.dissector.field.EtherTypeNames.IPV4 -> Ipv4Dissector.dissect(p, off);
            case io.rocescope.dissector.field.EtherTypeNames.IPV6 -> Ipv6Dissector.dissect(p, off);
            case io.rocescope.dissector.field.EtherTypeNames.ARP, REVERSE_ARP -> ArpDissector.dissect(p, off);
            default -> { if (off < p.cap) p.data(off, p.cap - off); }   // as Wireshark: the rest is not decoded
        }
    }

    private static final int REVERSE_ARP = 0x8035;
}
