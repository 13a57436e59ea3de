package io.rocescope.gui;

import java.util.Arrays;

/**
 * What the window keeps per frame of a capture, 20 bytes of it: where its record starts in the file, its
 * time and its length on the wire; the frame itself is read again and decoded when a row shows it
 * (as Wireshark's frame_data). Filled by one thread while others read: an entry is published by
 * {@link #size()}, a volatile count written after it.
 */
final class FrameIndex {
    private static final int CHUNK_BITS = 16, CHUNK = 1 << CHUNK_BITS, MASK = CHUNK - 1;

    private volatile long[][] offsets = new long[16][];
    private volatile long[][] times = new long[16][];
    private volatile int[][] lengths = new int[16][];
    private volatile int size;

    /** Appends a frame; one writer thread only. */
    void add(long fileOffset, long timestampNanos, int originalLength) {
        int n = size, c = n >>> CHUNK_BITS;
        if (c == offsets.length) {
            offsets = Arrays.copyOf(offsets, c * 2);
            times = Arrays.copyOf(times, c * 2);
            lengths = Arrays.copyOf(lengths, c * 2);
        }
        if (offsets[c] == null) {
            offsets[c] = new long[CHUNK];
            times[c] = new long[CHUNK];
            lengths[c] = new int[CHUNK];
        }
        offsets[c][n & MASK] = fileOffset;
        times[c][n & MASK] = timestampNanos;
        lengths[c][n & MASK] = originalLength;
        size = n + 1;
    }

    /** Frames indexed so far. */
    int size() { return size; }

    /** Frame {@code i}'s (from 0) record offset in the file. */
    long offset(int i) { return offsets[i >>> CHUNK_BITS][i & MASK]; }

    long time(int i) { return times[i >>> CHUNK_BITS][i & MASK]; }

    /** Length on the wire, unsigned. */
    long length(int i) { return Integer.toUnsignedLong(lengths[i >>> CHUNK_BITS][i & MASK]); }
}
