package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.IbTransportKsy;

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

    // Each opcode's class bits: ib_transport.ksy's -packet, -response and -request on the opcode enum's entries
    // (an undefined opcode, a CNP, FLUSH, ATOMIC WRITE or RESYNC has none).
    private static final int FIRST = 1, MIDDLE = 1 << 1, LAST = 1 << 2, ONLY = 1 << 3,
        READ_RESPONSE = 1 << 4, ACK = 1 << 5, ATOMIC_ACK = 1 << 6, READ_REQUEST = 1 << 7, ATOMIC_REQUEST = 1 << 8;
    private static final int RESPONSE = READ_RESPONSE | ACK | ATOMIC_ACK;
    private static final int[] CLASSES = new int[256];

    static {
        mark(OPCODE_PACKET_FIRST, FIRST);
        mark(OPCODE_PACKET_MIDDLE, MIDDLE);
        mark(OPCODE_PACKET_LAST, LAST);
        mark(OPCODE_PACKET_ONLY, ONLY);
        mark(OPCODE_RESPONSE_READ, READ_RESPONSE);
        mark(OPCODE_RESPONSE_ACK, ACK);
        mark(OPCODE_RESPONSE_ATOMIC_ACK, ATOMIC_ACK);
        mark(OPCODE_REQUEST_READ, READ_REQUEST);
        mark(OPCODE_REQUEST_ATOMIC, ATOMIC_REQUEST);
    }

    private static void mark(java.util.Set<Integer> opcodes, int bit) {
        for (int op : opcodes) CLASSES[op] |= bit;
    }

    private static boolean is(int opcode, int bits) { return (CLASSES[opcode & 0xFF] & bits) != 0; }

    /** Position of a packet within its message (SEND, RDMA WRITE, READ response), for segmentation. */
    public static boolean isFirst(int opcode) { return is(opcode, FIRST); }
    public static boolean isMiddle(int opcode) { return is(opcode, MIDDLE); }
    public static boolean isLast(int opcode) { return is(opcode, LAST); }
    public static boolean isOnly(int opcode) { return is(opcode, ONLY); }

    /**
     * READ responses, ACKs and atomic ACKs: they answer the other direction's requests (the tracker, the GUI's
     * sequence view and the report's PSN series tell them so).
     */
    public static boolean isResponse(int opcode) { return is(opcode, RESPONSE); }
    public static boolean isReadResponse(int opcode) { return is(opcode, READ_RESPONSE); }
    /** An Acknowledge: its AETH ACKs, NAKs or RNR-NAKs. */
    public static boolean isAck(int opcode) { return is(opcode, ACK); }
    public static boolean isAtomicAck(int opcode) { return is(opcode, ATOMIC_ACK); }
    public static boolean isReadRequest(int opcode) { return is(opcode, READ_REQUEST); }
    /** Compare &amp; Swap and Fetch &amp; Add (AtomicETH; answered by an ATOMIC Acknowledge). */
    public static boolean isAtomicRequest(int opcode) { return is(opcode, ATOMIC_REQUEST); }

    /** RoCEv2's Congestion Notification Packet, or InfiniBand's CNP opcode. */
    public static boolean isCnp(int opcode) {
        return opcode == OPCODE_CNP || opcode == OPCODE_CNP_IB;
    }
}
