package io.rocescope.flow;

/**
 * Does a CNP answer each CE mark of a flow? A mark is answered when a CNP to the flow's sender comes
 * within the window before or after it (the notification point sends at most one CNP per interval and
 * QP, so one CNP answers the marks around it). Marks wait in a bounded ring until a CNP answers them or
 * the window passes; when more than {@link #MAX_PENDING} wait at once the oldest are settled early (so
 * many marks within one window and no CNP yet: a notification point that answers sends one long before).
 * A flow that stops keeps its waiting marks until the end: at most MAX_PENDING of them, 12 kB.
 */
final class CeAnswers {
    static final int MAX_PENDING = 512;
    /** Pending marks: time, frame and stream position, as a ring of triples. */
    private long[] ring = new long[3 * 8];
    private int head, size;
    private long lastCnpTs = Long.MIN_VALUE;
    long answered, unanswered;
    final FrameSet unansweredFrames = new FrameSet();

    static CeAnswers afterCnp(long ts) {
        CeAnswers a = new CeAnswers();
        a.lastCnpTs = ts;
        return a;
    }

    void onCe(long ts, long frame, long seq, long window) {
        expire(ts, window);
        if (lastCnpTs != Long.MIN_VALUE && ts - lastCnpTs <= window) { answered++; return; }
        if (size == MAX_PENDING) settleOldest();
        if (3 * size == ring.length) grow();
        int at = 3 * ((head + size) % (ring.length / 3));
        ring[at] = ts;
        ring[at + 1] = frame;
        ring[at + 2] = seq;
        size++;
    }

    void onCnp(long ts, long window) {
        expire(ts, window);
        answered += size;
        size = 0;
        head = 0;
        lastCnpTs = ts;
    }

    /** Marks older than the window before {@code now} can no longer be answered. */
    private void expire(long now, long window) {
        while (size > 0 && now - ring[3 * head] > window) settleOldest();
    }

    private void settleOldest() {
        unanswered++;
        unansweredFrames.add(ring[3 * head + 1], ring[3 * head + 2]);
        head = (head + 1) % (ring.length / 3);
        size--;
    }

    private void grow() {
        long[] bigger = new long[Math.min(3 * MAX_PENDING, ring.length * 2)];
        int n = ring.length / 3;
        for (int i = 0; i < size; i++) System.arraycopy(ring, 3 * ((head + i) % n), bigger, 3 * i, 3);
        ring = bigger;
        head = 0;
    }

    void finish() {
        while (size > 0) settleOldest();
    }
}
