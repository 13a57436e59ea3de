package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.ksy.EtherPayloadKsy;

import static io.rocescope.dissector.field.Fields.*;
import static io.rocescope.dissector.field.ksy.EtherPayloadLayout.*;

/**
 * One 802.1Q C-tag or 802.1ad S-tag (the TPID was the previous EtherType; ksy/ether_payload.ksy's vlan_tag); recurses
 * for QinQ. The priority, DEI and ID span the 16-bit TCI, with Wireshark's masks of it.
 */
final class VlanDissector {
    private VlanDissector() {}

    static int dissect(Packet p, int tpid, int off) {
        if (!p.need(off, FIXED_SIZE_VLAN_TAG, "802.1Q tag")) return -1;
        int type = Bytes.u16(p.d, off + OFF_VLAN_TAG_ETHER_TYPE);
        p.f.etherType = type;
        if (p.f.vlanTci < 0) p.f.vlanTci = Bytes.u16(p.d, off + OFF_VLAN_TAG_PCP);
        if (p.detail) {   // every tag field is a detail (Fields.detail())
            boolean sTag = tpid != EtherPayloadKsy.ETHER_TYPE_VLAN;
            int node = p.f.open(sTag ? QINQ : VLAN, off);
            int tci = Bytes.u16(p.d, off + OFF_VLAN_TAG_PCP);
            p.bits(sTag ? QINQ_PRIORITY : VLAN_PRIORITY, off, 2, tci, 13, 0x7);
            p.bits(sTag ? QINQ_DEI : VLAN_DEI, off, 2, tci, 12, 0x1);
            p.bits(sTag ? QINQ_ID : VLAN_ID, off, 2, tci, 0, 0xFFF);
            p.f.add(sTag ? QINQ_ETYPE : VLAN_ETYPE, off + OFF_VLAN_TAG_ETHER_TYPE, LEN_VLAN_TAG_ETHER_TYPE, type);
            p.f.close(node, off + FIXED_SIZE_VLAN_TAG);
        }
        return EtherTypeDispatch.dissect(p, type, off + FIXED_SIZE_VLAN_TAG);
    }
}
