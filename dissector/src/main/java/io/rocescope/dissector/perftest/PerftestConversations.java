package io.rocescope.dissector.perftest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The per-direction state of the TCP exchanges on the perftest port (18515) in a capture: reassembly plus
 * record parsing. Two programs use that port: perftest (binary and text records) and the libibverbs
 * example programs ibv_*_pingpong (fixed-size text messages); each direction's first bytes tell which.
 * A direction that is neither gives no records (its frames stay plain TCP data).
 * Wireshark keeps the same kind of conversation state for TCP reassembly; it is decoding state, not
 * flow analysis. Memory is bounded: at most {@code maxStreams} directions, least recently used evicted.
 */
public final class PerftestConversations {
    private final int maxStreams;
    private final Map<String, Direction> streams;
    private final List<PerftestRecord> completed = new ArrayList<>();
    private final List<PingpongRecord> pingpong = new ArrayList<>();
    private long lastSegmentOffset;

    private static final class Direction {
        final TcpStreamReassembler reassembler = new TcpStreamReassembler();
        /** Both parsers read the first bytes; the first to recognize a record wins, the other is dropped. */
        PerftestStreamParser parser = new PerftestStreamParser();
        PingpongStreamParser pingpong = new PingpongStreamParser();
        /** perftest records seen: until then its "unknown bytes" are not perftest's (the stream is unrecognized). */
        boolean perftest;
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
        pingpong.clear();
        Direction dir = streams.computeIfAbsent(streamKey, k -> new Direction());
        if (syn) dir.reassembler.syn(seq);
        lastSegmentOffset = dir.reassembler.streamOffset(syn ? seq + 1 : seq);
        dir.reassembler.segment(syn ? seq + 1 : seq, d, off, len, (data, o, n, at) -> {
            if (dir.pingpong != null) {
                dir.pingpong.bytes(data, o, n, at, pingpong);
                if (dir.pingpong.gaveUp() && !dir.pingpong.recognized()) dir.pingpong = null;
                else if (dir.pingpong.recognized()) dir.parser = null;
            }
            if (dir.parser != null) dir.parser.bytes(data, o, n, at, completed);
        });
        if (end) {
            if (dir.parser != null) dir.parser.finish(completed);
            streams.remove(streamKey);
        }
        if (!dir.perftest) {
            // bytes perftest's parser cannot place before its first record are not perftest's at all
            int kept = 0;
            for (PerftestRecord r : completed) {
                if (r.kind() != PerftestRecord.Kind.UNKNOWN) dir.perftest = true;
                if (dir.perftest) completed.set(kept++, r);
            }
            completed.subList(kept, completed.size()).clear();
        }
        for (int i = 0; i < completed.size(); i++) {
            PerftestRecord r = completed.get(i);
            if (r.kind() == PerftestRecord.Kind.KEY) {
                completed.set(i, new PerftestRecord(r.kind(), r.streamStart(), r.streamEnd(), r.text(), ++dir.keys, r.key(), null));
            }
        }
        return completed;
    }

    /** The ibv_*_pingpong messages the last segment completed, in stream order (reused by the next call). */
    public List<PingpongRecord> pingpongRecords() { return pingpong; }

    /** Stream offset of the first payload byte of the last segment given to {@link #segment}. */
    public long lastSegmentOffset() { return lastSegmentOffset; }
}
