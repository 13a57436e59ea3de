package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.FieldType;

import static io.rocescope.dissector.field.Fields.*;
import static io.rocescope.dissector.field.ksy.Ipv6PacketLayout.*;

/**
 * IPv6 fixed header (ksy/ipv6_packet.ksy's layout; RoCEv2 carries no extension headers). The Traffic Class, which
 * the layout has as DSCP and ECN, and the ECN span the first 16 bits, as Wireshark's fields do.
 */
final class Ipv6Dissector {
    private Ipv6Dissector() {}

    /** The Traffic Class is DSCP then ECN, ECN its low bits: DSCP sits above ECN's width (2). */
    private static final int ECN_BITS = Long.bitCount(MASK_ECN);

    static int dissect(Packet p, int off) {
        p.f.protocol = DecodedFrame.Protocol.IPV6;
        if (!p.need(off, FIXED_SIZE, "IPv6 header")) return -1;
        byte[] d = p.d;
        int version = readVersion(d, off);
        int dscp = readDscp(d, off), ecn = readEcn(d, off);
        int tclass = dscp << ECN_BITS | ecn;
        int plen = readPayloadLength(d, off);
        int nxt = readNextHeader(d, off);
        p.f.ecn = ecn;
        if (p.f.trafficClass < 0) p.f.trafficClass = tclass;
        p.f.addresses(FieldType.IPV6, off + OFF_SRC_ADDR, off + OFF_DST_ADDR);
        int node = p.open(IPV6, off);
        if (p.detail) {
            p.f.add(IPV6_VERSION, off + OFF_VERSION, LEN_VERSION, version);
            p.f.add(IPV6_TCLASS, off + OFF_DSCP, LEN_DSCP, tclass);
            p.f.add(IPV6_DSCP, off + OFF_DSCP, LEN_DSCP, dscp);
            p.f.add(IPV6_ECN, off + OFF_DSCP, LEN_DSCP, ecn);   // over the Traffic Class's bytes, as tshark
            p.f.add(IPV6_FLOW, off + OFF_FLOW_LABEL, LEN_FLOW_LABEL, readFlowLabel(d, off));
            p.f.add(IPV6_PLEN, off + OFF_PAYLOAD_LENGTH, LEN_PAYLOAD_LENGTH, plen);
            p.f.add(IPV6_NXT, off + OFF_NEXT_HEADER, LEN_NEXT_HEADER, nxt);
            p.add(IPV6_HLIM, off + OFF_HOP_LIMIT, LEN_HOP_LIMIT, readHopLimit(d, off));
            p.addr(IPV6_SRC, off + OFF_SRC_ADDR, LEN_SRC_ADDR);
            p.addr(IPV6_ADDR, off + OFF_SRC_ADDR, LEN_SRC_ADDR);
            p.addr(IPV6_DST, off + OFF_DST_ADDR, LEN_DST_ADDR);
            p.addr(IPV6_ADDR, off + OFF_DST_ADDR, LEN_DST_ADDR);
        }
        p.close(node, off + FIXED_SIZE);
        if (version != IPV6_VERSION_VALUE) {
            p.malformed("IPv6: version field is " + version);
            return -1;
        }
        int end = off + FIXED_SIZE + plen;
        if (end > p.cap) {
            if (p.cut) {
                p.f.expert(Expert.truncated("IPv6 payload length " + plen + " runs past the bytes captured"));
            } else {
                p.malformed("IPv6 payload length " + plen + " exceeds the " + (p.cap - off - FIXED_SIZE) + " bytes left in the frame");
                return -1;
            }
        }
        p.l3Offset = off;
        p.l3Kind = IcrcCalculator.IPV6;
        p.l3HeaderLength = FIXED_SIZE;
        IpProtocolDispatch.dissect(p, nxt, off + FIXED_SIZE, end);
        return end;
    }
}
