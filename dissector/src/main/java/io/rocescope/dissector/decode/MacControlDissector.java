package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.ksy.MacControlKsy;

import static io.rocescope.dissector.field.Fields.*;
import static io.rocescope.dissector.field.ksy.MacControlLayout.*;

/** MAC Control: 802.3x PAUSE and 802.1Qbb PFC, where ksy/mac_control.ksy puts their fields. */
final class MacControlDissector {
    static final int PAUSE = MacControlKsy.OPCODE_PAUSE, PFC = MacControlKsy.OPCODE_PFC;
    /** PFC's priorities: one enable bit and one pause time each. */
    private static final int CLASSES = COUNT_PFC_PAUSE_TIMES;

    private MacControlDissector() {}

    static int dissect(Packet p, int off) {
        p.f.protocol = DecodedFrame.Protocol.MAC_CONTROL;
        if (!p.need(off, FIXED_SIZE, "MAC Control opcode")) return -1;
        int node = p.f.open(MACC, off + OFF_OPCODE);
        int opcode = p.add(MACC_OPCODE, off + OFF_OPCODE, LEN_OPCODE, readOpcode(p.d, off));
        int body = off + FIXED_SIZE, end = body;
        if (opcode == PAUSE) {
            if (p.need(body, FIXED_SIZE_PAUSE, "PAUSE time")) {
                p.add(MACC_PAUSE_TIME, body + OFF_PAUSE_PAUSE_TIME, LEN_PAUSE_PAUSE_TIME, readPausePauseTime(p.d, body));
                end = body + FIXED_SIZE_PAUSE;
            }
        } else if (opcode == PFC) {
            if (p.need(body, FIXED_SIZE_PFC, "PFC class enable vector and times")) {
                int enbv = p.add(MACC_CBFC_ENBV, body + OFF_PFC_CLASS_ENABLE_VECTOR, LEN_PFC_CLASS_ENABLE_VECTOR,
                    readPfcClassEnableVector(p.d, body));
                // priority c's enable bit is bit c of the vector: all in its last byte
                int bitsByte = body + OFF_PFC_CLASS_ENABLE_VECTOR + LEN_PFC_CLASS_ENABLE_VECTOR - 1;
                for (int c = 0; c < CLASSES; c++) p.bits(MACC_CBFC_ENBV_C[c], bitsByte, 1, enbv, c, 1);
                int each = LEN_PFC_PAUSE_TIMES / CLASSES;
                // a repeated field has no reader: each time is its share of the field's bytes, read whole
                for (int c = 0; c < CLASSES; c++) p.number(MACC_CBFC_PAUSE_TIME_C[c], body + OFF_PFC_PAUSE_TIMES + each * c, each);
                if ((enbv >>> CLASSES) != 0) {
                    p.f.expert(new Expert(Expert.Severity.WARNING, "macc.cbfc.enbv.not_zero", "8 MSbs of ENBV must be 0"));
                }
                end = body + FIXED_SIZE_PFC;
            }
        } else {
            p.f.expert(new Expert(Expert.Severity.WARNING, "macc.opcode.unknown", String.format("Unknown MAC Control opcode 0x%04x", opcode)));
        }
        p.f.close(node, end);
        return p.cap; // the rest is the padding up to the minimum frame size
    }
}
