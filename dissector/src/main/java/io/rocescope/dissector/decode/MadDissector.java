package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.CmNames;

import static io.rocescope.dissector.field.CmFields.*;
import static io.rocescope.dissector.field.ksy.IbMadLayout.*;

/** The 256-byte MAD carried by a UD SEND Only to QP1: common header, then the CM message (ksy/ib_mad.ksy's layout). */
final class MadDissector {
    static final int MAD_SIZE = FIXED_SIZE;

    private MadDissector() {}

    static void dissect(Packet p, int off) {
        if (!p.need(off, MAD_SIZE, "MAD")) return;
        DecodedFrame f = p.f;
        int node = f.open(MAD, off);
        p.u8(MAD_BASEVERSION, off + OFF_BASE_VERSION);
        int mgmtClass = p.u8(MAD_MGMTCLASS, off + OFF_MGMT_CLASS);
        p.u8(MAD_CLASSVERSION, off + OFF_CLASS_VERSION);
        p.u8(MAD_METHOD, off + OFF_METHOD);
        p.u16(MAD_STATUS, off + OFF_STATUS);
        p.u16(MAD_CLASSSPECIFIC, off + OFF_CLASS_SPECIFIC);
        p.u64(MAD_TRANSACTIONID, off + OFF_TRANSACTION_ID);
        int attr = p.u16(MAD_ATTRIBUTEID, off + OFF_ATTRIBUTE_ID);
        p.u32(MAD_ATTRIBUTEMODIFIER, off + OFF_ATTRIBUTE_MODIFIER);
        f.close(node, off + OFF_DATA);
        if (mgmtClass != CmNames.CLASS_CM) {
            p.bytes(MAD_DATA, off + OFF_DATA, LEN_DATA);
            return;
        }
        long qkey = f.ib.has(io.rocescope.dissector.field.OpcodeTable.DETH) ? f.ib.qKey : CmNames.QP1_QKEY;
        if (qkey != CmNames.QP1_QKEY) {
            f.add(QKEY_MISMATCH, off, 0, 1);
            f.expert(new Expert(Expert.Severity.WARNING, "infiniband.cm.qkey_mismatch",
                String.format("CM MAD with Q_Key 0x%08x instead of 0x%08x: CM responders drop it", qkey, CmNames.QP1_QKEY)));
        }
        int cm = f.open(CM, off + OFF_DATA);
        CmDissector.dissect(p, attr, off + OFF_DATA);
        f.close(cm, off + MAD_SIZE);
    }
}
