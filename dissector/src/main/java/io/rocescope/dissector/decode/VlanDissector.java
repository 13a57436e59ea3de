package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.ksy.EtherPayloadKsy;

import static io.rocescope.dissector.field.Fields.*;
import static io.rocescope.dissector.field.ksy.EtherPayloadLayout.*;

/**
 * One 802.1Q C-tag or 802.1ad S-tag (the TPID was the previous EtherType; ksy/ether_payload.ksy's vlan_tag); recurses
 * for QinQ. The priority, DEI and ID span the 16-bit TCI, with Wireshark's masks of it.
 */
final class VlanDissector {
    /*
     * The TCI: the 16-bit word before the EtherType that PCP, DEI and VID make. The layout counts each field's SHIFT
     * from its own bytes (PCP's and DEI's one, VID's two); the TCI (the frame's value, and Wireshark's span of the
     * three) is counted from the word, so re-counted here.
     */
    static final int TCI_LEN = OFF_VLAN_TAG_ETHER_TYPE - OFF_VLAN_TAG_PCP;
    static final int PCP_SHIFT = SHIFT_VLAN_TAG_PCP + Byte.SIZE * (OFF_VLAN_TAG_ETHER_TYPE - OFF_VLAN_TAG_PCP - LEN_VLAN_TAG_PCP);  // 13
    static final int DEI_SHIFT = SHIFT_VLAN_TAG_DEI + Byte.SIZE * (OFF_VLAN_TAG_ETHER_TYPE - OFF_VLAN_TAG_DEI - LEN_VLAN_TAG_DEI);  // 12
    static final int VID_SHIFT = SHIFT_VLAN_TAG_VID + Byte.SIZE * (OFF_VLAN_TAG_ETHER_TYPE - OFF_VLAN_TAG_VID - LEN_VLAN_TAG_VID);  // 0

    private VlanDissector() {}

    static int dissect(Packet p, int tpid, int off) {
        if (!p.need(off, FIXED_SIZE_VLAN_TAG, "802.1Q tag")) return -1;
        byte[] d = p.d;
        int type = readVlanTagEtherType(d, off);
        p.f.etherType = type;
        // the frame keeps its first tag's TCI; the tree shows every tag's fields: an inner tag of a summary decode needs neither
        if (p.f.vlanTci >= 0 && !p.detail) return EtherTypeDispatch.dissect(p, type, off + FIXED_SIZE_VLAN_TAG);
        int pcp = readVlanTagPcp(d, off), dei = readVlanTagDei(d, off), vid = readVlanTagVid(d, off);
        if (p.f.vlanTci < 0) p.f.vlanTci = pcp << PCP_SHIFT | dei << DEI_SHIFT | vid << VID_SHIFT;
        if (p.detail) {   // every tag field is a detail (Fields.detail())
            boolean sTag = tpid != EtherPayloadKsy.ETHER_TYPE_VLAN;
            int node = p.f.open(sTag ? QINQ : VLAN, off);
            p.f.add(sTag ? QINQ_PRIORITY : VLAN_PRIORITY, off + OFF_VLAN_TAG_PCP, TCI_LEN, pcp);
            p.f.add(sTag ? QINQ_DEI : VLAN_DEI, off + OFF_VLAN_TAG_PCP, TCI_LEN, dei);
            p.f.add(sTag ? QINQ_ID : VLAN_ID, off + OFF_VLAN_TAG_PCP, TCI_LEN, vid);
            p.f.add(sTag ? QINQ_ETYPE : VLAN_ETYPE, off + OFF_VLAN_TAG_ETHER_TYPE, LEN_VLAN_TAG_ETHER_TYPE, type);
            p.f.close(node, off + FIXED_SIZE_VLAN_TAG);
        }
        return EtherTypeDispatch.dissect(p, type, off + FIXED_SIZE_VLAN_TAG);
    }
}
