package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.FieldType;

import static io.rocescope.dissector.field.Fields.*;

/** IPv6 fixed header (RoCEv2 carries no extension headers). */
final class Ipv6Dissector {
    private Ipv6Dissector() {}

    static int dissect(Packet p, int off) {
        p.f.protocol = DecodedFrame.Protocol.IPV6;
        if (!p.need(off, 40, "IPv6 header")) return -1;
        byte[] d = p.d;
        long w = Bytes.u32(d, off);
        int plen = Bytes.u16(d, off + 4);
        int nxt = Bytes.u8(d, off + 6);
        p.f.ecn = (int) ((w >>> 20) & 3);
        if (p.f.trafficClass < 0) p.f.trafficClass = (int) ((w >>> 20) & 0xFF);
        p.f.addresses(FieldType.IPV6, off + 8, off + 24);
        int node = p.open(IPV6, off);
        if (p.detail) {
            p.bits(IPV6_VERSION, off, 1, w, 28, 0xF);
            p.bits(IPV6_TCLASS, off, 2, w, 20, 0xFF);
            p.bits(IPV6_DSCP, off, 2, w, 22, 0x3F);
            p.bits(IPV6_ECN, off, 2, w, 20, 0x3);
            p.bits(IPV6_FLOW, off + 1, 3, w, 0, 0xFFFFF);
            p.f.add(IPV6_PLEN, off + 4, 2, plen);
            p.f.add(IPV6_NXT, off + 6, 1, nxt);
            p.u8(IPV6_HLIM, off + 7);
            p.addr(IPV6_SRC, off + 8, 16);
            p.addr(IPV6_ADDR, off + 8, 16);
            p.addr(IPV6_DST, off + 24, 16);
            p.addr(IPV6_ADDR, off + 24, 16);
        }
        p.close(node, off + 40);
        if ((w >>> 28) != 6) {
            p.malformed("IPv6: version field is " + (w >>> 28));
            return -1;
        }
        int end = off + 40 + plen;
        if (end > p.cap) {
            if (p.cut) {
                p.f.expert(Expert.truncated("IPv6 payload length " + plen + " runs past the bytes captured"));
            } else {
                p.malformed("IPv6 payload length " + plen + " exceeds the " + (p.cap - off - 40) + " bytes left in the frame");
                return -1;
            }
        }
        p.l3Offset = off;
        p.l3Kind = 6;
        p.l3HeaderLength = 40;
        IpProtocolDispatch.dissect(p, nxt, off + 40, end);
        return end;
    }
}
