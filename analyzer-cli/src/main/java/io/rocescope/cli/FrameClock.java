package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.pipeline.FrameJob;

import java.io.IOException;

/**
 * The timestamps of the previous captured and the previous displayed frame, for the delta Time columns
 * ({@code -t d}, {@code -t dd}). Only meaningful when frames are formatted in capture order (one thread).
 */
final class FrameClock {
    long previousCaptured = Long.MIN_VALUE;
    long previousDisplayed = Long.MIN_VALUE;

    /** A job that notes each frame's timestamp as the previous captured one after {@code job} has seen it. */
    <O> FrameJob<O> counting(FrameJob<O> job) {
        return new FrameJob<>() {
            @Override public O newOutput() { return job.newOutput(); }
            @Override public void clear(O out) { job.clear(out); }
            @Override public int mark(O out) { return job.mark(out); }
            @Override public void rewind(O out, int mark) { job.rewind(out, mark); }
            @Override public void emit(O out, int from, int to) throws IOException { job.emit(out, from, to); }

            @Override
            public void frame(DecodedFrame f, O out) {
                job.frame(f, out);
                previousCaptured = f.timestampNanos();
            }
        };
    }
}
