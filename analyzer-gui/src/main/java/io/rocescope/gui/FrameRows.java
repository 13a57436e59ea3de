package io.rocescope.gui;

import javafx.collections.ObservableListBase;

/**
 * The packet list's items: display position → frame index (from 0), without an object per frame.
 * Either every indexed frame in capture order (it grows while the capture is indexed) or a chosen
 * set in a chosen order (a filter's matches, a sort), kept in a {@link SpilledLongs} so that a list of
 * 10 M frames costs the heap of a few pages. {@link #close} drops its temporary file.
 */
final class FrameRows extends ObservableListBase<Integer> implements AutoCloseable {
    /** Frame indexes in display order; null: the identity over {@link #size}. */
    private final SpilledLongs map;
    /** A sort's {@link SortInverse} (frame → position), or null (capture order, or a sort without one). */
    private final SpilledLongs inverse;
    private final boolean ascending;
    private int size;
    /** Elements the last {@link #positionOf} read (tests: a lookup must not scan the list). */
    private final int[] probes = new int[1];

    private FrameRows(SpilledLongs map, int size, boolean ascending) { this(map, null, size, ascending); }

    private FrameRows(SpilledLongs map, SpilledLongs inverse, int size, boolean ascending) {
        this.map = map;
        this.inverse = inverse;
        this.size = size;
        this.ascending = ascending;
    }

    /** All frames, {@code size} of them so far. */
    static FrameRows all(int size) { return new FrameRows(null, size, true); }

    /** These frames (complete: no more are added) in capture order (a filter's). */
    static FrameRows inCaptureOrder(SpilledLongs frames) { return new FrameRows(frames, frames.size(), true); }

    /** These frames (complete) in another order (a sort's). */
    static FrameRows inOrder(SpilledLongs frames) { return new FrameRows(frames, frames.size(), false); }

    /** These frames (complete) in another order, with the order's {@link SortInverse}: finding a frame is a binary search. */
    static FrameRows inOrder(SpilledLongs frames, SpilledLongs inverse) { return new FrameRows(frames, inverse, frames.size(), false); }

    /** These frames, small lists (tests, a selection), in this order. */
    static FrameRows of(int[] frames, int size) {
        SpilledLongs m = new SpilledLongs();
        for (int i = 0; i < size; i++) m.add(frames[i]);
        boolean asc = true;
        for (int i = 1; i < size && asc; i++) asc = frames[i - 1] < frames[i];
        return new FrameRows(m, size, asc);
    }

    boolean isAll() { return map == null; }

    /** True when the frames are shown in capture order (every frame, or a filter's matches). */
    boolean inCaptureOrder() { return ascending; }

    /** More frames indexed: the list of all frames grows to {@code n}. */
    void growTo(int n) {
        if (map != null || n <= size) return;
        int old = size;
        size = n;
        beginChange();
        nextAdd(old, n);
        endChange();
    }

    @Override
    public Integer get(int i) {
        if (i < 0 || i >= size) throw new IndexOutOfBoundsException(i);
        return frameAt(i);
    }

    int frameAt(int i) { return map == null ? i : (int) map.get(i); }

    /**
     * Where frame index {@code frame} is shown, or -1: a binary search in capture order or in a sort's
     * inverse; a scan only for a sort without one (small lists).
     */
    int positionOf(int frame) {
        probes[0] = 0;
        if (map == null) return frame >= 0 && frame < size ? frame : -1;
        if (inverse != null) return SortInverse.positionOf(inverse, frame, probes);
        if (ascending) {
            int lo = 0, hi = size - 1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1, f = frameAt(mid);
                probes[0]++;
                if (f == frame) return mid;
                if (f < frame) lo = mid + 1;
                else hi = mid - 1;
            }
            return -1;
        }
        for (int i = 0; i < size; i++) {
            probes[0]++;
            if (frameAt(i) == frame) return i;
        }
        return -1;
    }

    /** How many elements the last {@link #positionOf} read. */
    int lastProbes() { return probes[0]; }

    /** The frame indexes shown, in order, as an array: for tests and small lists (4 bytes a frame). */
    int[] frames() {
        int[] out = new int[size];
        for (int i = 0; i < size; i++) out[i] = frameAt(i);
        return out;
    }

    /** A copy that stays readable after this list is closed (an export of the displayed frames runs on meanwhile). */
    FrameRows copy() {
        if (map == null) return all(size);
        // a page at a time (it runs on the JavaFX thread when an export starts): not a get per frame
        SpilledLongs m = new SpilledLongs();
        long[] block = new long[1 << SpilledLongs.PAGE_BITS];
        for (int i = 0; i < size; i += block.length) {
            int n = Math.min(block.length, size - i);
            map.copy(i, block, 0, n);
            for (int k = 0; k < n; k++) m.add(block[k]);
        }
        return new FrameRows(m, size, ascending);
    }

    @Override
    public int size() { return size; }

    /** The heap this list holds (pages in memory; 0 for every frame, which needs none). */
    long memoryBytes() { return map == null ? 0 : map.memoryBytes(); }

    @Override
    public void close() {
        if (map != null) map.close();
        if (inverse != null) inverse.close();
    }
}
