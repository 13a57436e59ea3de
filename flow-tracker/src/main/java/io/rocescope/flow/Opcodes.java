package io.rocescope.flow;

import io.rocescope.dissector.field.OpcodeTable;
import io.rocescope.dissector.field.ksy.IbTransportKsy;
import io.rocescope.dissector.field.ksy.IbTransportLayout;

import static io.rocescope.dissector.field.ksy.IbTransportKsy.*;

/** Opcode classes the analysis needs (IBTA vol 1 table 38; the codes are ksy/ib_transport.ksy's). */
final class Opcodes {
    private Opcodes() {}

    private static final int SHIFT = (int) IbTransportLayout.OPCODE_TRANSPORT_SHIFT;
    /** The operation bits of an opcode: an RC opcode is its operation, so they compare with the OPCODE_RC_ codes. */
    private static final int OPERATION = (int) IbTransportLayout.OPCODE_OPERATION_MASK;

    /** The transports' names as ib_transport.ksy's enum transport has them ("RC", "UC", "UD"), computed once. */
    static final String RC = IbTransportKsy.TRANSPORT.nameOf(TRANSPORT_RC), UC = IbTransportKsy.TRANSPORT.nameOf(TRANSPORT_UC),
        UD = IbTransportKsy.TRANSPORT.nameOf(TRANSPORT_UD);

    static int transport(int opcode) { return opcode >>> SHIFT; }
    static boolean isRc(int opcode) { return transport(opcode) == TRANSPORT_RC; }
    static boolean isUc(int opcode) { return transport(opcode) == TRANSPORT_UC; }
    static boolean isUd(int opcode) { return transport(opcode) == TRANSPORT_UD; }
    static boolean isXrc(int opcode) { return transport(opcode) == TRANSPORT_XRC; }
    static boolean isCnp(int opcode) { return OpcodeTable.isCnp(opcode); }

    /** READ responses, ACKs and atomic ACKs: they answer the other direction's requests. */
    static boolean isResponse(int opcode) { return OpcodeTable.isResponse(opcode); }

    static boolean isReadResponse(int opcode) {
        int op = opcode & OPERATION;
        return isResponse(opcode) && op >= OPCODE_RC_RDMA_READ_RESPONSE_FIRST && op <= OPCODE_RC_RDMA_READ_RESPONSE_ONLY;
    }

    static boolean isAck(int opcode) { return isResponse(opcode) && (opcode & OPERATION) == OPCODE_RC_ACKNOWLEDGE; }
    static boolean isAtomicAck(int opcode) { return isResponse(opcode) && (opcode & OPERATION) == OPCODE_RC_ATOMIC_ACKNOWLEDGE; }
    static boolean isReadRequest(int opcode) {
        return (isRc(opcode) || isXrc(opcode)) && (opcode & OPERATION) == OPCODE_RC_RDMA_READ_REQUEST;
    }
    static boolean isAtomicRequest(int opcode) {
        int op = opcode & OPERATION;
        return (isRc(opcode) || isXrc(opcode)) && (op == OPCODE_RC_CMPSWAP || op == OPCODE_RC_FETCHADD);
    }

    /** A request that the PSN analysis follows: RC/UC/XRC, defined, not a response. */
    static boolean isTrackedRequest(int opcode) {
        return OpcodeTable.isDefined(opcode) && (isRc(opcode) || isUc(opcode) || isXrc(opcode)) && !isResponse(opcode);
    }

    static boolean isFirst(int opcode) { return OpcodeTable.isFirst(opcode); }
    static boolean isMiddle(int opcode) { return OpcodeTable.isMiddle(opcode); }
    static boolean isLast(int opcode) { return OpcodeTable.isLast(opcode); }
    static boolean isOnly(int opcode) { return OpcodeTable.isOnly(opcode); }

    /** "RC", "UC", "RD", "UD" or "XRC"; "other" for CNPs (no connection's transport) and undefined transports. */
    static String transportName(int opcode) {
        int t = transport(opcode);
        String name = t == TRANSPORT_CNP ? null : IbTransportKsy.TRANSPORT.nameOf(t);
        return name != null ? name : "other";
    }
}
