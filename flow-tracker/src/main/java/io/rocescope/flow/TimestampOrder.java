package io.rocescope.flow;

import io.rocescope.dissector.decode.Expert.Severity;
/**
 * Capture integrity: frames timestamped earlier than the frame before them (captures merged by
 * concatenation, a clock stepped back while capturing). Every time-based result near such a step is
 * suspect, so it becomes one finding with the frames where time went back. Constant state.
 */
final class TimestampOrder {
    private long previous = Long.MIN_VALUE;
    private long steps, largestStep, largestStepFrame;
    private final long[] frames = new long[Findings.MAX_FRAMES];

    void onFrame(long ts, long frame) {
        if (previous != Long.MIN_VALUE && ts < previous) {
            if (steps < frames.length) frames[(int) steps] = frame;
            steps++;
            long back = previous - ts;
            if (back > largestStep) { largestStep = back; largestStepFrame = frame; }
        }
        previous = ts;
    }

    long steps() { return steps; }
    long largestStepNanos() { return largestStep; }
    long largestStepFrame() { return largestStepFrame; }
    java.util.List<Long> frames() {
        java.util.List<Long> out = new java.util.ArrayList<>();
        for (int i = 0; i < Math.min(steps, frames.length); i++) out.add(frames[i]);
        return java.util.List.copyOf(out);
    }

    /** Steps back from here on are a merge or a clock step; shorter ones are frames of several CPUs or interfaces interleaved. */
    static final long LARGE_STEP_NANOS = 1_000_000_000L;

    void finish(Findings findings) {
        if (steps == 0) return;
        boolean large = largestStep >= LARGE_STEP_NANOS;
        findings.addCounted(FindingKind.CAPTURE_TIMESTAMPS_OUT_OF_ORDER, large ? Severity.WARNING : Severity.NOTE, Finding.NO_CONNECTION, "capture",
            String.format(java.util.Locale.ROOT, "Timestamps out of order: %d %s earlier than the frame before (largest step back %.6f s, at frame %d): %s",
                steps, steps == 1 ? "frame is timestamped" : "frames are timestamped", largestStep / 1e9, largestStepFrame, large
                    ? "the capture was merged or its clock stepped; times, rates and pause accounting across the step are not reliable"
                    : "frames taken on several CPUs or interfaces were interleaved; deltas there are negative"),
            steps, java.util.Arrays.copyOf(frames, (int) Math.min(steps, frames.length)));
    }
}
