package io.rocescope.dissector.encode;

import io.rocescope.dissector.field.ksy.EtherPayloadKsy;
import io.rocescope.dissector.util.BigEndian;

import static io.rocescope.dissector.field.ksy.EtherPayloadLayout.*;
import static io.rocescope.dissector.field.ksy.EthernetFrameLayout.*;

/** Writes an Ethernet II header and, for a tagged {@link Net}, its 802.1Q tag, where ksy/ethernet_frame.ksy and ether_payload.ksy put them. */
final class EthernetHeader {
    private EthernetHeader() {}

    /** The bytes before the EtherType's payload: 14, or 18 with a tag. */
    static int length(Net net) {
        return FIXED_SIZE + (net.vlan() >= 0 ? FIXED_SIZE_VLAN_TAG : 0);
    }

    /** Writes the header at the start of {@code f} (zeroed) and returns where the payload of {@code etherType} starts. */
    static int put(byte[] f, Net net, int etherType) {
        System.arraycopy(net.dstMac(), 0, f, OFF_DST_MAC, LEN_DST_MAC);
        System.arraycopy(net.srcMac(), 0, f, OFF_SRC_MAC, LEN_SRC_MAC);
        if (net.vlan() < 0) {
            Layout.put(f, OFF_ETHER_TYPE, LEN_ETHER_TYPE, SHIFT_ETHER_TYPE, MASK_ETHER_TYPE, etherType);
            return FIXED_SIZE;
        }
        // the tag's TPID is the frame's EtherType; the tag itself follows it (ether_payload's vlan_tag)
        Layout.put(f, OFF_ETHER_TYPE, LEN_ETHER_TYPE, SHIFT_ETHER_TYPE, MASK_ETHER_TYPE, EtherPayloadKsy.ETHER_TYPE_VLAN);
        int tag = FIXED_SIZE;
        Layout.put(f, tag + OFF_VLAN_TAG_PCP, LEN_VLAN_TAG_PCP, SHIFT_VLAN_TAG_PCP, MASK_VLAN_TAG_PCP, net.pcp());
        Layout.put(f, tag + OFF_VLAN_TAG_VID, LEN_VLAN_TAG_VID, SHIFT_VLAN_TAG_VID, MASK_VLAN_TAG_VID, net.vlan());
        Layout.put(f, tag + OFF_VLAN_TAG_ETHER_TYPE, LEN_VLAN_TAG_ETHER_TYPE, SHIFT_VLAN_TAG_ETHER_TYPE, MASK_VLAN_TAG_ETHER_TYPE,
            etherType);
        return tag + FIXED_SIZE_VLAN_TAG;
    }

    /** Where the IP header of a frame written by {@link #put} starts, read back from its EtherType; -1 if not {@code etherType}. */
    static int payloadOf(byte[] f, int etherType) {
        int type = (int) BigEndian.read(f, OFF_ETHER_TYPE, LEN_ETHER_TYPE);
        int at = FIXED_SIZE;
        if (type == EtherPayloadKsy.ETHER_TYPE_VLAN) {
            type = (int) BigEndian.read(f, at + OFF_VLAN_TAG_ETHER_TYPE, LEN_VLAN_TAG_ETHER_TYPE);
            at += FIXED_SIZE_VLAN_TAG;
        }
        return type == etherType ? at : -1;
    }
}
