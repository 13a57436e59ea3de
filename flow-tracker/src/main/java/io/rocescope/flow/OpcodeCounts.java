package io.rocescope.flow;

import java.util.Arrays;

/**
 * Packets per BTH opcode of one flow. A flow sees a handful of the 256 opcodes, and most flows one: the
 * first opcode and its count sit inline, further ones in (opcode, count) arrays made with the second (a
 * table of 256 counts took 2 KB a flow, a pair of one-slot arrays 48 B); the last opcode is looked up
 * first, as a flow's packets mostly repeat it.
 */
final class OpcodeCounts {
    /** The first opcode seen (-1: none yet) and its packets. */
    private int first = -1;
    private long firstCount;
    /** The opcodes after the first, and their packets: {@code more} of them. */
    private byte[] codes;
    private long[] counts;
    private int more;
    /** Where the last opcode counted sits: -1 the first, else its index in {@code codes}. */
    private int last = -1;

    void add(int opcode) {
        if (last >= 0 && (codes[last] & 0xFF) == opcode) { counts[last]++; return; }
        if (first == opcode) { firstCount++; last = -1; return; }
        if (first < 0) { first = opcode; firstCount = 1; return; }
        for (int i = 0; i < more; i++) {
            if ((codes[i] & 0xFF) == opcode) { counts[i]++; last = i; return; }
        }
        if (codes == null) {
            codes = new byte[2];
            counts = new long[2];
        } else if (more == codes.length) {
            codes = Arrays.copyOf(codes, more * 2);
            counts = Arrays.copyOf(counts, more * 2);
        }
        codes[more] = (byte) opcode;
        counts[more] = 1;
        last = more++;
    }

    /** The count of {@code opcode} (0 when never seen). */
    long count(int opcode) {
        if (first >= 0 && first == opcode) return firstCount;
        for (int i = 0; i < more; i++) if ((codes[i] & 0xFF) == opcode) return counts[i];
        return 0;
    }

    /** The opcodes seen, in ascending order. */
    int[] seen() {
        if (first < 0) return new int[0];
        int[] s = new int[1 + more];
        s[0] = first;
        for (int i = 0; i < more; i++) s[1 + i] = codes[i] & 0xFF;
        Arrays.sort(s);
        return s;
    }
}
