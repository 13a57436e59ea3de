package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.EtherTypeNames;


/** Chooses the dissector for what follows an EtherType. Returns the end offset of what was consumed, or -1. */
final class EtherTypeDispatch {
    private EtherTypeDispatch() {}

    static int dissect(Packet p, int etherType, int off) {
        switch (etherType) {
            case EtherTypeNames.VLAN:
            case EtherTypeNames.QINQ:
            case EtherTypeNames.QINQ_OLD:
                return VlanDissector.dissect(p, etherType, off);
            case EtherTypeNames.IPV4:
                return Ipv4Dissector.dissect(p, off);
            case EtherTypeNames.IPV6:
                return Ipv6Dissector.dissect(p, off);
            case EtherTypeNames.ARP:
                return ArpDissector.dissect(p, off);
            case EtherTypeNames.ROCE:
                return GrhDissector.dissect(p, off);
            case EtherTypeNames.MAC_CONTROL:
                return MacControlDissector.dissect(p, off);
            case EtherTypeNames.LLDP:
                p.f.protocol = DecodedFrame.Protocol.LLDP;
                // fall through: LLDP content is not decoded
            default:
                if (off < p.cap) p.data(off, p.cap - off);
                return p.cap;
        }
    }
}
