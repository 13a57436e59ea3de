package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.FieldType;

import static io.rocescope.dissector.field.Fields.*;
import static io.rocescope.dissector.field.ksy.EthernetFrameLayout.*;

/** Ethernet II header (ksy/ethernet_frame.ksy's layout); hands the rest to the EtherType dispatch and marks trailing bytes as a trailer. */
final class EthernetDissector {
    private EthernetDissector() {}

    static void dissect(Packet p, int off) {
        if (!p.need(off, FIXED_SIZE, "Ethernet header")) return;
        int type = readEtherType(p.d, off);
        p.f.addresses(FieldType.ETHER, off + OFF_SRC_MAC, off + OFF_DST_MAC);
        p.f.etherType = type;
        if (p.detail) {
            int node = p.f.open(ETH, off);
            p.addr(ETH_DST, off + OFF_DST_MAC, LEN_DST_MAC);
            p.addr(ETH_ADDR, off + OFF_DST_MAC, LEN_DST_MAC);
            p.addr(ETH_SRC, off + OFF_SRC_MAC, LEN_SRC_MAC);
            p.addr(ETH_ADDR, off + OFF_SRC_MAC, LEN_SRC_MAC);
            p.f.add(ETH_TYPE, off + OFF_ETHER_TYPE, LEN_ETHER_TYPE, type);
            p.f.close(node, off + FIXED_SIZE);
        }
        int end = EtherTypeDispatch.dissect(p, type, off + FIXED_SIZE);
        if (p.detail && end >= 0 && end < p.cap) {
            p.bytes(ETH_TRAILER, end, p.cap - end);
        }
    }
}
