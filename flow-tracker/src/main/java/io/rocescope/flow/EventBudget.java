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

    EventBudget(long events) { this.left = events; }

    /** True while the logs may keep one more event (and takes it). */
    boolean take() {
        if (left <= 0) return false;
        left--;
        return true;
    }
}
