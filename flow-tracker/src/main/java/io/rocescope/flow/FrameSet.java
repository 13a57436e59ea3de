package io.rocescope.flow;

import java.util.ArrayList;
import java.util.List;

/**
 * The frames of one kind of event, in capture order, kept as runs: a run is consecutive packets of one
 * stream (a flow's packets, or the CNPs to a sender) that all show the event, so 2 000 resent packets in
 * a row are one run "380–506" and not 2 000 numbers. Bounded: beyond {@link #MAX_RUNS} runs only
 * {@link #count} grows.
 */
final class FrameSet {
    static final int MAX_RUNS = 16;
    /** No frames: what a flow's lazily made sets read as before their first event (never added to). */
    static final FrameSet NONE = new FrameSet();
    /** first frame, last frame, stream position of the last frame; per run. */
    private long[] runs;
    private int size;
    private long count;
    private boolean more;

    /** An event at {@code frame}, the {@code seq}-th packet of its stream (consecutive seq numbers join a run). */
    void add(long frame, long seq) {
        count++;
        if (size > 0 && runs[3 * size - 1] == seq - 1) {
            runs[3 * size - 2] = frame;
            runs[3 * size - 1] = seq;
            return;
        }
        if (size == MAX_RUNS) { more = true; return; }
        if (runs == null) runs = new long[3 * 2];
        else if (3 * size == runs.length) runs = java.util.Arrays.copyOf(runs, Math.min(3 * MAX_RUNS, runs.length * 2));
        runs[3 * size] = frame;
        runs[3 * size + 1] = frame;
        runs[3 * size + 2] = seq;
        size++;
    }

    long count() { return count; }
    boolean isEmpty() { return count == 0; }
    long first() { return size == 0 ? 0 : runs[0]; }

    List<Finding.FrameRange> ranges() {
        List<Finding.FrameRange> out = new ArrayList<>(size);
        for (int i = 0; i < size; i++) out.add(new Finding.FrameRange(runs[3 * i], runs[3 * i + 1]));
        return out;
    }

    /** True when events after the last kept run were only counted. */
    boolean more() { return more; }
}
