package io.rocescope.flow;

import io.rocescope.dissector.decode.Expert.Severity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Collects findings; beyond {@link #MAX} individual findings only the counts per kind keep growing. Each is
 * of a registered {@link FindingKind}, with the kind's severity unless the caller knows better, and names
 * the connection it is about ({@code connection}: its number, or {@link Finding#NO_CONNECTION}). A tracker
 * shard's ({@link ShardFindings}) logs them instead, to be added here in the router's order.
 */
class Findings {
    static final int MAX = 10_000;
    /** How many are kept whole: {@link #MAX} but in tests of the limit itself. */
    final int kept;
    static final int MAX_FRAMES = 10;
    final List<Finding> list = new ArrayList<>();
    final Map<String, Long> countByKind = new TreeMap<>();
    long dropped;

    Findings() { this(MAX); }

    Findings(int kept) { this.kept = kept; }

    boolean any(FindingKind kind) { return countByKind.containsKey(kind.key()); }

    /** A finding shown by these frames, each one listed on its own. */
    void add(FindingKind kind, int connection, String where, String message, long... frames) {
        addCounted(kind, connection, where, message, 1, frames);
    }

    /**
     * A finding of the per-packet paths, whose texts are built only when it is kept whole: beyond
     * {@link #MAX} it is only counted (formatting them was most of a lossy capture's cost).
     */
    void add(FindingKind kind, int connection, Supplier<String> where, Supplier<String> message, long frame) {
        add(kind, kind.severity(), connection, where, message, frame, null);
    }

    /** As above, with a severity other than the kind's (a consequence whose cause is known and benign). */
    void add(FindingKind kind, Severity s, int connection, Supplier<String> where, Supplier<String> message, long frame,
             Finding.Cause cause) {
        if (list.size() < kept) {
            add(kind, s, connection, where.get(), message.get(), 1, List.of(new Finding.FrameRange(frame, frame)), false, cause);
        } else {
            countByKind.merge(kind.key(), 1L, Long::sum);
            dropped++;
        }
    }

    void addCounted(FindingKind kind, int connection, String where, String message, long count, long... frames) {
        addCounted(kind, kind.severity(), connection, where, message, count, frames);
    }

    void addCounted(FindingKind kind, Severity s, int connection, String where, String message, long count, long... frames) {
        List<Finding.FrameRange> ranges = new ArrayList<>();
        for (int i = 0; i < frames.length && i < MAX_FRAMES; i++) ranges.add(new Finding.FrameRange(frames[i], frames[i]));
        add(kind, s, connection, where, message, count, ranges, frames.length > MAX_FRAMES, null);
    }

    /** A finding of {@code count} events whose frames are {@code frames}. */
    void addCounted(FindingKind kind, int connection, String where, String message, long count, FrameSet frames, Finding.Cause cause) {
        add(kind, kind.severity(), connection, where, message, count, frames.ranges(), frames.more(), cause);
    }

    void add(FindingKind kind, int connection, String where, String message, long count, List<Finding.FrameRange> ranges,
             boolean more, Finding.Cause cause) {
        add(kind, kind.severity(), connection, where, message, count, ranges, more, cause);
    }

    /**
     * The finding at {@code index} is about {@code connection}, learned after it was made (a bad ICRC's: its
     * packet's flow is found after the frame is counted, and the findings keep the order they were made in).
     */
    void about(int index, int connection) {
        Finding f = list.get(index);
        list.set(index, new Finding(f.severity(), f.kind(), f.flow(), f.frames(), f.message(), f.count(), f.frameRanges(),
            f.moreFrames(), f.causedBy(), connection));
    }

    void add(FindingKind kind, Severity s, int connection, String where, String message, long count,
             List<Finding.FrameRange> ranges, boolean more, Finding.Cause cause) {
        countByKind.merge(kind.key(), count, Long::sum);
        if (list.size() >= kept) { dropped++; return; }
        list.add(new Finding(s, kind.key(), where, Finding.named(ranges, MAX_FRAMES), message, count, List.copyOf(ranges), more,
            cause, connection));
    }
}
