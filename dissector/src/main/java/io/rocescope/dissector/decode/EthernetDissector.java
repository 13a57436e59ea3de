package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.FieldType;

import static io.rocescope.dissector.field.Fields.*;

/** Ethernet II header; hands the rest to the EtherType dispatch and marks trailing bytes as a trailer. */
final class EthernetDissector {
    private EthernetDissector() {}

    static void dissect(Packet p, int off) {
        if (!p.need(off, 14, "Ethernet header")) return;
        int type = Bytes.u16(p.d, off + 12);
        p.f.addresses(FieldType.ETHER, off + 6, off);
        p.f.etherType = type;
        if (p.detail) {
            int node = p.f.open(ETH, off);
            p.addr(ETH_DST, off, 6);
            p.addr(ETH_ADDR, off, 6);
            p.addr(ETH_SRC, off + 6, 6);
            p.addr(ETH_ADDR, off + 6, 6);
            p.f.add(ETH_TYPE, off + 12, 2, type);
            p.f.close(node, off + 14);
        }
        int end = EtherTypeDispatch.dissect(p, type, off + 14);
        if (p.detail && end >= 0 && end < p.cap) {
            p.bytes(ETH_TRAILER, end, p.cap - end);
        }
    }
}
