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

    void add(Severity s, String kind, String where, String message, long... frames) {
        addCounted(s, kind, where, message, 1, frames);
    }

    /**
     * A finding of the per-packet paths, whose texts are built only when it is kept whole: beyond
     * {@link #MAX} it is only counted (formatting them was most of a lossy capture's cost).
     */
    void add(Severity s, String kind, Supplier<String> where, Supplier<String> message, long frame) {
        if (list.size() < MAX) {
            add(s, kind, where.get(), message.get(), frame);
        } else {
            countByKind.merge(kind, 1L, Long::sum);
            dropped++;
        }
    }

    void addCounted(Severity s, String kind, String where, String message, long count, long... frames) {
        countByKind.merge(kind, count, Long::sum);
        if (list.size() >= MAX) { dropped++; return; }
        List<Long> f = new ArrayList<>();
        for (int i = 0; i < frames.length && i < MAX_FRAMES; i++) f.add(frames[i]);
        list.add(new Finding(s, kind, where, List.copyOf(f), message, count));
    }
}
