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
        byte[] d = p.d;
        int baseVersion = p.add(MAD_BASEVERSION, off + OFF_BASE_VERSION, LEN_BASE_VERSION, readBaseVersion(d, off));
        int mgmtClass = p.add(MAD_MGMTCLASS, off + OFF_MGMT_CLASS, LEN_MGMT_CLASS, readMgmtClass(d, off));
        int classVersion = p.add(MAD_CLASSVERSION, off + OFF_CLASS_VERSION, LEN_CLASS_VERSION, readClassVersion(d, off));
        int method = p.add(MAD_METHOD, off + OFF_METHOD, LEN_METHOD, readMethod(d, off));
        int status = p.add(MAD_STATUS, off + OFF_STATUS, LEN_STATUS, readStatus(d, off));
        int classSpecific = p.add(MAD_CLASSSPECIFIC, off + OFF_CLASS_SPECIFIC, LEN_CLASS_SPECIFIC, readClassSpecific(d, off));
        long tid = p.add(MAD_TRANSACTIONID, off + OFF_TRANSACTION_ID, LEN_TRANSACTION_ID, readTransactionId(d, off));
        int attr = p.add(MAD_ATTRIBUTEID, off + OFF_ATTRIBUTE_ID, LEN_ATTRIBUTE_ID, readAttributeId(d, off));
        long modifier = p.add(MAD_ATTRIBUTEMODIFIER, off + OFF_ATTRIBUTE_MODIFIER, LEN_ATTRIBUTE_MODIFIER, readAttributeModifier(d, off));
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
