package io.rocescope.flow;

import java.util.HashMap;
import java.util.Map;

/**
 * PFC (per priority) and PAUSE (whole link) frames: counts, quanta, and how long each priority was
 * paused, merging overlapping pauses and cutting them short at a resume (time 0). A quantum is 512 bit
 * times: 5.12 ns at 100 Gb/s.
 */
final class PauseTracker {
    /** Priority index 8 stands for classic PAUSE (all traffic). */
    static final int PAUSE = 8;

    final double quantumNanos;
    final long windowNanos;
    final long[] frames = new long[9], pauses = new long[9], resumes = new long[9], quanta = new long[9];
    final long[] pausedNanos = new long[9];
    final long[] firstFrame = new long[9];
    private final long[] pausedUntil = new long[9];
    private final boolean[] paused = new boolean[9];
    final Map<Long, Long>[] pausedPerWindow;

    @SuppressWarnings("unchecked")
    PauseTracker(double linkGbps, long windowNanos) {
        this.quantumNanos = 512.0 / linkGbps;
        this.windowNanos = windowNanos;
        this.pausedPerWindow = new Map[9];
        for (int i = 0; i < 9; i++) pausedPerWindow[i] = new HashMap<>();
    }

    void onPause(int prio, int time, long ts, long frame) {
        if (frames[prio] == 0) firstFrame[prio] = frame;
        frames[prio]++;
        quanta[prio] += time;
        if (time == 0) {
            resumes[prio]++;
            if (paused[prio] && ts < pausedUntil[prio]) {
                remove(prio, ts, pausedUntil[prio]);
                pausedUntil[prio] = ts;
            }
            return;
        }
        pauses[prio]++;
        long end = ts + Math.round(time * quantumNanos);
        if (paused[prio] && ts < pausedUntil[prio]) {
            if (end > pausedUntil[prio]) { add(prio, pausedUntil[prio], end); pausedUntil[prio] = end; }
        } else {
            add(prio, ts, end);
            pausedUntil[prio] = end;
        }
        paused[prio] = true;
    }

    private void add(int prio, long start, long end) { spread(prio, start, end, 1); }
    private void remove(int prio, long start, long end) { spread(prio, start, end, -1); }

    private void spread(int prio, long start, long end, int sign) {
        pausedNanos[prio] += sign * (end - start);
        for (long w = start / windowNanos; w * windowNanos < end; w++) {
            long from = Math.max(start, w * windowNanos), to = Math.min(end, (w + 1) * windowNanos);
            pausedPerWindow[prio].merge(w, sign * (to - from), Long::sum);
        }
    }

    /** The largest paused fraction of any window, for priority {@code prio}. */
    double worstWindowFraction(int prio) {
        long worst = 0;
        for (long v : pausedPerWindow[prio].values()) worst = Math.max(worst, v);
        return (double) worst / windowNanos;
    }
}
