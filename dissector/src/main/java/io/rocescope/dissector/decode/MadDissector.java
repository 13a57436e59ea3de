package io.rocescope.dissector.decode;

import io.rocescope.dissector.cm.CmMessage;
import io.rocescope.dissector.cm.Mad;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.ksy.IbTransportKsy;

import static io.rocescope.dissector.field.CmFields.*;
import static io.rocescope.dissector.field.ksy.IbMadLayout.*;

/**
 * The 256-byte MAD carried by a UD SEND Only to QP1: common header, then the CM message (ksy/ib_mad.ksy's layout).
 * The frame also gets the MAD as a {@link Mad} value, for readers of values (the flow tracker).
 */
final class MadDissector {
    static final int MAD_SIZE = FIXED_SIZE;

    private MadDissector() {}

    static void dissect(Packet p, int off) {
        if (!p.need(off, MAD_SIZE, "MAD")) return;
        DecodedFrame f = p.f;
        int node = f.open(MAD, off);
        int baseVersion = p.u8(MAD_BASEVERSION, off + OFF_BASE_VERSION);
        int mgmtClass = p.u8(MAD_MGMTCLASS, off + OFF_MGMT_CLASS);
        int classVersion = p.u8(MAD_CLASSVERSION, off + OFF_CLASS_VERSION);
        int method = p.u8(MAD_METHOD, off + OFF_METHOD);
        int status = p.u16(MAD_STATUS, off + OFF_STATUS);
        int classSpecific = p.u16(MAD_CLASSSPECIFIC, off + OFF_CLASS_SPECIFIC);
        long tid = p.u64(MAD_TRANSACTIONID, off + OFF_TRANSACTION_ID);
        int attr = p.u16(MAD_ATTRIBUTEID, off + OFF_ATTRIBUTE_ID);
        long modifier = p.u32(MAD_ATTRIBUTEMODIFIER, off + OFF_ATTRIBUTE_MODIFIER);
        f.close(node, off + OFF_DATA);
        if (mgmtClass != CmNames.CLASS_CM) {
            p.bytes(MAD_DATA, off + OFF_DATA, LEN_DATA);
            f.mad(new Mad(baseVersion, mgmtClass, classVersion, method, status, classSpecific, tid, attr, modifier, false, null));
            return;
        }
        long qkey = f.ib.has(IbTransportKsy.HEADER_DETH) ? f.ib.qKey : CmNames.QP1_QKEY;
        if (qkey != CmNames.QP1_QKEY) {
            f.add(QKEY_MISMATCH, off, 0, 1);
            f.expert(new Expert(Expert.Severity.WARNING, QKEY_MISMATCH.abbrev(),   // the expert is named as its field
                String.format("CM MAD with Q_Key 0x%08x instead of 0x%08x: CM responders drop it", qkey, CmNames.QP1_QKEY)));
        }
        int cm = f.open(CM, off + OFF_DATA);
        CmMessage message = CmDissector.dissect(p, attr, off + OFF_DATA);
        f.close(cm, off + MAD_SIZE);
        // made last, so that a MAD whose decode failed part-way leaves none (markFailed clears it as well)
        f.mad(new Mad(baseVersion, mgmtClass, classVersion, method, status, classSpecific, tid, attr, modifier,
            qkey != CmNames.QP1_QKEY, message));
    }
}
