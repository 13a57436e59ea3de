package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.IbTransportKsy;

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

    /** Position of an operation within a message, for segmentation. */
    public static boolean isFirst(int opcode) { int o = opcode & 0x1F; return o == 0x00 || o == 0x06 || o == 0x0D; }
    public static boolean isMiddle(int opcode) { int o = opcode & 0x1F; return o == 0x01 || o == 0x07 || o == 0x0E; }
    public static boolean isLast(int opcode) {
        int o = opcode & 0x1F;
        return o == 0x02 || o == 0x03 || o == 0x08 || o == 0x09 || o == 0x0F || o == 0x16;
    }
    public static boolean isOnly(int opcode) {
        int o = opcode & 0x1F;
        return o == 0x04 || o == 0x05 || o == 0x0A || o == 0x0B || o == 0x10 || o == 0x17;
    }
}
