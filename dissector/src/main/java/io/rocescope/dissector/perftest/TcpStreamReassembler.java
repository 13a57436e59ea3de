package io.rocescope.dissector.perftest;

import java.util.Map;
import java.util.TreeMap;

/**
 * Puts one direction of a TCP connection back in order. Segments that arrive early wait (bounded);
 * retransmitted and overlapping bytes are delivered once. Sequence numbers wrap at 2^32.
 */
public final class TcpStreamReassembler {
    /**
     * Bytes waiting for a gap to fill, each early segment counted with {@link #SEGMENT_OVERHEAD}; beyond
     * this the stream is given up on. perftest's whole exchange is a few KiB: a gap with more behind it
     * is not that exchange.
     */
    static final int MAX_PENDING = 64 << 10;
    /** What holding one early segment costs besides its bytes (map entry, boxed key, array header). */
    static final int SEGMENT_OVERHEAD = 96;

    /** Receives bytes in stream order; {@code streamOffset} is the position of data[off] in the stream. */
    public interface Sink {
        void bytes(byte[] data, int off, int len, long streamOffset);
    }

    private boolean started;
    private int nextSeq;
    private long delivered;
    private final TreeMap<Long, byte[]> pending = new TreeMap<>();
    private int pendingBytes;
    private boolean overflowed;

    /** The stream offset of the first byte a SYN's sequence number announces. */
    public void syn(int seq) {
        if (!started) {
            started = true;
            nextSeq = seq + 1;
        }
    }

    /** Takes {@code seq} as the stream's first byte unless the stream has started (a capture that began mid-stream). */
    void startAt(int seq) {
        if (!started) {
            started = true;
            nextSeq = seq;
        }
    }

    /** Stream offset of sequence number {@code seq} (may be negative for old, retransmitted bytes). */
    public long streamOffset(int seq) {
        return delivered + (seq - nextSeq);   // int subtraction handles the 2^32 wrap
    }

    public boolean overflowed() { return overflowed; }

    /** Memory held for early segments (their bytes and per-segment overhead): at most {@link #MAX_PENDING}. */
    long retainedBytes() { return pendingBytes; }

    /** Adds a segment's payload and delivers every byte that is now in order. */
    public void segment(int seq, byte[] d, int off, int len, Sink sink) {
        if (len <= 0 || overflowed) return;
        if (!started) {            // capture began mid-stream: take the first segment seen as the start
            started = true;
            nextSeq = seq;
        }
        long at = streamOffset(seq);
        if (at + len <= delivered) return;                  // a pure retransmission
        if (at > delivered) {                               // early: wait for the gap
            if (pendingBytes + len + SEGMENT_OVERHEAD > MAX_PENDING) { overflowed = true; pending.clear(); pendingBytes = 0; return; }
            byte[] copy = java.util.Arrays.copyOfRange(d, off, off + len);
            byte[] old = pending.put(at, copy);
            pendingBytes += len + SEGMENT_OVERHEAD - (old == null ? 0 : old.length + SEGMENT_OVERHEAD);
            return;
        }
        int skip = (int) (delivered - at);                  // overlap with what was delivered
        deliver(d, off + skip, len - skip, sink);
        // drain segments that are now in order
        while (!pending.isEmpty()) {
            Map.Entry<Long, byte[]> e = pending.firstEntry();
            if (e.getKey() > delivered) break;
            pending.pollFirstEntry();
            pendingBytes -= e.getValue().length + SEGMENT_OVERHEAD;
            int s = (int) (delivered - e.getKey());
            if (s < e.getValue().length) deliver(e.getValue(), s, e.getValue().length - s, sink);
        }
    }

    private void deliver(byte[] d, int off, int len, Sink sink) {
        sink.bytes(d, off, len, delivered);
        delivered += len;
        nextSeq += len;
    }
}
