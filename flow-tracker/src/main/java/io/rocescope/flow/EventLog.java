package io.rocescope.flow;

import java.util.Arrays;

/**
 * Times and frames of one kind of event on a flow (NAKs, RNR NAKs, CNPs), for rates over sliding
 * windows. Bounded: past {@link #MAX} events only the count grows.
 */
public final class EventLog {
    static final int MAX = 1 << 20;
    private long[] ts = NONE, frames = NONE;
    private static final long[] NONE = new long[0];
    private int size;
    private long count;

    /** An event, kept while this log is under its cap and the tracker's {@code budget} lasts; counted always. */
    void add(long timestampNanos, long frame, EventBudget budget) {
        if (size == MAX || !budget.take()) count++;
        else add(timestampNanos, frame);
    }

    void add(long timestampNanos, long frame) {
        count++;
        if (size == MAX) return;
        if (size == ts.length) {
            ts = Arrays.copyOf(ts, Math.max(8, size * 2));
            frames = Arrays.copyOf(frames, Math.max(8, size * 2));
        }
        ts[size] = timestampNanos;
        frames[size++] = frame;
    }

    public long count() { return count; }

    /** The most events inside any window of {@code windowNanos} (inclusive of both ends), and where it starts. */
    public Window busiest(long windowNanos) {
        int best = 0, bestStart = 0;
        for (int lo = 0, hi = 0; hi < size; hi++) {
            while (ts[hi] - ts[lo] > windowNanos) lo++;
            if (hi - lo + 1 > best) { best = hi - lo + 1; bestStart = lo; }
        }
        long[] f = Arrays.copyOfRange(frames, bestStart, Math.min(size, bestStart + Math.min(best, 10)));
        return new Window(best, f);
    }

    /** Frames of the first few events. */
    public long[] firstFrames(int n) { return Arrays.copyOf(frames, Math.min(n, size)); }

    public record Window(int events, long[] frames) {}

    /** All events of several logs, in time order (for connection- and capture-wide rates). */
    public static EventLog merge(java.util.List<EventLog> logs) {
        EventLog m = new EventLog();
        int total = 0;
        for (EventLog l : logs) total += l.size;
        long[][] pairs = new long[total][];
        int k = 0;
        for (EventLog l : logs) for (int i = 0; i < l.size; i++) pairs[k++] = new long[] {l.ts[i], l.frames[i]};
        Arrays.sort(pairs, (a, b) -> Long.compare(a[0], b[0]));
        for (long[] p : pairs) m.add(p[0], p[1]);
        m.count = 0;
        for (EventLog l : logs) m.count += l.count;
        return m;
    }
}
