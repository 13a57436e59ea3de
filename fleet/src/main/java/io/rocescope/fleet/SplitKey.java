package io.rocescope.fleet;

import java.io.Serializable;
import java.util.Comparator;

/** Where a piece of a task's output goes: its capture, and its place in that capture (split, then chunk). */
record SplitKey(int capture, int split, int chunk) implements Serializable {
    /** Capture order, then file order: the order the merge must see a capture's pieces in. */
    static final Comparator<SplitKey> ORDER = (Comparator<SplitKey> & Serializable) (a, b) -> {
        int c = Integer.compare(a.capture, b.capture);
        if (c == 0) c = Integer.compare(a.split, b.split);
        return c != 0 ? c : Integer.compare(a.chunk, b.chunk);
    };
}
