package io.rocescope.dissector.capture;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One mapped stretch of a capture file, unmapped the moment nothing looks into it any more: the input that
 * reads on in it holds it, and so does each batch that is a view of it ({@link RecordBatch#view}). JDK 17
 * would otherwise unmap it only when the collector frees the buffer, and every page touched in a live mapping
 * counts in the process's resident memory: released so, the windows alive at once are the input's and those
 * of the few batches in flight, whatever the file's size.
 */
final class MappedWindow {
    private final MappedByteBuffer map;
    /** The file offset of the window's first byte, and its length. */
    final long start;
    final int length;
    /** The input's hold, and one per batch that is a view of the window. */
    private final AtomicInteger holds = new AtomicInteger(1);

    /** Windows mapped and not yet unmapped, in this JVM (tests: none is left behind). */
    private static final AtomicInteger MAPPED = new AtomicInteger();

    static int mapped() { return MAPPED.get(); }

    MappedWindow(MappedByteBuffer map, long start) {
        MAPPED.incrementAndGet();
        this.map = map;
        this.start = start;
        this.length = map.capacity();
    }

    /** Copies {@code len} bytes at {@code offset} in the window into {@code dst}. Only by a holder. */
    void get(int offset, byte[] dst, int off, int len) {
        map.get(offset, dst, off, len);
    }

    /** A buffer over {@code length} bytes of the window from {@code offset}, indexed from 0. Only by a holder. */
    ByteBuffer view(int offset, int length) {
        return map.slice(offset, length).order(ByteOrder.LITTLE_ENDIAN);
    }

    void retain() {
        if (holds.getAndIncrement() <= 0) throw new IllegalStateException("window already unmapped");
    }

    /** Lets go of one hold; the last one unmaps the window. */
    void release() {
        int left = holds.decrementAndGet();
        if (left == 0) {
            Unmapper.unmap(map);
            MAPPED.decrementAndGet();
        }
        else if (left < 0) throw new IllegalStateException("window released more often than held");
    }
}
