package io.rocescope.dissector.pipeline;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.filter.DisplayFilter;

import java.io.IOException;

/** -Y: a job that sees only the frames a display filter keeps (tested on the decoding threads). */
public final class FilteredJob<O> implements FrameJob<O> {
    private final FrameJob<O> job;
    private final DisplayFilter filter;

    public FilteredJob(FrameJob<O> job, DisplayFilter filter) {
        this.job = job;
        this.filter = filter;
    }

    @Override
    public O newOutput() { return job.newOutput(); }

    @Override
    public void clear(O out) { job.clear(out); }

    @Override
    public void frame(DecodedFrame f, O out) {
        if (filter.matches(f)) job.frame(f, out);
        else f.notDisplayed();   // the next frame's frame.time_delta_displayed counts from the last one shown
    }

    @Override
    public int mark(O out) { return job.mark(out); }

    @Override
    public void rewind(O out, int mark) { job.rewind(out, mark); }

    @Override
    public void emit(O out, int from, int to) throws IOException { job.emit(out, from, to); }
}
