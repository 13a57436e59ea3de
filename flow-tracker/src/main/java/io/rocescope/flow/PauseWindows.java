package io.rocescope.flow;

import io.rocescope.dissector.field.ksy.MacControlLayout;

/**
 * When each priority was paused, as intervals [start, end): a pause frame starts or extends one, a
 * resume (time 0) ends it early, as {@link PauseTracker} accounts them. Each priority keeps its current
 * interval and the last {@link #KEPT} before it: enough to tell, when a flow's next packet comes, whether
 * a pause on its priority fell between its packets. Priority {@link PauseTracker#PAUSE} is classic PAUSE (every priority).
 */
final class PauseWindows {
    static final int KEPT = 16;
    private final double quantumNanos;
    private final long[][] starts = new long[PauseTracker.SLOTS][KEPT], ends = new long[PauseTracker.SLOTS][KEPT];
    /** Intervals per priority; the newest sits at (count - 1) % KEPT. */
    private final int[] count = new int[PauseTracker.SLOTS];
    /** False until the first pause frame: then every question below has its answer at once (most captures have none). */
    private boolean any;

    PauseWindows(double linkGbps) { this.quantumNanos = MacControlLayout.PAUSE_QUANTUM_BITS / linkGbps; }

    void onPause(int prio, int quanta, long ts) {
        any = true;
        int n = count[prio];
        int cur = (n - 1) % KEPT;
        boolean open = n > 0 && ts >= starts[prio][cur] && ts < ends[prio][cur];
        if (quanta == 0) {
            if (open) ends[prio][cur] = ts;
            return;
        }
        long end = ts + Math.round(quanta * quantumNanos);
        if (open) {
            ends[prio][cur] = Math.max(ends[prio][cur], end);
            return;
        }
        int at = n % KEPT;
        starts[prio][at] = ts;
        ends[prio][at] = end;
        count[prio] = n + 1;
    }

    /** True when priority {@code prio} (or the whole link) is paused at {@code ts}. */
    boolean paused(int prio, long ts) {
        return any && (inside(prio, ts) || inside(PauseTracker.PAUSE, ts));
    }

    private boolean inside(int prio, long ts) {
        int n = count[prio];
        if (n == 0) return false;
        int cur = (n - 1) % KEPT;
        return ts >= starts[prio][cur] && ts < ends[prio][cur];
    }

    /** True when any priority other than {@code prio} (not classic PAUSE) is paused at {@code ts}; the lowest such, or -1. */
    int otherPaused(int prio, long ts) {
        if (!any) return -1;
        for (int p = 0; p < PauseTracker.PRIORITIES; p++) if (p != prio && inside(p, ts)) return p;
        return -1;
    }

    /**
     * Paused nanoseconds of the pauses on {@code prio} (or the link) that began after a flow's packet at
     * {@code t0}, no longer before it than the pause lasted (the flow was active when it began), and ended
     * by its next packet at {@code t1}: the flow sent nothing while paused. 0 when none did.
     */
    long stalledBetween(int prio, long t0, long t1) {
        if (!any) return 0;
        return stalled(prio, t0, t1) + stalled(PauseTracker.PAUSE, t0, t1);
    }

    private long stalled(int prio, long t0, long t1) {
        long total = 0;
        int n = count[prio];
        for (int k = 0; k < Math.min(n, KEPT); k++) {
            int i = (n - 1 - k) % KEPT;
            long s = starts[prio][i], e = ends[prio][i];
            if (e <= t0) break;   // older ones ended before the flow's previous packet
            if (s > t0 && e <= t1 && s - t0 <= e - s) total += e - s;
        }
        return total;
    }
}
