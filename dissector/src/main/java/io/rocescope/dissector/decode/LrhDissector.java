package io.rocescope.dissector.decode;

import static io.rocescope.dissector.field.Fields.*;

/**
 * Native InfiniBand (DLT_INFINIBAND, and ERF records of type INFINIBAND): the 8-byte Local Route
 * Header, a GRH when its Link Next Header says IBA global, then the transport as for RoCE (BTH,
 * extended headers, MADs and the CM, ICRC check over the LRH-based invariant fields), and the 2-byte
 * VCRC after the ICRC, checked too. The LRH's Packet Length (in 4-byte words, LRH to ICRC) gives the
 * packet's end.
 */
final class LrhDissector {
    static final int LNH_LOCAL = 2, LNH_GLOBAL = 3;

    private LrhDissector() {}

    static void dissect(Packet p, int off) {
        DecodedFrame f = p.f;
        f.protocol = DecodedFrame.Protocol.INFINIBAND;
        if (!p.need(off, 8, "LRH")) return;
        byte[] d = p.d;
        int ib = f.open(IB, off);
        try {
            int b0 = Bytes.u8(d, off), b1 = Bytes.u8(d, off + 1);
            int w4 = Bytes.u16(d, off + 4);
            int lnh = b1 & 3;
            int words = w4 & 0x7FF;
            int node = f.open(LRH, off);
            p.bits(LRH_VL, off, 1, b0, 4, 0xF);
            p.bits(LRH_LVER, off, 1, b0, 0, 0xF);
            p.bits(LRH_SL, off + 1, 1, b1, 4, 0xF);
            p.bits(LRH_RESERVED2, off + 1, 1, b1, 2, 3);
            p.bits(LRH_LNH, off + 1, 1, b1, 0, 3);
            p.u16(LRH_DLID, off + 2);
            p.bits(LRH_RESERVED5, off + 4, 2, w4, 11, 0x1F);
            p.bits(LRH_PKTLEN, off + 4, 2, w4, 0, 0x7FF);
            p.u16(LRH_SLID, off + 6);
            f.close(node, off + 8);
            int end = off + 4 * words;   // LRH to ICRC; the VCRC follows
            if (end < off + 8 || (end > p.cap && !p.cut)) {
                p.malformed("Invalid Packet Length from LRH: " + words + " words (" + (4 * words) + " bytes) but "
                    + (p.cap - off) + " bytes in the frame");
                return;
            }
            int bth = off + 8;
            if (lnh == LNH_GLOBAL) {
                if (!p.need(bth, GrhDissector.LENGTH, "GRH")) return;
                GrhDissector.header(p, bth);
                bth += GrhDissector.LENGTH;
            } else if (lnh != LNH_LOCAL) {
                if (bth < Math.min(end, p.cap)) p.bytes(DATA, bth, Math.min(end, p.cap) - bth);
                vcrc(p, off, end);
                return;
            }
            p.l3Offset = off;
            p.l3Kind = lnh == LNH_GLOBAL ? IcrcCalculator.LRH_GRH : IcrcCalculator.LRH;
            p.l3HeaderLength = bth - off;
            IbTransportDissector.dissect(p, bth, end);
            vcrc(p, off, end);
        } finally {
            f.close(ib, p.cap);
        }
    }

    /** The VCRC after the packet, checked: a bad one is an error, as a bad ICRC is. */
    private static void vcrc(Packet p, int lrh, int end) {
        DecodedFrame f = p.f;
        if (end + 2 > p.cap) return;   // cut by the snaplen (or an ibdump that leaves it out)
        int found = Bytes.u16(p.d, end);
        int expected = IcrcCalculator.vcrc(p.d, lrh, end);
        int expectedWire = ((expected & 0xFF) << 8) | (expected >>> 8);   // sent LSB first; the field reads the bytes big-endian
        boolean good = found == expectedWire;
        f.add(VARIANT_CRC, end, 2, found);
        f.add(VCRC_STATUS, end, 2, good ? DecodedFrame.IcrcStatus.GOOD.ordinal() : DecodedFrame.IcrcStatus.BAD.ordinal());
        if (!good) {
            f.add(VCRC_EXPECTED, end, 2, expectedWire);
            f.expert(new Expert(Expert.Severity.ERROR, "vcrc.bad",
                String.format("Bad VCRC: found 0x%04x, expected 0x%04x (packet corrupted on the link)", found, expectedWire)));
        }
    }
}
