package io.rocescope.analysis;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.pipeline.FrameJob;
import io.rocescope.flow.FlowTracker;
import io.rocescope.flow.PacketView;
import io.rocescope.flow.Reports;
import io.rocescope.flow.TrackerOptions;

import java.util.ArrayList;
import java.util.List;

/**
 * Feeds the flow tracker from the decoding threads: each thread turns its frames into PacketViews
 * (or, for the few the tracker needs whole, copies of the frame), and the tracker takes them in
 * capture order on the caller's thread. It is how a front end drives a tracker when it decodes for a purpose of
 * its own (dissect's expert statistics, fleet mode's merge of splits): no front end calls the tracker itself.
 */
public final class TrackerJob implements FrameJob<TrackerJob.Batch> {
    private final FlowTracker tracker;

    public TrackerJob(FlowTracker tracker) { this.tracker = tracker; }

    /** A job with a tracker of its own, made with these options. */
    public TrackerJob(TrackerOptions options, int perftestPort) { this(new FlowTracker(options, perftestPort)); }

    /** Whether the tracker takes a frame whole (a copy) rather than as a view. */
    public static boolean needsWholeFrame(DecodedFrame f) { return FlowTracker.needsWholeFrame(f); }

    /** A view made elsewhere (fleet mode's splits send views, not frames), in capture order. */
    public void accept(PacketView v) { tracker.accept(v); }

    /** The tracker's analysis, once every frame is in. */
    public Reports.Analysis finish() { return tracker.finish(); }

    /** One batch's frames, in order: a view, or a whole frame where {@code whole} has one. */
    public static final class Batch {
        final List<PacketView> views = new ArrayList<>();
        final List<DecodedFrame> whole = new ArrayList<>();
        int size;
    }

    @Override
    public Batch newOutput() { return new Batch(); }

    @Override
    public void clear(Batch b) { b.size = 0; }

    @Override
    public void frame(DecodedFrame f, Batch b) {
        int i = b.size++;
        if (b.views.size() == i) { b.views.add(new PacketView()); b.whole.add(null); }
        if (needsWholeFrame(f)) {
            b.whole.set(i, f.copy());
        } else {
            b.whole.set(i, null);
            PacketView.of(f, b.views.get(i));
        }
    }

    @Override
    public int mark(Batch b) { return b.size; }

    @Override
    public void rewind(Batch b, int mark) { b.size = mark; }

    @Override
    public void emit(Batch b, int from, int to) {
        for (int i = from; i < to; i++) {
            DecodedFrame f = b.whole.get(i);
            if (f != null) tracker.accept(f);
            else tracker.accept(b.views.get(i));
        }
    }
}
