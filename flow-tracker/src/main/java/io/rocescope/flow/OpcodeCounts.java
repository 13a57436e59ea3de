package io.rocescope.flow;

import java.util.Arrays;

/**
 * Packets per BTH opcode of one flow. A flow sees a handful of the 256 opcodes, so they are kept as
 * (opcode, count) pairs in two small arrays (40 bytes for one opcode, where a table of 256 counts took
 * 2 KB a flow); the last opcode is looked up first, as a flow's packets mostly repeat it.
 */
final class OpcodeCounts {
    private byte[] codes;
    private long[] counts;
    private int size, last;

    void add(int opcode) {
        if (size > 0 && (codes[last] & 0xFF) == opcode) { counts[last]++; return; }
        for (int i = 0; i < size; i++) {
            if ((codes[i] & 0xFF) == opcode) { counts[i]++; last = i; return; }
        }
        if (codes == null) {
            codes = new byte[1];
            counts = new long[1];
        } else if (size == codes.length) {
            codes = Arrays.copyOf(codes, size * 2);
            counts = Arrays.copyOf(counts, size * 2);
        }
        codes[size] = (byte) opcode;
        counts[size] = 1;
        last = size++;
    }

    /** The count of {@code opcode} (0 when never seen). */
    long count(int opcode) {
        for (int i = 0; i < size; i++) if ((codes[i] & 0xFF) == opcode) return counts[i];
        return 0;
    }

    /** The opcodes seen, in ascending order. */
    int[] seen() {
        int[] s = new int[size];
        for (int i = 0; i < size; i++) s[i] = codes[i] & 0xFF;
        Arrays.sort(s);
        return s;
    }
}
