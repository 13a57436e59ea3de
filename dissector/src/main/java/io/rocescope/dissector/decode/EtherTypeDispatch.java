package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.ksy.EtherPayloadKsy;


/** Chooses the dissector for what follows an EtherType. Returns the end offset of what was consumed, or -1. */
final class EtherTypeDispatch {
    private EtherTypeDispatch() {}

    static int dissect(Packet p, int etherType, int off) {
        switch (etherType) {
            case EtherPayloadKsy.ETHER_TYPE_VLAN:
            case EtherPayloadKsy.ETHER_TYPE_QINQ:
            case EtherPayloadKsy.ETHER_TYPE_QINQ_OLD:
                return VlanDissector.dissect(p, etherType, off);
            case EtherPayloadKsy.ETHER_TYPE_IPV4:
                return Ipv4Dissector.dissect(p, off);
            case EtherPayloadKsy.ETHER_TYPE_IPV6:
                return Ipv6Dissector.dissect(p, off);
            case EtherPayloadKsy.ETHER_TYPE_ARP:
                return ArpDissector.dissect(p, off);
            case EtherPayloadKsy.ETHER_TYPE_ROCE:
                return GrhDissector.dissect(p, off);
            case EtherPayloadKsy.ETHER_TYPE_MAC_CONTROL:
                return MacControlDissector.dissect(p, off);
            case EtherPayloadKsy.ETHER_TYPE_LLDP:
                p.f.protocol = DecodedFrame.Protocol.LLDP;
                // fall through: LLDP content is not decoded
            default:
                if (off < p.cap) p.data(off, p.cap - off);
                return p.cap;
        }
    }
}
