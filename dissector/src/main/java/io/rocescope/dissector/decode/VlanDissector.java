package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.EtherTypeNames;

import static io.rocescope.dissector.field.Fields.*;

/** One 802.1Q C-tag or 802.1ad S-tag (the TPID was the previous EtherType); recurses for QinQ. */
final class VlanDissector {
    private VlanDissector() {}

    static int dissect(Packet p, int tpid, int off) {
        if (!p.need(off, 4, "802.1Q tag")) return -1;
        int type = Bytes.u16(p.d, off + 2);
        p.f.etherType = type;
        if (p.f.vlanTci < 0) p.f.vlanTci = Bytes.u16(p.d, off);
        if (p.detail) {   // every tag field is a detail (Fields.detail())
            boolean sTag = tpid != EtherTypeNames.VLAN;
            int node = p.f.open(sTag ? QINQ : VLAN, off);
            int tci = Bytes.u16(p.d, off);
            p.bits(sTag ? QINQ_PRIORITY : VLAN_PRIORITY, off, 2, tci, 13, 0x7);
            p.bits(sTag ? QINQ_DEI : VLAN_DEI, off, 2, tci, 12, 0x1);
            p.bits(sTag ? QINQ_ID : VLAN_ID, off, 2, tci, 0, 0xFFF);
            p.f.add(sTag ? QINQ_ETYPE : VLAN_ETYPE, off + 2, 2, type);
            p.f.close(node, off + 4);
        }
        return EtherTypeDispatch.dissect(p, type, off + 4);
    }
}
