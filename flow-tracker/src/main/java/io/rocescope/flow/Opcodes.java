package io.rocescope.flow;

import io.rocescope.dissector.field.OpcodeTable;

/** Opcode classes the analysis needs (IBTA vol 1 table 38). */
final class Opcodes {
    private Opcodes() {}

    static int transport(int opcode) { return opcode >>> 5; }
    static boolean isRc(int opcode) { return transport(opcode) == 0; }
    static boolean isUc(int opcode) { return transport(opcode) == 1; }
    static boolean isUd(int opcode) { return transport(opcode) == 3; }
    static boolean isXrc(int opcode) { return transport(opcode) == 5; }
    static boolean isCnp(int opcode) { return opcode == 0x80 || opcode == 0x81; }

    /** READ responses, ACKs and atomic ACKs: they answer the other direction's requests. */
    static boolean isResponse(int opcode) {
        int op = opcode & 0x1F;
        return (isRc(opcode) || isXrc(opcode)) && op >= 0x0D && op <= 0x12;
    }

    static boolean isReadResponse(int opcode) {
        int op = opcode & 0x1F;
        return isResponse(opcode) && op >= 0x0D && op <= 0x10;
    }

    static boolean isAck(int opcode) { return isResponse(opcode) && (opcode & 0x1F) == 0x11; }
    static boolean isAtomicAck(int opcode) { return isResponse(opcode) && (opcode & 0x1F) == 0x12; }
    static boolean isReadRequest(int opcode) { return (isRc(opcode) || isXrc(opcode)) && (opcode & 0x1F) == 0x0C; }
    static boolean isAtomicRequest(int opcode) {
        int op = opcode & 0x1F;
        return (isRc(opcode) || isXrc(opcode)) && (op == 0x13 || op == 0x14);
    }

    /** A request that the PSN analysis follows: RC/UC/XRC, defined, not a response. */
    static boolean isTrackedRequest(int opcode) {
        return OpcodeTable.isDefined(opcode) && (isRc(opcode) || isUc(opcode) || isXrc(opcode)) && !isResponse(opcode);
    }

    static boolean isFirst(int opcode) { return OpcodeTable.isFirst(opcode); }
    static boolean isMiddle(int opcode) { return OpcodeTable.isMiddle(opcode); }
    static boolean isLast(int opcode) { return OpcodeTable.isLast(opcode); }
    static boolean isOnly(int opcode) { return OpcodeTable.isOnly(opcode); }

    static String transportName(int opcode) {
        switch (transport(opcode)) {
            case 0: return "RC";
            case 1: return "UC";
            case 2: return "RD";
            case 3: return "UD";
            case 5: return "XRC";
            default: return "other";
        }
    }
}
