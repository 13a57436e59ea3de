package io.rocescope.gui;

import java.nio.file.Path;

/**
 * What the window keeps per frame of a capture: where its record starts in the file, its time and its
 * length on the wire; the frame itself is read again and decoded when a row shows it (as Wireshark's
 * frame_data). Each column is a {@link SpilledLongs}: full pages go to a temporary file, so the heap it
 * takes is the same for 1 M frames as for 100 M ({@link #memoryBytes()}). Filled by one thread while
 * others read: an entry is published by {@link #size()}, a volatile count written after its three columns.
 * {@link #close} drops the temporary files.
 */
final class FrameIndex implements AutoCloseable {
    private final SpilledLongs offsets, times, lengths;
    private volatile int size;
    private volatile long firstTime;

    FrameIndex() {
        offsets = new SpilledLongs();
        times = new SpilledLongs();
        lengths = new SpilledLongs();
    }

    /** Pages of {@code 1 << pageBits} entries, {@code cachedPages} of each column kept, spilled into {@code directory}. */
    FrameIndex(int pageBits, int cachedPages, Path directory) {
        offsets = new SpilledLongs(pageBits, cachedPages, directory);
        times = new SpilledLongs(pageBits, cachedPages, directory);
        lengths = new SpilledLongs(pageBits, cachedPages, directory);
    }

    /** Appends a frame; one writer thread only. */
    void add(long fileOffset, long timestampNanos, int originalLength) {
        int n = size;
        offsets.add(fileOffset);
        times.add(timestampNanos);
        lengths.add(Integer.toUnsignedLong(originalLength));
        if (lengths.size() == n) return;   // closed: the frame is dropped
        if (n == 0) firstTime = timestampNanos;
        size = n + 1;
    }

    /** Frames indexed so far. */
    int size() { return size; }

    /** Frame {@code i}'s (from 0) record offset in the file. */
    long offset(int i) { return offsets.get(check(i)); }

    long time(int i) { return times.get(check(i)); }

    /** Frame 0's time (every row's relative time is from it), without reading a page. */
    long firstTime() {
        if (size == 0) throw new IndexOutOfBoundsException("no frame indexed");
        return firstTime;
    }

    /** Length on the wire, unsigned. */
    long length(int i) { return lengths.get(check(i)); }

    /** Times of frames {@code from} … {@code from + len - 1} into {@code into} (a scan over the index, a page at a time). */
    void times(int from, long[] into, int len) {
        check(from, len);
        times.copy(from, into, 0, len);
    }

    /** Lengths (unsigned) of frames {@code from} … {@code from + len - 1} into {@code into}. */
    void lengths(int from, long[] into, int len) {
        check(from, len);
        lengths.copy(from, into, 0, len);
    }

    private void check(int from, int len) {
        if (from < 0 || len < 0 || from + len > size) throw new IndexOutOfBoundsException(from + "+" + len + " of " + size);
    }

    private int check(int i) {
        if (i < 0 || i >= size) throw new IndexOutOfBoundsException(i + " of " + size);
        return i;
    }

    /** The heap the index holds, in bytes (pages in memory, whatever the number of frames). */
    long memoryBytes() { return offsets.memoryBytes() + times.memoryBytes() + lengths.memoryBytes(); }

    /** The most {@link #memoryBytes()} can be. */
    long memoryBound() { return offsets.memoryBound() + times.memoryBound() + lengths.memoryBound(); }

    /** Pages read back from the temporary files so far. */
    long pagesRead() { return offsets.pagesRead() + times.pagesRead() + lengths.pagesRead(); }

    @Override
    public void close() {
        offsets.close();
        times.close();
        lengths.close();
    }
}
