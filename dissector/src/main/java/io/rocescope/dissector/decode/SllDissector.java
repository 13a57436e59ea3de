package io.rocescope.dissector.decode;

import static io.rocescope.dissector.field.Fields.*;

/** Linux cooked captures (tcpdump -i any): v1 (16 bytes) and v2 (20 bytes). */
final class SllDissector {
    private SllDissector() {}

    static void dissectV1(Packet p) {
        if (!p.need(0, 16, "Linux cooked header")) return;
        int node = p.f.open(SLL, 0);
        p.u16(SLL_PKTTYPE, 0);
        p.u16(SLL_HATYPE, 2);
        int halen = p.u16(SLL_HALEN, 4);
        if (halen == 6) {
            p.addr(SLL_SRC, 6, 6);
            p.f.addresses(io.rocescope.dissector.field.FieldType.ETHER, 6, -1);
        }
        int type = p.u16(SLL_ETYPE, 14);
        p.f.close(node, 16);
        EtherTypeDispatch.dissect(p, type, 16);
    }

    static void dissectV2(Packet p) {
        if (!p.need(0, 20, "Linux cooked v2 header")) return;
        int node = p.f.open(SLL, 0);
        int type = p.u16(SLL_ETYPE, 0);
        p.u32(SLL_IFINDEX, 4);
        p.u16(SLL_HATYPE, 8);
        p.u8(SLL_PKTTYPE, 10);
        int halen = p.u8(SLL_HALEN, 11);
        if (halen == 6) {
            p.addr(SLL_SRC, 12, 6);
            p.f.addresses(io.rocescope.dissector.field.FieldType.ETHER, 12, -1);
        }
        p.f.close(node, 20);
        EtherTypeDispatch.dissect(p, type, 20);
    }
}
