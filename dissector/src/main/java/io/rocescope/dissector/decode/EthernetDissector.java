package io.rocescope.dissector.decode;

import static io.rocescope.dissector.field.Fields.*;

/** Ethernet II header; hands the rest to the EtherType dispatch and marks trailing bytes as a trailer. */
final class EthernetDissector {
    private EthernetDissector() {}

    static void dissect(Packet p, int off) {
        if (!p.need(off, 14, "Ethernet header")) return;
        int node = p.f.open(ETH, off);
        int dst = p.addr(ETH_DST, off, 6);
        int src = p.addr(ETH_SRC, off + 6, 6);
        p.f.srcField = src;
        p.f.dstField = dst;
        int type = p.u16(ETH_TYPE, off + 12);
        p.f.close(node, off + 14);
        int end = EtherTypeDispatch.dissect(p, type, off + 14);
        if (end >= 0 && end < p.cap) {
            p.bytes(ETH_TRAILER, end, p.cap - end);
        }
    }
}
