package io.rocescope.flow;

import io.rocescope.dissector.field.OpcodeTable;
import io.rocescope.dissector.field.ksy.IbTransportKsy;
import io.rocescope.dissector.field.ksy.IbTransportLayout;

import static io.rocescope.dissector.field.ksy.IbTransportKsy.*;

/** Opcode classes the analysis needs (IBTA vol 1 table 38; the codes are ksy/ib_transport.ksy's). */
final class Opcodes {
    private Opcodes() {}

    private static final int SHIFT = (int) IbTransportLayout.OPCODE_TRANSPORT_SHIFT;

    /** The transports' names as ib_transport.ksy's enum transport has them ("RC", "UC", "UD"), computed once. */
    static final String RC = IbTransportKsy.TRANSPORT.nameOf(TRANSPORT_RC), UC = IbTransportKsy.TRANSPORT.nameOf(TRANSPORT_UC),
        UD = IbTransportKsy.TRANSPORT.nameOf(TRANSPORT_UD);

    static int transport(int opcode) { return opcode >>> SHIFT; }
    static boolean isRc(int opcode) { return transport(opcode) == TRANSPORT_RC; }
    static boolean isUc(int opcode) { return transport(opcode) == TRANSPORT_UC; }
    static boolean isUd(int opcode) { return transport(opcode) == TRANSPORT_UD; }
    static boolean isXrc(int opcode) { return transport(opcode) == TRANSPORT_XRC; }
    // The opcode classes are OpcodeTable's (ib_transport.ksy's -packet, -response and -request): these name them here.
    static boolean isCnp(int opcode) { return OpcodeTable.isCnp(opcode); }
    /** READ responses, ACKs and atomic ACKs: they answer the other direction's requests. */
    static boolean isResponse(int opcode) { return OpcodeTable.isResponse(opcode); }
    static boolean isReadResponse(int opcode) { return OpcodeTable.isReadResponse(opcode); }
    static boolean isAck(int opcode) { return OpcodeTable.isAck(opcode); }
    static boolean isAtomicAck(int opcode) { return OpcodeTable.isAtomicAck(opcode); }
    static boolean isReadRequest(int opcode) { return OpcodeTable.isReadRequest(opcode); }
    static boolean isFirst(int opcode) { return OpcodeTable.isFirst(opcode); }
    static boolean isMiddle(int opcode) { return OpcodeTable.isMiddle(opcode); }
    static boolean isLast(int opcode) { return OpcodeTable.isLast(opcode); }
    static boolean isOnly(int opcode) { return OpcodeTable.isOnly(opcode); }

    /** A request that the PSN analysis follows: RC/UC/XRC, defined, not a response. */
    static boolean isTrackedRequest(int opcode) {
        return OpcodeTable.isDefined(opcode) && (isRc(opcode) || isUc(opcode) || isXrc(opcode)) && !isResponse(opcode);
    }

    /** "RC", "UC", "RD", "UD" or "XRC"; "other" for CNPs (no connection's transport) and undefined transports. */
    static String transportName(int opcode) {
        int t = transport(opcode);
        String name = t == TRANSPORT_CNP ? null : IbTransportKsy.TRANSPORT.nameOf(t);
        return name != null ? name : "other";
    }
}
