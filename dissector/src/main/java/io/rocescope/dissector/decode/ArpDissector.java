package io.rocescope.dissector.decode;

import static io.rocescope.dissector.field.Fields.*;

/** ARP for IPv4: over Ethernet (6-byte MACs) and over IPoIB (20-byte hardware addresses, RFC 4391 section 8). */
final class ArpDissector {
    private ArpDissector() {}

    static int dissect(Packet p, int off) {
        p.f.protocol = DecodedFrame.Protocol.ARP;
        if (!p.need(off, 28, "ARP")) return -1;
        int hlen = Bytes.u8(p.d, off + 4), plen = Bytes.u8(p.d, off + 5);
        int node = p.f.open(ARP, off);
        p.u16(ARP_OPCODE, off + 6);
        if (hlen == 6 && plen == 4) {
            p.addr(ARP_SRC_HW, off + 8, 6);
            p.addr(ARP_SRC_IP, off + 14, 4);
            p.addr(ARP_DST_HW, off + 18, 6);
            p.addr(ARP_DST_IP, off + 24, 4);
        } else if (plen == 4 && hlen != 6) {
            int end = off + 8 + 2 * (hlen + 4);
            if (!p.need(off, end - off, "ARP addresses")) { p.f.close(node, off + 28); return -1; }
            p.bytes(ARP_SRC_HW_BYTES, off + 8, hlen);
            p.addr(ARP_SRC_IP, off + 8 + hlen, 4);
            p.bytes(ARP_DST_HW_BYTES, off + 12 + hlen, hlen);
            p.addr(ARP_DST_IP, off + 12 + 2 * hlen, 4);
            p.f.close(node, end);
            return end;
        }
        p.f.close(node, off + 28);
        return off + 28;
    }
}
