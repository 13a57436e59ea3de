package io.rocescope.dissector.perftest;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The per-direction state of the TCP exchanges on the perftest port (18515) in a capture: reassembly plus
 * record parsing. Two programs use that port: perftest (binary and text records) and the libibverbs
 * example programs ibv_*_pingpong (fixed-size text messages); each direction's first bytes tell which.
 * A direction that is neither gives no records (its frames stay plain TCP data).
 * Wireshark keeps the same kind of conversation state for TCP reassembly; it is decoding state, not
 * flow analysis. Memory is bounded whatever the capture holds: at most {@code maxStreams} directions,
 * and at most {@link #MAX_BUFFERED} bytes waiting in all of them together (early segments, partial
 * records); past either bound the least recently used directions are dropped. With the decoder's 1024
 * directions that is at most 8 MiB of bytes plus about 1 KiB of bookkeeping per direction.
 */
public final class PerftestConversations {
    /** Bytes all directions together may hold waiting (a real exchange holds a few KiB at a time). */
    public static final long MAX_BUFFERED = 8L << 20;

    private final int maxStreams;
    /** Least recently used first. */
    private final LinkedHashMap<String, Direction> streams = new LinkedHashMap<>(16, 0.75f, true);
    private final List<PerftestRecord> completed = new ArrayList<>();
    private final List<PingpongRecord> pingpong = new ArrayList<>();
    private long lastSegmentOffset;
    private long buffered;

    private static final class Direction {
        final TcpStreamReassembler reassembler = new TcpStreamReassembler();
        /** Both parsers read the first bytes; the first to recognize a record wins, the other is dropped. */
        PerftestStreamParser parser = new PerftestStreamParser();
        PingpongStreamParser pingpong = new PingpongStreamParser();
        /** perftest records seen: until then its "unknown bytes" are not perftest's (the stream is unrecognized). */
        boolean perftest;
        int keys;
        long retained() { return reassembler.retainedBytes() + (parser == null ? 0 : parser.retainedBytes()); }
    }

    public PerftestConversations(int maxStreams) {
        this.maxStreams = maxStreams;
    }

    /**
     * Feeds one TCP segment of one direction ({@code streamKey} names it, e.g. "10.0.0.1:55158>10.0.0.2:18515").
     * Returns the records this segment completed, in stream order (the list is reused by the next call).
     */
    public List<PerftestRecord> segment(String streamKey, int seq, boolean syn, boolean end, byte[] d, int off, int len) {
        completed.clear();
        pingpong.clear();
        Direction dir = streams.get(streamKey);
        if (dir == null) {
            dir = new Direction();
            streams.put(streamKey, dir);
            buffered += dir.retained();
        }
        long before = dir.retained();
        if (syn) dir.reassembler.syn(seq);
        else dir.reassembler.startAt(seq);   // before the offset is taken: a stream seen from its middle starts here
        lastSegmentOffset = dir.reassembler.streamOffset(syn ? seq + 1 : seq);
        Direction target = dir;
        dir.reassembler.segment(syn ? seq + 1 : seq, d, off, len, (data, o, n, at) -> {
            if (target.pingpong != null) {
                target.pingpong.bytes(data, o, n, at, pingpong);
                if (target.pingpong.gaveUp() && !target.pingpong.recognized()) target.pingpong = null;
                else if (target.pingpong.recognized()) target.parser = null;
            }
            if (target.parser != null) target.parser.bytes(data, o, n, at, completed);
        });
        if (end && dir.parser != null) dir.parser.finish(completed);
        buffered += dir.retained() - before;
        if (end) {
            streams.remove(streamKey);
            buffered -= dir.retained();
        }
        evict();
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

    /** Drops the least recently used directions while either bound is exceeded (the one just fed goes last). */
    private void evict() {
        Iterator<Map.Entry<String, Direction>> it = streams.entrySet().iterator();
        while ((streams.size() > maxStreams || buffered > MAX_BUFFERED) && it.hasNext()) {
            Direction victim = it.next().getValue();
            it.remove();
            buffered -= victim.retained();
        }
    }

    /** The ibv_*_pingpong messages the last segment completed, in stream order (reused by the next call). */
    public List<PingpongRecord> pingpongRecords() { return pingpong; }

    /** Stream offset of the first payload byte of the last segment given to {@link #segment}. */
    public long lastSegmentOffset() { return lastSegmentOffset; }

    /** Directions followed now. */
    public int streams() { return streams.size(); }

    /** Bytes held now by all directions for early segments and partial records (at most {@link #MAX_BUFFERED}). */
    public long bufferedBytes() { return buffered; }

}
