package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.ksy.IbLrhKsy;
import io.rocescope.dissector.util.BigEndian;

import static io.rocescope.dissector.field.Fields.*;
import static io.rocescope.dissector.field.ksy.IbLrhLayout.*;

/**
 * Native InfiniBand (DLT_INFINIBAND, and ERF records of type INFINIBAND): the 8-byte Local Route
 * Header, a GRH when its Link Next Header says IBA global, then the transport as for RoCE (BTH,
 * extended headers, MADs and the CM, ICRC check over the LRH-based invariant fields), and the 2-byte
 * VCRC after the ICRC, checked too. The LRH's Packet Length (in 4-byte words, LRH to ICRC) gives the
 * packet's end. Offsets, widths and masks are ksy/ib_lrh.ksy's ({@code IbLrhLayout}'s readers and OFF_/LEN_); the
 * VCRC, after the packet, has no offset in it, so its bytes ({@code variant_crc_size}) are read whole.
 */
final class LrhDissector {
    static final int LNH_LOCAL = IbLrhKsy.LINK_NEXT_HEADER_IBA_LOCAL, LNH_GLOBAL = IbLrhKsy.LINK_NEXT_HEADER_IBA_GLOBAL;

    /** The Packet Length's unit (4-byte words) and the VCRC's size, ksy/ib_lrh.ksy's -constants. */
    private static final int WORD = (int) PKTLEN_UNIT, VCRC = (int) VARIANT_CRC_SIZE;

    private LrhDissector() {}

    static void dissect(Packet p, int off) {
        DecodedFrame f = p.f;
        f.protocol = DecodedFrame.Protocol.INFINIBAND;
        if (!p.need(off, FIXED_SIZE, "LRH")) return;
        int ib = f.open(IB, off);
        try {
            int node = f.open(LRH, off);
            p.add(LRH_VL, off + OFF_VL, LEN_VL, readVl(p.d, off));
            p.add(LRH_LVER, off + OFF_LVER, LEN_LVER, readLver(p.d, off));
            p.add(LRH_SL, off + OFF_SL, LEN_SL, readSl(p.d, off));
            p.add(LRH_RESERVED2, off + OFF_RESERVED2, LEN_RESERVED2, readReserved2(p.d, off));
            int lnh = p.add(LRH_LNH, off + OFF_LNH, LEN_LNH, readLnh(p.d, off));
            p.add(LRH_DLID, off + OFF_DLID, LEN_DLID, readDlid(p.d, off));
            // Wireshark's span: the 16-bit word the five bits share with the Packet Length
            p.add(LRH_RESERVED5, off + OFF_RESERVED5, LEN_PKTLEN, readReserved5(p.d, off));
            int words = p.add(LRH_PKTLEN, off + OFF_PKTLEN, LEN_PKTLEN, readPktlen(p.d, off));
            p.add(LRH_SLID, off + OFF_SLID, LEN_SLID, readSlid(p.d, off));
            f.close(node, off + FIXED_SIZE);
            int end = off + WORD * words;   // LRH to ICRC; the VCRC follows
            if (end < off + FIXED_SIZE || (end > p.cap && !p.cut)) {
                p.malformed("Invalid Packet Length from LRH: " + words + " words (" + (WORD * words) + " bytes) but "
                    + (p.cap - off) + " bytes in the frame");
                return;
            }
            int bth = off + FIXED_SIZE;
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
        if (end + VCRC > p.cap) return;   // cut by the snaplen (or an ibdump that leaves it out)
        int found = (int) BigEndian.read(p.d, end, VCRC);   // after the packet: no layout offset, so no reader
        int expected = IcrcCalculator.vcrc(p.d, lrh, end);
        int expectedWire = ((expected & 0xFF) << 8) | (expected >>> 8);   // sent LSB first; the field reads the bytes big-endian
        boolean good = found == expectedWire;
        f.add(VARIANT_CRC, end, VCRC, found);
        f.add(VCRC_STATUS, end, VCRC, good ? DecodedFrame.IcrcStatus.GOOD.ordinal() : DecodedFrame.IcrcStatus.BAD.ordinal());
        if (!good) {
            f.add(VCRC_EXPECTED, end, VCRC, expectedWire);
            f.expert(new Expert(Expert.Severity.ERROR, "vcrc.bad",
                String.format("Bad VCRC: found 0x%04x, expected 0x%04x (packet corrupted on the link)", found, expectedWire)));
        }
    }
}
