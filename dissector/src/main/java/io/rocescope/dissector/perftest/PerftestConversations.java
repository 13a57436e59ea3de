package io.rocescope.dissector.perftest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The per-direction state of perftest's TCP exchanges in a capture: reassembly plus record parsing.
 * Wireshark keeps the same kind of conversation state for TCP reassembly; it is decoding state, not
 * flow analysis. Memory is bounded: at most {@code maxStreams} directions, least recently used evicted.
 */
public final class PerftestConversations {
    private final int maxStreams;
    private final Map<String, Direction> streams;
    private final List<PerftestRecord> completed = new ArrayList<>();
    private long lastSegmentOffset;

    private static final class Direction {
        final TcpStreamReassembler reassembler = new TcpStreamReassembler();
        final PerftestStreamParser parser = new PerftestStreamParser();
        int keys;
    }

    public PerftestConversations(int maxStreams) {
        this.maxStreams = maxStreams;
        this.streams = new io.rocescope.dissector.util.LruMap<>(maxStreams);
    }

    /**
     * Feeds one TCP segment of one direction ({@code streamKey} names it, e.g. "10.0.0.1:55158>10.0.0.2:18515").
     * Returns the records this segment completed, in stream order (the list is reused by the next call).
     */
    public List<PerftestRecord> segment(String streamKey, int seq, boolean syn, boolean end, byte[] d, int off, int len) {
        completed.clear();
        Direction dir = streams.computeIfAbsent(streamKey, k -> new Direction());
        if (syn) dir.reassembler.syn(seq);
        lastSegmentOffset = dir.reassembler.streamOffset(syn ? seq + 1 : seq);
        dir.reassembler.segment(syn ? seq + 1 : seq, d, off, len,
            (data, o, n, at) -> dir.parser.bytes(data, o, n, at, completed));
        if (end) {
            dir.parser.finish(completed);
            streams.remove(streamKey);
        }
        for (int i = 0; i < completed.size(); i++) {
            PerftestRecord r = completed.get(i);
            if (r.kind() == PerftestRecord.Kind.KEY) {
                completed.set(i, new PerftestRecord(r.kind(), r.streamStart(), r.streamEnd(), r.text(), ++dir.keys, r.key(), null));
            }
        }
        return completed;
    }

    /** Stream offset of the first payload byte of the last segment given to {@link #segment}. */
    public long lastSegmentOffset() { return lastSegmentOffset; }
}
