package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.IbTransportKsy;
import io.rocescope.dissector.field.ksy.IbTransportLayout;

/**
 * Which extended transport headers follow the BTH for each opcode, in wire order, as bits the fast decoder
 * walks. Generated at build time from {@code ksy/ib_transport.ksy} (its opcode enum, its switch on
 * {@code bth.opcode} and the sizes of its header types); the differential test checks the decoder against
 * the Kaitai parser of the same file on every frame of the test captures.
 */
public final class OpcodeTable {
    private OpcodeTable() {}

    // Header bits. Wire order is the order of the bits, lowest first.
    public static final int XRCETH = 1, RDETH = 1 << 1, DETH = 1 << 2, FETH = 1 << 3, RETH = 1 << 4,
        ATOMICETH = 1 << 5, AETH = 1 << 6, ATOMICACKETH = 1 << 7, IMMDT = 1 << 8, IETH = 1 << 9,
        CNP_PADDING = 1 << 10;
    /** Bit set for opcodes that are defined at all. */
    public static final int DEFINED = 1 << 16;

    private static final int[] TABLE = new int[256];

    /** The header bit of a ksy/ib_transport.ksy header type. */
    private static int bit(String type) {
        switch (type) {
            case "xrceth": return XRCETH;
            case "rdeth": return RDETH;
            case "deth": return DETH;
            case "feth": return FETH;
            case "reth": return RETH;
            case "atomic_eth": return ATOMICETH;
            case "aeth": return AETH;
            case "atomic_ack_eth": return ATOMICACKETH;
            case "immdt": return IMMDT;
            case "ieth": return IETH;
            case "cnp_padding": return CNP_PADDING;
            default: throw new IllegalStateException("ksy/ib_transport.ksy: no header bit for " + type);
        }
    }

    // The defined opcodes are ksy/ib_transport.ksy's enum opcode; the headers of each, the switch on bth.opcode
    // there (generated into IbTransportKsy). The decoder walks the bits lowest first, so the wire order of every
    // opcode's headers must be the order of their bits: checked here, once.
    static {
        for (int op = 0; op < 256; op++) {
            if (IbTransportKsy.OPCODE.nameOf(op) == null) continue;
            int bits = DEFINED;
            String[] headers = op < IbTransportKsy.HEADERS_BY_OPCODE.length ? IbTransportKsy.HEADERS_BY_OPCODE[op] : null;
            int last = 0;
            if (headers != null) {
                for (String h : headers) {
                    int b = bit(h);
                    if (b <= last) throw new IllegalStateException(String.format("opcode 0x%02x: %s out of wire order", op, h));
                    bits |= b;
                    last = b;
                }
            }
            TABLE[op] = bits;
        }
    }

    public static boolean isDefined(int opcode) {
        return (TABLE[opcode & 0xFF] & DEFINED) != 0;
    }

    /** The header bits of an opcode (0 for undefined ones). */
    public static int headers(int opcode) {
        return TABLE[opcode & 0xFF] & 0xFFFF;
    }

    public static int size(int headerBit) {
        switch (headerBit) {
            case XRCETH: return IbTransportLayout.FIXED_SIZE_XRCETH;
            case RDETH: return IbTransportLayout.FIXED_SIZE_RDETH;
            case DETH: return IbTransportLayout.FIXED_SIZE_DETH;
            case FETH: return IbTransportLayout.FIXED_SIZE_FETH;
            case RETH: return IbTransportLayout.FIXED_SIZE_RETH;
            case ATOMICETH: return IbTransportLayout.FIXED_SIZE_ATOMIC_ETH;
            case AETH: return IbTransportLayout.FIXED_SIZE_AETH;
            case ATOMICACKETH: return IbTransportLayout.FIXED_SIZE_ATOMIC_ACK_ETH;
            case IMMDT: return IbTransportLayout.FIXED_SIZE_IMMDT;
            case IETH: return IbTransportLayout.FIXED_SIZE_IETH;
            case CNP_PADDING: return IbTransportLayout.FIXED_SIZE_CNP_PADDING;
            default: throw new IllegalArgumentException("not a header bit: " + headerBit);
        }
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
