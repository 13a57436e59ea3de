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

    /*
     * The Traffic Class is DSCP and ECN together, read as Wireshark does from the header's first 32-bit word. The
     * layout counts each field's SHIFT from its own bytes (DSCP's two, ECN's one): re-counted here from that word.
     */
    private static final int ECN_SHIFT = SHIFT_ECN + Byte.SIZE * (Integer.BYTES - OFF_ECN - LEN_ECN);            // 20
    private static final int DSCP_SHIFT = SHIFT_DSCP + Byte.SIZE * (Integer.BYTES - OFF_DSCP - LEN_DSCP);         // 22
    private static final int TCLASS_SHIFT = ECN_SHIFT;   // ECN is the Traffic Class's low bits
    private static final long TCLASS_MASK = MASK_DSCP << (DSCP_SHIFT - ECN_SHIFT) | MASK_ECN;                     // 0xFF

    static int dissect(Packet p, int off) {
        p.f.protocol = DecodedFrame.Protocol.IPV6;
        if (!p.need(off, FIXED_SIZE, "IPv6 header")) return -1;
        byte[] d = p.d;
        long w = Bytes.u32(d, off);
        int version = (int) ((Bytes.u8(d, off + OFF_VERSION) >>> SHIFT_VERSION) & MASK_VERSION);
        int plen = Bytes.u16(d, off + OFF_PAYLOAD_LENGTH);
        int nxt = Bytes.u8(d, off + OFF_NEXT_HEADER);
        p.f.ecn = (int) ((w >>> ECN_SHIFT) & MASK_ECN);
        if (p.f.trafficClass < 0) p.f.trafficClass = (int) ((w >>> TCLASS_SHIFT) & TCLASS_MASK);
        p.f.addresses(FieldType.IPV6, off + OFF_SRC_ADDR, off + OFF_DST_ADDR);
        int node = p.open(IPV6, off);
        if (p.detail) {
            p.f.add(IPV6_VERSION, off + OFF_VERSION, LEN_VERSION, version);
            p.bits(IPV6_TCLASS, off + OFF_DSCP, LEN_DSCP, w, TCLASS_SHIFT, TCLASS_MASK);
            p.bits(IPV6_DSCP, off + OFF_DSCP, LEN_DSCP, Bytes.u16(d, off + OFF_DSCP), SHIFT_DSCP, MASK_DSCP);
            p.bits(IPV6_ECN, off + OFF_DSCP, LEN_DSCP, w, ECN_SHIFT, MASK_ECN);   // over the Traffic Class's bytes, as tshark
            p.bits(IPV6_FLOW, off + OFF_FLOW_LABEL, LEN_FLOW_LABEL, Bytes.u24(d, off + OFF_FLOW_LABEL), SHIFT_FLOW_LABEL,
                MASK_FLOW_LABEL);
            p.f.add(IPV6_PLEN, off + OFF_PAYLOAD_LENGTH, LEN_PAYLOAD_LENGTH, plen);
            p.f.add(IPV6_NXT, off + OFF_NEXT_HEADER, LEN_NEXT_HEADER, nxt);
            p.u8(IPV6_HLIM, off + OFF_HOP_LIMIT);
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
