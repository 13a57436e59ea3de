package io.rocescope.flow;

/**
 * How many NAK, RNR NAK and CNP events the event logs of all flows keep together. Each log also keeps at
 * most {@link EventLog#MAX} of its own, but 50,000 flows in a NAK storm could then hold 16 MB each; with one
 * budget for the tracker the logs hold at most {@link #DEFAULT} events in all (16 B each, arrays grown by
 * doubling: at most 128 MB), whatever the capture. Past it the logs only count, as past their own cap: the
 * counts stay exact and the rates over windows read the events kept (the first ones).
 */
final class EventBudget {
    static final long DEFAULT = 1L << 22;
    private long left;
    /** What a tracker shard's share started with (see {@link #spend}). */
    private long start;

    EventBudget(long events) { this.left = this.start = events; }

    /** True while the logs may keep one more event (and takes it). */
    boolean take() {
        if (left <= 0) return false;
        left--;
        return true;
    }

    /** Makes {@code share} (a tracker shard's) hold what is left of this budget now. */
    void lend(EventBudget share) {
        share.left = share.start = left;
    }

    /** Events this share kept since it was lent a budget. */
    long spent() { return start - left; }

    /**
     * Takes what {@code share} spent since it was lent this budget. False when the shares together kept more than
     * this budget had: one budget would have refused the later ones, so the logs may differ from one tracker's.
     * While they kept no more, a share's refusals are one budget's too: a share refuses only once it alone kept
     * all there was, so no other share kept any.
     */
    boolean spend(EventBudget share) {
        long used = share.spent();
        if (used > left) return false;
        left -= used;
        return true;
    }
}
