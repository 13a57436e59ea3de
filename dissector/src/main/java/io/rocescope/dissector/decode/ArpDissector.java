package io.rocescope.dissector.decode;

import static io.rocescope.dissector.field.Fields.*;

/** ARP for Ethernet/IPv4 (the only kind a RoCE capture shows). */
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
        }
        p.f.close(node, off + 28);
        return off + 28;
    }
}
