package io.rocescope.flow;

import io.rocescope.dissector.field.ksy.MacControlLayout;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * PFC (per priority) and PAUSE (whole link) frames: counts, quanta, and how long each priority was
 * paused, merging overlapping pauses and cutting them short at a resume (time 0). A quantum is 512 bit
 * times: 5.12 ns at 100 Gb/s.
 *
 * <p>Time only moves forward within a priority's accounting: a pause acts on [its time, its end), so
 * the windows before the current frame's are final and leave the map for a running maximum. The map
 * holds only the windows a pause in progress reaches (at most one pause length ahead). A frame earlier
 * than the previous one (merged captures, a clock step) starts a new stretch: what is pending is
 * settled and the new stretch is accounted on its own, at a constant cost whatever the step.
 */
final class PauseTracker {
    /** PFC's priorities: one pause time each in ksy/mac_control.ksy's pfc. */
    static final int PRIORITIES = MacControlLayout.COUNT_PFC_PAUSE_TIMES;
    /** The priority index after them stands for classic PAUSE (all traffic). */
    static final int PAUSE = PRIORITIES;
    /** Per-priority arrays: the PFC priorities, then PAUSE. */
    static final int SLOTS = PRIORITIES + 1;

    final double quantumNanos;
    final long windowNanos;
    final long[] frames = new long[SLOTS], pauses = new long[SLOTS], resumes = new long[SLOTS], quanta = new long[SLOTS];
    final long[] pausedNanos = new long[SLOTS];
    final long[] firstFrame = new long[SLOTS];
    private final long[] pausedUntil = new long[SLOTS];
    private final boolean[] paused = new boolean[SLOTS];
    private final long[] lastTs = new long[SLOTS];
    /** Per priority: paused nanoseconds of the windows not yet final, by window number. */
    private final Map<Long, Long>[] pending;
    /** Per priority: the most paused nanoseconds of any final window. */
    private final long[] worst = new long[SLOTS];

    @SuppressWarnings("unchecked")
    PauseTracker(double linkGbps, long windowNanos) {
        this.quantumNanos = MacControlLayout.PAUSE_QUANTUM_BITS / linkGbps;
        this.windowNanos = windowNanos;
        this.pending = new Map[SLOTS];
        for (int i = 0; i < SLOTS; i++) pending[i] = new HashMap<>();
    }

    void onPause(int prio, int time, long ts, long frame) {
        if (frames[prio] == 0) firstFrame[prio] = frame;
        else if (ts < lastTs[prio]) newStretch(prio);
        lastTs[prio] = ts;
        settleBefore(prio, Math.floorDiv(ts, windowNanos));
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

    /** Time went backwards: the pause in progress is settled as it stands, and accounting starts afresh. */
    private void newStretch(int prio) {
        settleBefore(prio, Long.MAX_VALUE);
        paused[prio] = false;
    }

    /** Windows before {@code window} can no longer change: their totals go into the maximum. */
    private void settleBefore(int prio, long window) {
        for (Iterator<Map.Entry<Long, Long>> it = pending[prio].entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Long, Long> e = it.next();
            if (e.getKey() < window) {
                worst[prio] = Math.max(worst[prio], e.getValue());
                it.remove();
            }
        }
    }

    private void add(int prio, long start, long end) { spread(prio, start, end, 1); }
    private void remove(int prio, long start, long end) { spread(prio, start, end, -1); }

    private void spread(int prio, long start, long end, int sign) {
        pausedNanos[prio] += sign * (end - start);
        for (long w = Math.floorDiv(start, windowNanos); w * windowNanos < end; w++) {
            long from = Math.max(start, w * windowNanos), to = Math.min(end, (w + 1) * windowNanos);
            pending[prio].merge(w, sign * (to - from), Long::sum);
        }
    }

    /** Windows held for priority {@code prio}: bounded by one pause's length, whatever the capture (a test checks it). */
    int pendingWindows(int prio) { return pending[prio].size(); }

    /** The largest paused fraction of any window, for priority {@code prio}. */
    double worstWindowFraction(int prio) {
        long w = worst[prio];
        for (long v : pending[prio].values()) w = Math.max(w, v);
        return (double) w / windowNanos;
    }
}
