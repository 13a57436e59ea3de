package io.rocescope.dissector.field;

/**
 * Which extended transport headers follow the BTH for each opcode, in wire order.
 * This is the hand-written twin of the switch in {@code ksy/ib_transport.ksy}; the differential
 * test checks the two agree on every frame of the test captures.
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

    /** Headers of the RC operations (by low 5 bits); -1 = undefined for RC. */
    private static final int[] RC_OPS = new int[32];
    static {
        java.util.Arrays.fill(RC_OPS, -1);
        int[] none = {0x00, 0x01, 0x02, 0x04, 0x07, 0x08, 0x0E};
        for (int op : none) RC_OPS[op] = 0;
        RC_OPS[0x03] = IMMDT;
        RC_OPS[0x05] = IMMDT;
        RC_OPS[0x06] = RETH;
        RC_OPS[0x09] = IMMDT;
        RC_OPS[0x0A] = RETH;
        RC_OPS[0x0B] = RETH | IMMDT;
        RC_OPS[0x0C] = RETH;
        RC_OPS[0x0D] = AETH;
        RC_OPS[0x0F] = AETH;
        RC_OPS[0x10] = AETH;
        RC_OPS[0x11] = AETH;
        RC_OPS[0x12] = AETH | ATOMICACKETH;
        RC_OPS[0x13] = ATOMICETH;
        RC_OPS[0x14] = ATOMICETH;
        RC_OPS[0x16] = IETH;
        RC_OPS[0x17] = IETH;
        RC_OPS[0x1C] = FETH | RETH;
        RC_OPS[0x1D] = RETH;

        for (int op = 0; op < 32; op++) {
            if (RC_OPS[op] >= 0) {
                TABLE[op] = DEFINED | RC_OPS[op];
                // XRC: requests put XRCETH first; responses (READ responses, ACKs) carry none.
                boolean response = op >= 0x0D && op <= 0x12;
                TABLE[0xA0 | op] = DEFINED | RC_OPS[op] | (response ? 0 : XRCETH);
            }
            if (op <= 0x0B) {
                TABLE[0x20 | op] = DEFINED | RC_OPS[op]; // UC: SEND and RDMA WRITE only
            }
            if (RC_OPS[op] >= 0 || op == 0x15) {
                int rd;
                if (op >= 0x0D && op <= 0x12) {
                    rd = RDETH | (op == 0x0E ? 0 : RC_OPS[op]);       // RD responses: RDETH [AETH ...]
                } else if (op == 0x16 || op == 0x17 || op == 0x1D) {
                    continue;                                        // not defined for RD
                } else if (op == 0x1C) {
                    rd = RDETH | FETH | RETH;
                } else {
                    rd = RDETH | DETH | (op == 0x15 ? 0 : RC_OPS[op]); // RD requests: RDETH DETH ...
                }
                TABLE[0x40 | op] = DEFINED | rd;
            }
        }
        TABLE[0x64] = DEFINED | DETH;          // UD SEND Only
        TABLE[0x65] = DEFINED | DETH | IMMDT;  // UD SEND Only with Immediate
        TABLE[0x80] = DEFINED;                 // IB CNP (no RoCE use)
        TABLE[0x81] = DEFINED | CNP_PADDING;   // RoCEv2 CNP
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
            case XRCETH: case RDETH: case FETH: case AETH: case IMMDT: case IETH: return 4;
            case DETH: case ATOMICACKETH: return 8;
            case RETH: case CNP_PADDING: return 16;
            case ATOMICETH: return 28;
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
