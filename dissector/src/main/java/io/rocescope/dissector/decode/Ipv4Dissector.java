package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.FieldType;

import static io.rocescope.dissector.field.Fields.*;

/** IPv4 header; the payload ends at Total Length, not at the end of the frame. */
final class Ipv4Dissector {
    private Ipv4Dissector() {}

    static int dissect(Packet p, int off) {
        p.f.protocol = DecodedFrame.Protocol.IPV4;
        if (!p.need(off, 20, "IPv4 header")) return -1;
        byte[] d = p.d;
        int vihl = Bytes.u8(d, off);
        int ihl = (vihl & 0xF) * 4;
        int tos = Bytes.u8(d, off + 1);
        int total = Bytes.u16(d, off + 2);
        int ff = Bytes.u16(d, off + 6);
        int proto = Bytes.u8(d, off + 9);
        p.f.ecn = tos & 3;
        if (p.f.trafficClass < 0) p.f.trafficClass = tos;
        p.f.addresses(FieldType.IPV4, off + 12, off + 16);
        int node = p.open(IP, off);
        if (p.detail) {
            p.bits(IP_VERSION, off, 1, vihl, 4, 0xF);
            p.f.add(IP_HDR_LEN, off, 1, ihl);
            p.bits(IP_DSCP, off + 1, 1, tos, 2, 0x3F);
            p.bits(IP_ECN, off + 1, 1, tos, 0, 0x3);
            p.f.add(IP_LEN, off + 2, 2, total);
            p.u16(IP_ID, off + 4);
            p.bits(IP_FLAGS, off + 6, 1, ff, 13, 0x7);
            p.bits(IP_FLAGS_RB, off + 6, 1, ff, 15, 1);
            p.bits(IP_FLAGS_DF, off + 6, 1, ff, 14, 1);
            p.bits(IP_FLAGS_MF, off + 6, 1, ff, 13, 1);
            p.bits(IP_FRAG_OFFSET, off + 6, 2, ff, 0, 0x1FFF);
            p.u8(IP_TTL, off + 8);
            p.f.add(IP_PROTO, off + 9, 1, proto);
            p.u16(IP_CHECKSUM, off + 10);
            p.addr(IP_SRC, off + 12, 4);
            p.addr(IP_ADDR, off + 12, 4);
            p.addr(IP_DST, off + 16, 4);
            p.addr(IP_ADDR, off + 16, 4);
        }
        if ((vihl >>> 4) != 4 || ihl < 20 || total < ihl) {
            p.close(node, off + 20);
            p.malformed("IPv4: version " + (vihl >>> 4) + ", header length " + ihl + ", total length " + total + " do not add up");
            return -1;
        }
        if (!p.need(off, ihl, "IPv4 options")) { p.close(node, off + 20); return -1; }
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
        if ((ff & 0x1FFF) != 0) return end;   // a non-first fragment: no transport header in it
        p.l3Offset = off;
        p.l3Kind = 4;
        p.l3HeaderLength = ihl;
        IpProtocolDispatch.dissect(p, proto, off + ihl, end);
        return end;
    }
}
