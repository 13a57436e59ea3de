package io.rocescope.flow;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Collects findings; beyond {@link #MAX} individual findings only the counts per kind keep growing. */
final class Findings {
    static final int MAX = 10_000;
    static final int MAX_FRAMES = 10;
    final List<Finding> list = new ArrayList<>();
    final Map<String, Long> countByKind = new TreeMap<>();
    long dropped;

    void add(Severity s, String kind, String where, String message, long... frames) {
        addCounted(s, kind, where, message, 1, frames);
    }

    /**
     * Whether another finding would be kept whole; when not, callers on per-packet paths only
     * {@link #count} it and skip building its text (formatting was most of a lossy capture's cost).
     */
    boolean keepsMore() { return list.size() < MAX; }

    /** Counts a finding that is not kept whole (see {@link #keepsMore}). */
    void count(String kind, long count) {
        countByKind.merge(kind, count, Long::sum);
        dropped++;
    }

    void addCounted(Severity s, String kind, String where, String message, long count, long... frames) {
        countByKind.merge(kind, count, Long::sum);
        if (list.size() >= MAX) { dropped++; return; }
        List<Long> f = new ArrayList<>();
        for (int i = 0; i < frames.length && i < MAX_FRAMES; i++) f.add(frames[i]);
        list.add(new Finding(s, kind, where, List.copyOf(f), message, count));
    }
}
