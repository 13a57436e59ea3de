package io.rocescope.flow;

import java.util.List;

/**
 * One expert finding: what happened, where (the connection or flow, in words), the frames that show
 * it (first few), and a sentence a person understands. {@code kind} is a stable key for scripts and rules.
 */
public record Finding(Severity severity, String kind, String flow, List<Long> frames, String message, long count) {
    @com.fasterxml.jackson.annotation.JsonProperty("firstFrame")
    public long firstFrame() { return frames.isEmpty() ? 0 : frames.get(0); }
}
