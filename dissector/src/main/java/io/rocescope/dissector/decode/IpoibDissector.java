package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.ksy.EtherPayloadKsy;

import static io.rocescope.dissector.field.Fields.*;
import static io.rocescope.dissector.field.ksy.IpoibPacketLayout.*;

/**
 * IP over InfiniBand (RFC 4391) as pcap link type 242 (DLT_IPOIB) holds it (ksy/ipoib_packet.ksy's layout), decoded
 * as Wireshark's packet-ipoib.c does: a 40-byte pseudo-header, which is the destination address (QPN and GID, in its
 * last 20 bytes) when its first two bytes are zero and otherwise the GRH the datagram arrived with, then the 4-byte
 * IPoIB header (an EtherType and two reserved bytes), then IPv4, IPv6 or ARP.
 */
final class IpoibDissector {
    private IpoibDissector() {}

    static void dissect(Packet p) {
        p.f.protocol = DecodedFrame.Protocol.IPOIB;
        if (!p.need(0, FIXED_SIZE, "IPoIB header")) return;
        int node = p.f.open(IPOIB, 0);
        int pseudo = OFF_PSEUDO_HEADER;
        // the .ksy's switch on pseudo_header_start (an instance at a fixed place, read as a field is)
        if (readPseudoHeaderStart(p.d, 0) == 0) {
            int at = pseudo + OFF_PSEUDO_DESTINATION_DADDR;
            int daddr = p.f.open(IPOIB_DADDR, at);
            p.add(IPOIB_DADDR_QPN, at + OFF_DESTINATION_ADDRESS_QPN, LEN_DESTINATION_ADDRESS_QPN, readDestinationAddressQpn(p.d, at));
            p.addr(IPOIB_DGID, at + OFF_DESTINATION_ADDRESS_DGID, LEN_DESTINATION_ADDRESS_DGID);
            p.f.close(daddr, at + FIXED_SIZE_DESTINATION_ADDRESS);
        } else {
            int grh = p.f.open(IPOIB_GRH, pseudo);
            // as Wireshark's: the Traffic Class over the first two bytes, the Flow Label over the first four
            int flowLabelEnd = OFF_PSEUDO_GRH_FLOW_LABEL + LEN_PSEUDO_GRH_FLOW_LABEL;
            p.add(IPOIB_GRH_IPVER, pseudo + OFF_PSEUDO_GRH_IP_VERSION, LEN_PSEUDO_GRH_IP_VERSION, readPseudoGrhIpVersion(p.d, pseudo));
            p.add(IPOIB_GRH_TCLASS, pseudo + OFF_PSEUDO_GRH_TRAFFIC_CLASS, LEN_PSEUDO_GRH_TRAFFIC_CLASS,
                readPseudoGrhTrafficClass(p.d, pseudo));
            p.add(IPOIB_GRH_FLOWLABEL, pseudo, flowLabelEnd, readPseudoGrhFlowLabel(p.d, pseudo));
            p.add(IPOIB_GRH_SQPN, pseudo + OFF_PSEUDO_GRH_SQPN, LEN_PSEUDO_GRH_SQPN, readPseudoGrhSqpn(p.d, pseudo));
            p.addr(IPOIB_GRH_SGID, pseudo + OFF_PSEUDO_GRH_SGID, LEN_PSEUDO_GRH_SGID);
            p.addr(IPOIB_DGID, pseudo + OFF_PSEUDO_GRH_DGID, LEN_PSEUDO_GRH_DGID);
            p.f.close(grh, pseudo + FIXED_SIZE_PSEUDO_GRH);
        }
        int type = p.add(IPOIB_TYPE, OFF_TYPE, LEN_TYPE, readType(p.d, 0));
        p.add(IPOIB_RESERVED, OFF_RESERVED, LEN_RESERVED, readReserved(p.d, 0));
        p.f.close(node, FIXED_SIZE);
        int off = FIXED_SIZE;
        switch (type) {
            case EtherPayloadKsy.ETHER_TYPE_IPV4 -> Ipv4Dissector.dissect(p, off);
            case EtherPayloadKsy.ETHER_TYPE_IPV6 -> Ipv6Dissector.dissect(p, off);
            case EtherPayloadKsy.ETHER_TYPE_ARP, EtherPayloadKsy.ETHER_TYPE_REVERSE_ARP -> ArpDissector.dissect(p, off);
            default -> { if (off < p.cap) p.data(off, p.cap - off); }   // as Wireshark: the rest is not decoded
        }
    }
}
