package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.CmNames;

import static io.rocescope.dissector.field.CmFields.*;

/** The 256-byte MAD carried by a UD SEND Only to QP1: common header, then the CM message. */
final class MadDissector {
    static final int MAD_SIZE = 256;

    private MadDissector() {}

    static void dissect(Packet p, int off) {
        if (!p.need(off, MAD_SIZE, "MAD")) return;
        DecodedFrame f = p.f;
        int node = f.open(MAD, off);
        p.u8(MAD_BASEVERSION, off);
        int mgmtClass = p.u8(MAD_MGMTCLASS, off + 1);
        p.u8(MAD_CLASSVERSION, off + 2);
        p.u8(MAD_METHOD, off + 3);
        p.u16(MAD_STATUS, off + 4);
        p.u16(MAD_CLASSSPECIFIC, off + 6);
        p.u64(MAD_TRANSACTIONID, off + 8);
        int attr = p.u16(MAD_ATTRIBUTEID, off + 16);
        p.u32(MAD_ATTRIBUTEMODIFIER, off + 20);
        f.close(node, off + 24);
        if (mgmtClass != CmNames.CLASS_CM) {
            p.bytes(MAD_DATA, off + 24, MAD_SIZE - 24);
            return;
        }
        long qkey = f.ib.has(io.rocescope.dissector.field.OpcodeTable.DETH) ? f.ib.qKey : CmNames.QP1_QKEY;
        if (qkey != CmNames.QP1_QKEY) {
            f.add(QKEY_MISMATCH, off, 0, 1);
            f.expert(new Expert(Expert.Severity.WARNING, "infiniband.cm.qkey_mismatch",
                String.format("CM MAD with Q_Key 0x%08x instead of 0x80010000: CM responders drop it", qkey)));
        }
        int cm = f.open(CM, off + 24);
        CmDissector.dissect(p, attr, off + 24);
        f.close(cm, off + MAD_SIZE);
    }
}
