package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.IbTransportKsy;
import io.rocescope.dissector.field.ksy.IbTransportLayout;

import static io.rocescope.dissector.field.ksy.IbTransportKsy.*;

/**
 * Which extended transport headers follow the BTH for each opcode, in wire order, as bits the fast decoder
 * walks. All of it is what the build generates from {@code ksy/ib_transport.ksy}: its opcode enum, its switch on
 * {@code bth.opcode} as header bits, and its header types' sizes and names. The differential test checks the decoder against
 * the Kaitai parser of the same file on every frame of the test captures.
 */
public final class OpcodeTable {
    private OpcodeTable() {}

    // The header bits are IbTransportKsy's HEADER_<TYPE>, one per type the switch reads, lowest first in wire order.
    /** Set for opcodes that are defined at all (above every header bit). */
    public static final int DEFINED = 1 << IbTransportKsy.HEADER_COUNT;
    /** The highest header bit. */
    public static final int LAST_HEADER = 1 << (IbTransportKsy.HEADER_COUNT - 1);

    private static final int[] TABLE = new int[256];
    private static final int[] SIZES = new int[IbTransportKsy.HEADER_COUNT];
    private static final String[] NAMES = IbTransportKsy.HEADER_NAMES.toArray(new String[0]);

    // The defined opcodes are ksy/ib_transport.ksy's enum opcode; the headers of each, the switch on bth.opcode there.
    static {
        for (int op = 0; op < 256; op++) {
            if (IbTransportKsy.OPCODE.nameOf(op) == null) continue;
            TABLE[op] = DEFINED | (op < IbTransportKsy.HEADERS_BY_OPCODE.length ? IbTransportKsy.HEADERS_BY_OPCODE[op] : 0);
        }
        for (int i = 0; i < SIZES.length; i++) SIZES[i] = IbTransportKsy.HEADER_SIZES.get(i);
    }

    public static boolean isDefined(int opcode) {
        return (TABLE[opcode & 0xFF] & DEFINED) != 0;
    }

    /** The header bits of an opcode (0 for undefined ones). */
    public static int headers(int opcode) {
        return TABLE[opcode & 0xFF] & (DEFINED - 1);
    }

    /** The size in bytes of the header of one bit. */
    public static int size(int headerBit) {
        return SIZES[Integer.numberOfTrailingZeros(headerBit)];
    }

    /** The header of one bit as messages name it (its {@code -abbrev}: "AtomicETH"). */
    public static String name(int headerBit) {
        return NAMES[Integer.numberOfTrailingZeros(headerBit)];
    }

    /**
     * Position of an operation within a message, for segmentation. The low bits of an opcode are its operation,
     * the same for every transport, and an RC opcode is its operation alone: so RC's codes name them all.
     */
    private static final int OPERATION = (int) IbTransportLayout.OPCODE_OPERATION_MASK;

    public static boolean isFirst(int opcode) {
        int o = opcode & OPERATION;
        return o == OPCODE_RC_SEND_FIRST || o == OPCODE_RC_RDMA_WRITE_FIRST || o == OPCODE_RC_RDMA_READ_RESPONSE_FIRST;
    }
    public static boolean isMiddle(int opcode) {
        int o = opcode & OPERATION;
        return o == OPCODE_RC_SEND_MIDDLE || o == OPCODE_RC_RDMA_WRITE_MIDDLE || o == OPCODE_RC_RDMA_READ_RESPONSE_MIDDLE;
    }
    public static boolean isLast(int opcode) {
        int o = opcode & OPERATION;
        return o == OPCODE_RC_SEND_LAST || o == OPCODE_RC_SEND_LAST_WITH_IMMEDIATE || o == OPCODE_RC_RDMA_WRITE_LAST
            || o == OPCODE_RC_RDMA_WRITE_LAST_WITH_IMMEDIATE || o == OPCODE_RC_RDMA_READ_RESPONSE_LAST
            || o == OPCODE_RC_SEND_LAST_WITH_INVALIDATE;
    }
    public static boolean isOnly(int opcode) {
        int o = opcode & OPERATION;
        return o == OPCODE_RC_SEND_ONLY || o == OPCODE_RC_SEND_ONLY_WITH_IMMEDIATE || o == OPCODE_RC_RDMA_WRITE_ONLY
            || o == OPCODE_RC_RDMA_WRITE_ONLY_WITH_IMMEDIATE || o == OPCODE_RC_RDMA_READ_RESPONSE_ONLY
            || o == OPCODE_RC_SEND_ONLY_WITH_INVALIDATE;
    }

    private static final int TRANSPORT_SHIFT = (int) IbTransportLayout.OPCODE_TRANSPORT_SHIFT;

    /**
     * READ responses, ACKs and atomic ACKs of RC and XRC: they answer the other direction's requests (the tracker,
     * the GUI's sequence view and the report's PSN series tell them so).
     */
    public static boolean isResponse(int opcode) {
        int transport = opcode >>> TRANSPORT_SHIFT, op = opcode & OPERATION;
        return (transport == TRANSPORT_RC || transport == TRANSPORT_XRC)
            && op >= OPCODE_RC_RDMA_READ_RESPONSE_FIRST && op <= OPCODE_RC_ATOMIC_ACKNOWLEDGE;
    }

    /** RoCEv2's Congestion Notification Packet, or InfiniBand's CNP opcode. */
    public static boolean isCnp(int opcode) {
        return opcode == OPCODE_CNP || opcode == OPCODE_CNP_IB;
    }
}
