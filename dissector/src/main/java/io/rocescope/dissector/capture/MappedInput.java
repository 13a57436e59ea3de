package io.rocescope.dissector.capture;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * A regular capture file read through a mapping, in windows of some megabytes: a batch is a view of its
 * window, so its bytes reach the decoding thread with one copy (out of the page cache into that thread's
 * array) where reading into a buffer makes two, and the reading thread, the one that also tracks flows in
 * order, copies nothing. Measured not faster here, so only on request ({@link #possible}). A window is unmapped as soon as the
 * input has moved past it and no batch looks into it ({@link MappedWindow}): the memory mapped at once is a
 * few windows, whatever the file's size.
 *
 * <p>The file is read up to the size it has when the input gets there: one that grows while read is read on,
 * as a stream would be.
 */
final class MappedInput extends CaptureInput {
    /** Window size: some batches' worth, few enough mappings (one per window) to cost nothing, few pages resident. */
    static final int WINDOW = 8 << 20;
    private static final long PAGE = 4096;

    private final FileChannel ch;
    private final int windowSize;
    private long size;
    /** The window the input reads in (held by the input), or null. */
    private MappedWindow window;
    private long pos;
    /** The end of the last fill. */
    private long filledTo;

    MappedInput(FileChannel ch, int windowSize) throws IOException {
        this.ch = ch;
        this.windowSize = windowSize;
        this.size = ch.size();
    }

    /**
     * Whether regular files are read so: only when asked ({@code -Drocescope.mmap=true}) and the JDK can undo a
     * mapping. Not by default: on the 2-core machine measured it costs 5-20 % more CPU than {@link ChannelInput},
     * whose kernel copy into a page-aligned buffer runs at 10-18 GB/s (BENCHMARKS.md, issue 17 §1).
     */
    static boolean possible() { return Unmapper.available() && Boolean.getBoolean("rocescope.mmap"); }

    /**
     * Makes the window hold the {@code want} bytes from the position, or those the file has; returns how many
     * that is. A new window starts at the page that holds the position.
     */
    private int ensure(int want) throws IOException {
        if (size - pos < want) size = Math.max(size, ch.size());   // the end: has the file grown since?
        int n = (int) Math.max(0, Math.min(want, size - pos));
        if (n == 0) return 0;
        if (window != null && pos >= window.start && pos + n <= window.start + window.length) return n;
        long base = pos & -PAGE;
        long len = Math.min(Math.max(windowSize, pos - base + want), size - base);
        MappedWindow next = new MappedWindow(ch.map(FileChannel.MapMode.READ_ONLY, base, len), base);
        if (window != null) window.release();
        window = next;
        return n;
    }

    @Override
    int read(byte[] dst, int off, int len) throws IOException {
        int n = ensure(len);
        if (n > 0) window.get((int) (pos - window.start), dst, off, n);
        pos += n;
        return n;
    }

    @Override
    int fill(RecordBatch batch) throws IOException {
        int n = ensure(batch.room());
        filledTo = pos + n;
        if (n == 0) {
            batch.clear();
            return 0;
        }
        batch.view(window, (int) (pos - window.start), n);
        touch(batch.buf, n);
        return n;
    }

    /** Keeps {@link #touch}'s loads from being optimised away. */
    static long touched;

    /**
     * Reads one byte of every cache line of a batch's bytes, in order, before the reader walks its record chain.
     * The walk is a chain of dependent loads, one line per record and a few records per page, too sparse for the
     * hardware prefetcher: each record header was a cache miss (the mapped walk cost 0.3 s more CPU than reading
     * into a buffer, whose kernel copy streams). This streams the lines in first: 1.05× the buffered read's CPU
     * instead of 1.21× (BENCHMARKS.md, issue 17 §1).
     */
    private static void touch(ByteBuffer b, int n) {
        long s = 0;
        for (int i = 0; i < n; i += 64) s += b.get(i);
        touched += s;
    }

    @Override
    void consume(int n) { pos += n; }

    @Override
    boolean sourceEnded() { return filledTo >= size; }

    @Override
    void seek(long p) { pos = p; }

    @Override
    boolean positioned() { return true; }

    /** A positioned read of the channel, not of the mapping: its windows are the reading thread's. */
    @Override
    int readAt(long p, byte[] dst, int off, int len) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(dst, off, len);
        while (b.hasRemaining()) {
            if (ch.read(b, p + (b.position() - off)) < 0) break;
        }
        return b.position() - off;
    }

    @Override
    long position() { return pos; }

    /** Lets go of the input's window: unmapped now unless a batch still looks into it (then when that batch is emptied). */
    @Override
    public void close() throws IOException {
        if (window != null) {
            MappedWindow w = window;
            window = null;
            w.release();
        }
        ch.close();
    }
}
