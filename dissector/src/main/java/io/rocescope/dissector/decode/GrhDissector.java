package io.rocescope.dissector.decode;

import static io.rocescope.dissector.field.Fields.*;

/** RoCE v1: the 40-byte Global Route Header; a BTH follows only when NxtHdr is 0x1B. */
final class GrhDissector {
    static final int NEXT_HEADER_BTH = 0x1B;

    private GrhDissector() {}

    /** The GRH node and its fields at {@code off} (40 bytes, checked by the caller); the GIDs become the frame's addresses. */
    static void header(Packet p, int off) {
        long w = Bytes.u32(p.d, off);
        // RoCEv1 has no IP header: the GRH's Traffic Class is what the fabric classifies on
        if (p.f.trafficClass < 0) p.f.trafficClass = (int) ((w >>> 20) & 0xFF);
        int node = p.f.open(GRH, off);
        p.bits(GRH_IPVER, off, 1, w, 28, 0xF);
        p.bits(GRH_TCLASS, off, 2, w, 20, 0xFF);
        p.bits(GRH_FLOWLABEL, off + 1, 3, w, 0, 0xFFFFF);
        p.u16(GRH_PAYLEN, off + 4);
        p.u8(GRH_NXTHDR, off + 6);
        p.u8(GRH_HOPLMT, off + 7);
        p.f.addresses(io.rocescope.dissector.field.FieldType.IPV6, off + 8, off + 24);
        p.addr(GRH_SGID, off + 8, 16);
        p.addr(GRH_DGID, off + 24, 16);
        p.f.close(node, off + 40);
    }

    static int dissect(Packet p, int off) {
        p.f.protocol = DecodedFrame.Protocol.ROCE;
        if (!p.need(off, 40, "GRH")) return -1;
        int ib = p.f.open(IB, off);
        header(p, off);
        int paylen = Bytes.u16(p.d, off + 4);
        int nxt = Bytes.u8(p.d, off + 6);
        int end = off + 40 + paylen;
        // the InfiniBand node holds the GRH and what follows it (BTH, ETHs, payload, ICRC), as for RoCEv2
        try {
            if (end > p.cap && !p.cut) {
                p.malformed("GRH payload length " + paylen + " exceeds the " + (p.cap - off - 40) + " bytes left in the frame");
                return -1;
            }
            if (nxt != NEXT_HEADER_BTH) {
                int stop = Math.min(end, p.cap);
                if (off + 40 < stop) p.data(off + 40, stop - off - 40);
                return end;
            }
            p.l3Offset = off;
            p.l3Kind = 1;
            p.l3HeaderLength = 40;
            IbTransportDissector.dissect(p, off + 40, end);
            return end;
        } finally {
            p.f.close(ib, Math.min(end, p.cap));
        }
    }
}
