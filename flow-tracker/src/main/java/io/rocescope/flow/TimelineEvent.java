package io.rocescope.flow;

/** One step of a connection's set-up or tear-down, with the frame that shows it. */
public record TimelineEvent(long frame, long timestampNanos, String from, String to, String event, String detail) {}
