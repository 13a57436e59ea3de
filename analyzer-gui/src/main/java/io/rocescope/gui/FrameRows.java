package io.rocescope.gui;

import javafx.collections.ObservableListBase;

/**
 * The packet list's items: display position → frame index (from 0), without an object per frame.
 * Either every indexed frame in capture order (it grows while the capture is indexed) or a chosen
 * set in a chosen order (a filter's matches, a sort).
 */
final class FrameRows extends ObservableListBase<Integer> {
    /** Frame indexes in display order; null: the identity over {@link #size}. */
    private final int[] map;
    private int size;

    private FrameRows(int[] map, int size) {
        this.map = map;
        this.size = size;
    }

    /** All frames, {@code size} of them so far. */
    static FrameRows all(int size) { return new FrameRows(null, size); }

    /** These frames in this order. */
    static FrameRows of(int[] frames, int size) { return new FrameRows(frames, size); }

    boolean isAll() { return map == null; }

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
        return map == null ? i : map[i];
    }

    int frameAt(int i) { return map == null ? i : map[i]; }

    /** Where frame index {@code frame} is shown, or -1. */
    int positionOf(int frame) {
        if (map == null) return frame < size ? frame : -1;
        for (int i = 0; i < size; i++) if (map[i] == frame) return i;
        return -1;
    }

    /** The frame indexes shown, in order (a copy). */
    int[] frames() {
        int[] out = new int[size];
        for (int i = 0; i < size; i++) out[i] = frameAt(i);
        return out;
    }

    @Override
    public int size() { return size; }
}
