package io.rocescope.flow;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/** Collects findings; beyond {@link #MAX} individual findings only the counts per kind keep growing. */
final class Findings {
    static final int MAX = 10_000;
    static final int MAX_FRAMES = 10;
    final List<Finding> list = new ArrayList<>();
    final Map<String, Long> countByKind = new TreeMap<>();
    long dropped;

    /** A finding shown by these frames, each one listed on its own. */
    void add(Severity s, String kind, String where, String message, long... frames) {
        addCounted(s, kind, where, message, 1, frames);
    }

    /**
     * A finding of the per-packet paths, whose texts are built only when it is kept whole: beyond
     * {@link #MAX} it is only counted (formatting them was most of a lossy capture's cost).
     */
    void add(Severity s, String kind, Supplier<String> where, Supplier<String> message, long frame) {
        add(s, kind, where, message, frame, null);
    }

    void add(Severity s, String kind, Supplier<String> where, Supplier<String> message, long frame, Finding.Cause cause) {
        if (list.size() < MAX) {
            add(s, kind, where.get(), message.get(), 1, List.of(new Finding.FrameRange(frame, frame)), false, cause);
        } else {
            countByKind.merge(kind, 1L, Long::sum);
            dropped++;
        }
    }

    void addCounted(Severity s, String kind, String where, String message, long count, long... frames) {
        List<Finding.FrameRange> ranges = new ArrayList<>();
        for (int i = 0; i < frames.length && i < MAX_FRAMES; i++) ranges.add(new Finding.FrameRange(frames[i], frames[i]));
        add(s, kind, where, message, count, ranges, frames.length > MAX_FRAMES, null);
    }

    /** A finding of {@code count} events whose frames are {@code frames}. */
    void addCounted(Severity s, String kind, String where, String message, long count, FrameSet frames, Finding.Cause cause) {
        add(s, kind, where, message, count, frames.ranges(), frames.more(), cause);
    }

    void add(Severity s, String kind, String where, String message, long count, List<Finding.FrameRange> ranges,
             boolean more, Finding.Cause cause) {
        countByKind.merge(kind, count, Long::sum);
        if (list.size() >= MAX) { dropped++; return; }
        list.add(new Finding(s, kind, where, Finding.named(ranges, MAX_FRAMES), message, count, List.copyOf(ranges), more, cause));
    }
}
