package io.rocescope.flow;

/** One step of a connection's set-up or tear-down, with the frame that shows it. */
public record TimelineEvent(long frame, long timestampNanos, String from, String to, String event, String detail) {
    static TimelineEvent of(long frame, long timestampNanos, Address from, Address to, String event, String detail) {
        return new TimelineEvent(frame, timestampNanos, from.toString(), to.toString(), event, detail);
    }
}
