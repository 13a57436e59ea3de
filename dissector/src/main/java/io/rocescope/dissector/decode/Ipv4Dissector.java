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
        int version = readVersion(d, off);
        int ihl = (int) (readIhl(d, off) * IHL_UNIT);
        int dscp = readDscp(d, off), ecn = readEcn(d, off);
        int total = readTotalLength(d, off);
        int fragmentOffset = readFragmentOffset(d, off);
        int proto = readProtocol(d, off);
        p.f.ecn = ecn;
        // the ToS byte DSCP and ECN make, each back at its SHIFT in it
        if (p.f.trafficClass < 0) p.f.trafficClass = dscp << SHIFT_DSCP | ecn << SHIFT_ECN;
        p.f.addresses(FieldType.IPV4, off + OFF_SRC_ADDR, off + OFF_DST_ADDR);
        int node = p.open(IP, off);
        if (p.detail) {
            p.f.add(IP_VERSION, off + OFF_VERSION, LEN_VERSION, version);
            p.f.add(IP_HDR_LEN, off + OFF_IHL, LEN_IHL, ihl);
            p.f.add(IP_DSCP, off + OFF_DSCP, LEN_DSCP, dscp);
            p.f.add(IP_ECN, off + OFF_ECN, LEN_ECN, ecn);
            p.f.add(IP_LEN, off + OFF_TOTAL_LENGTH, LEN_TOTAL_LENGTH, total);
            p.add(IP_ID, off + OFF_IDENTIFICATION, LEN_IDENTIFICATION, readIdentification(d, off));
            int flags = readFlags(d, off);
            p.f.add(IP_FLAGS, off + OFF_FLAGS, LEN_FLAGS, flags);
            p.bits(IP_FLAGS_RB, off + OFF_FLAGS, LEN_FLAGS, flags, RB, 1);
            p.bits(IP_FLAGS_DF, off + OFF_FLAGS, LEN_FLAGS, flags, DF, 1);
            p.bits(IP_FLAGS_MF, off + OFF_FLAGS, LEN_FLAGS, flags, MF, 1);
            p.f.add(IP_FRAG_OFFSET, off + OFF_FRAGMENT_OFFSET, LEN_FRAGMENT_OFFSET, fragmentOffset);
            p.add(IP_TTL, off + OFF_TTL, LEN_TTL, readTtl(d, off));
            p.f.add(IP_PROTO, off + OFF_PROTOCOL, LEN_PROTOCOL, proto);
            p.add(IP_CHECKSUM, off + OFF_HEADER_CHECKSUM, LEN_HEADER_CHECKSUM, readHeaderChecksum(d, off));
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
        if (fragmentOffset != 0) return end;   // a non-first fragment: no transport header in it
        p.l3Offset = off;
        p.l3Kind = IcrcCalculator.IPV4;
        p.l3HeaderLength = ihl;
        IpProtocolDispatch.dissect(p, proto, off + ihl, end);
        return end;
    }
}
