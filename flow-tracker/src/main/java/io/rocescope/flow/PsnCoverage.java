package io.rocescope.flow;

/**
 * Which offsets 0, 1, 2 … of a PSN range have been seen, whatever the order and the copies: the
 * length of the prefix seen without a hole, and beyond it a bitmap of the next {@link #WINDOW}
 * offsets, made only when something arrives out of order (in order costs no memory).
 */
final class PsnCoverage {
    static final int WINDOW = 1 << 12;
    private int prefix;
    private long[] ahead;
    private int aheadCount;

    /** Marks offset {@code off}; true if it had not been seen (false for a copy, or too far ahead to keep). */
    boolean add(int off) {
        if (off < prefix) return false;
        if (off == prefix) {
            prefix++;
            if (aheadCount > 0) absorb();
            return true;
        }
        if (off - prefix >= WINDOW) return false;
        if (ahead == null) ahead = new long[WINDOW / 64];
        int slot = off & (WINDOW - 1);
        long bit = 1L << (slot & 63);
        if ((ahead[slot >>> 6] & bit) != 0) return false;
        ahead[slot >>> 6] |= bit;
        aheadCount++;
        return true;
    }

    /** The prefix grew: offsets seen ahead of it now join it. */
    private void absorb() {
        while (aheadCount > 0) {
            int slot = prefix & (WINDOW - 1);
            long bit = 1L << (slot & 63);
            if ((ahead[slot >>> 6] & bit) == 0) return;
            ahead[slot >>> 6] &= ~bit;
            aheadCount--;
            prefix++;
        }
    }

    /** How many offsets from 0 on have all been seen. */
    int prefix() { return prefix; }
}
