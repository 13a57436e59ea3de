package io.rocescope.dissector.capture;

import java.nio.ByteBuffer;

/**
 * Page-aligned direct buffers. The kernel copies a read into a page-aligned buffer several times
 * faster than into one at malloc's 16-byte alignment (measured 0.18 s against 0.73 s for 1.9 GB).
 */
final class AlignedBuffer {
    private static final int PAGE = 4096;

    private AlignedBuffer() {}

    /** A direct buffer of at least {@code n} bytes that starts on a page boundary; its limit is {@code n}. */
    static ByteBuffer allocate(int n) {
        int rounded = (n + PAGE - 1) / PAGE * PAGE;   // alignedSlice rounds its capacity down to whole pages
        return ByteBuffer.allocateDirect(rounded + PAGE).alignedSlice(PAGE).limit(n);
    }
}
