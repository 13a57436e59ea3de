package io.rocescope.flow;

import io.rocescope.dissector.decode.Expert.Severity;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.ArrayList;
import java.util.List;

/**
 * One expert finding: what happened, where (the connection or flow, in words), the frames that show
 * it, and a sentence a person understands. {@code kind} is a stable key for scripts and rules.
 * <p>
 * {@code frameRanges} are the event's frames in capture order: a single frame, or a run {@code first–last}
 * of consecutive packets of the flow that all show it (the other direction's packets may sit between
 * them). {@code frames} lists the frames those ranges name (each single frame, each run's first and last;
 * at most {@link Findings#MAX_FRAMES}); {@code moreFrames} says that later events were only counted.
 * {@code causedBy} is the event this one follows from, when the tracker knows it. {@code connection} is the
 * number of the connection it is about (the one the output prints), 0 for one of the capture, a host or
 * a set-up that made no connection: front ends place a finding by it instead of reading {@code flow}.
 */
public record Finding(Severity severity, String kind, String flow, List<Long> frames, String message, long count,
                      List<FrameRange> frameRanges, boolean moreFrames,
                      @JsonInclude(JsonInclude.Include.NON_NULL) Cause causedBy,
                      @JsonIgnore int connection) {
    /** A finding of no connection. */
    public static final int NO_CONNECTION = 0;

    /** Frames {@code first} to {@code last} (equal for a single frame). */
    public record FrameRange(long first, long last) {}

    /** The frame and finding kind of a cause, e.g. frame 7, {@code rnr_nak}. */
    public record Cause(long frame, String kind) {
        Cause(long frame, FindingKind kind) { this(frame, kind.key()); }
    }

    @JsonProperty("firstFrame")
    public long firstFrame() { return frames.isEmpty() ? 0 : frames.get(0); }

    /** The frames named by these ranges, in order, at most {@code max}. */
    static List<Long> named(List<FrameRange> ranges, int max) {
        List<Long> out = new ArrayList<>();
        for (FrameRange r : ranges) {
            if (out.size() < max) out.add(r.first());
            if (r.last() != r.first() && out.size() < max) out.add(r.last());
        }
        return List.copyOf(out);
    }
}
