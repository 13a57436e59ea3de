package io.rocescope.dissector.decode;

import static io.rocescope.dissector.field.Fields.*;

/** MAC Control: 802.3x PAUSE (opcode 0x0001) and 802.1Qbb PFC (opcode 0x0101). */
final class MacControlDissector {
    static final int PAUSE = 0x0001, PFC = 0x0101;

    private MacControlDissector() {}

    static int dissect(Packet p, int off) {
        p.f.protocol = DecodedFrame.Protocol.MAC_CONTROL;
        if (!p.need(off, 2, "MAC Control opcode")) return -1;
        int node = p.f.open(MACC, off);
        int opcode = p.u16(MACC_OPCODE, off);
        int end = off + 2;
        if (opcode == PAUSE) {
            if (p.need(off + 2, 2, "PAUSE time")) {
                p.u16(MACC_PAUSE_TIME, off + 2);
                end = off + 4;
            }
        } else if (opcode == PFC) {
            if (p.need(off + 2, 18, "PFC class enable vector and times")) {
                int enbv = p.u16(MACC_CBFC_ENBV, off + 2);
                for (int c = 0; c < 8; c++) p.bits(MACC_CBFC_ENBV_C[c], off + 3, 1, enbv, c, 1);
                for (int c = 0; c < 8; c++) p.u16(MACC_CBFC_PAUSE_TIME_C[c], off + 4 + 2 * c);
                if ((enbv & 0xFF00) != 0) {
                    p.f.expert(new Expert(Expert.Severity.WARNING, "macc.cbfc.enbv.not_zero", "8 MSbs of ENBV must be 0"));
                }
                end = off + 20;
            }
        } else {
            p.f.expert(new Expert(Expert.Severity.WARNING, "macc.opcode.unknown", String.format("Unknown MAC Control opcode 0x%04x", opcode)));
        }
        p.f.close(node, end);
        return p.cap; // the rest is the padding up to the minimum frame size
    }
}
