package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.ksy.Ipv4PacketKsy;

import static io.rocescope.dissector.field.Fields.*;
import static io.rocescope.dissector.field.ksy.Ipv4PacketLayout.*;

/**
 * IPv4 header (ksy/ipv4_packet.ksy's layout); the payload ends at Total Length, not at the end of the frame. The
 * flag bits are Wireshark's, of the 16-bit word the flags share with the fragment offset.
 */
final class Ipv4Dissector {
    /** Where each flag bit (ksy/ipv4_packet.ksy's ip_flag) sits in the 3-bit flags value. */
    private static final int RB = Integer.numberOfTrailingZeros(Ipv4PacketKsy.IP_FLAG_RB),
        DF = Integer.numberOfTrailingZeros(Ipv4PacketKsy.IP_FLAG_DF), MF = Integer.numberOfTrailingZeros(Ipv4PacketKsy.IP_FLAG_MF);

    private Ipv4Dissector() {}

    static int dissect(Packet p, int off) {
        p.f.protocol = DecodedFrame.Protocol.IPV4;
        if (!p.need(off, FIXED_SIZE, "IPv4 header")) return -1;
        byte[] d = p.d;
        int vihl = Bytes.u8(d, off + OFF_VERSION);
        int version = (int) ((vihl >>> SHIFT_VERSION) & MASK_VERSION);
        int ihl = (int) (((vihl >>> SHIFT_IHL) & MASK_IHL) * IHL_UNIT);
        int tos = Bytes.u8(d, off + OFF_DSCP);
        int total = Bytes.u16(d, off + OFF_TOTAL_LENGTH);
        int ff = Bytes.u16(d, off + OFF_FRAGMENT_OFFSET);
        int proto = Bytes.u8(d, off + OFF_PROTOCOL);
        p.f.ecn = (int) ((tos >>> SHIFT_ECN) & MASK_ECN);
        if (p.f.trafficClass < 0) p.f.trafficClass = tos;
        p.f.addresses(FieldType.IPV4, off + OFF_SRC_ADDR, off + OFF_DST_ADDR);
        int node = p.open(IP, off);
        if (p.detail) {
            p.bits(IP_VERSION, off + OFF_VERSION, LEN_VERSION, vihl, SHIFT_VERSION, MASK_VERSION);
            p.f.add(IP_HDR_LEN, off + OFF_IHL, LEN_IHL, ihl);
            p.bits(IP_DSCP, off + OFF_DSCP, LEN_DSCP, tos, SHIFT_DSCP, MASK_DSCP);
            p.bits(IP_ECN, off + OFF_ECN, LEN_ECN, tos, SHIFT_ECN, MASK_ECN);
            p.f.add(IP_LEN, off + OFF_TOTAL_LENGTH, LEN_TOTAL_LENGTH, total);
            p.u16(IP_ID, off + OFF_IDENTIFICATION);
            int flags = (int) ((Bytes.u8(d, off + OFF_FLAGS) >>> SHIFT_FLAGS) & MASK_FLAGS);
            p.f.add(IP_FLAGS, off + OFF_FLAGS, LEN_FLAGS, flags);
            p.bits(IP_FLAGS_RB, off + OFF_FLAGS, LEN_FLAGS, flags, RB, 1);
            p.bits(IP_FLAGS_DF, off + OFF_FLAGS, LEN_FLAGS, flags, DF, 1);
            p.bits(IP_FLAGS_MF, off + OFF_FLAGS, LEN_FLAGS, flags, MF, 1);
            p.bits(IP_FRAG_OFFSET, off + OFF_FRAGMENT_OFFSET, LEN_FRAGMENT_OFFSET, ff, SHIFT_FRAGMENT_OFFSET, MASK_FRAGMENT_OFFSET);
            p.u8(IP_TTL, off + OFF_TTL);
            p.f.add(IP_PROTO, off + OFF_PROTOCOL, LEN_PROTOCOL, proto);
            p.u16(IP_CHECKSUM, off + OFF_HEADER_CHECKSUM);
            p.addr(IP_SRC, off + OFF_SRC_ADDR, LEN_SRC_ADDR);
            p.addr(IP_ADDR, off + OFF_SRC_ADDR, LEN_SRC_ADDR);
            p.addr(IP_DST, off + OFF_DST_ADDR, LEN_DST_ADDR);
            p.addr(IP_ADDR, off + OFF_DST_ADDR, LEN_DST_ADDR);
        }
        if (version != IPV4_VERSION_VALUE || ihl < FIXED_SIZE || total < ihl) {
            p.close(node, off + FIXED_SIZE);
            p.malformed("IPv4: version " + version + ", header length " + ihl + ", total length " + total + " do not add up");
            return -1;
        }
        if (!p.need(off, ihl, "IPv4 options")) { p.close(node, off + FIXED_SIZE); return -1; }
        p.close(node, off + ihl);
        int end = off + total;
        if (end > p.cap) {
            if (p.cut) {
                p.f.expert(Expert.truncated("IPv4 total length " + total + " runs past the " + (p.cap - off) + " bytes captured"));
            } else {
                p.malformed("IPv4 total length " + total + " exceeds the " + (p.cap - off) + " bytes left in the frame");
                return -1;
            }
        }
        if (((ff >>> SHIFT_FRAGMENT_OFFSET) & MASK_FRAGMENT_OFFSET) != 0) return end;   // a non-first fragment: no transport header in it
        p.l3Offset = off;
        p.l3Kind = IcrcCalculator.IPV4;
        p.l3HeaderLength = ihl;
        IpProtocolDispatch.dissect(p, proto, off + ihl, end);
        return end;
    }
}
