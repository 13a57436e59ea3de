package io.rocescope.analysis;

import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.field.ksy.PcapFileLayout;
import io.rocescope.dissector.pipeline.FrameJob;
import io.rocescope.dissector.pipeline.FramePipeline;
import io.rocescope.flow.Finding;
import io.rocescope.flow.FlowTracker;
import io.rocescope.flow.Reports;
import io.rocescope.flow.TrackerOptions;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;

/**
 * The analysis of {@link CaptureAnalysis}, fed live: a capture thread {@link #offer offers} frames as
 * they arrive, the analysis thread {@link #run runs} them through the same decoding pipeline into the
 * same flow tracker, telling a listener about each new finding as the tracker makes it, and returns the
 * same reports once the capture has {@link #end ended}. Memory is bounded: frames that arrive while
 * {@link LiveRecordQueue#MAX_FRAMES} (or its bytes) wait are dropped and counted ({@link Progress#queueDrops}).
 *
 * <p>The pipeline runs on the analysis thread alone (no decoding threads): a live frame's findings come
 * with that frame, not a batch of frames later, and a live link's rate is far below one core's.
 */
public final class LiveAnalysis {
    private final DecodeOptions decode;
    private final FlowTracker tracker;
    private final LiveRecordQueue queue = new LiveRecordQueue();
    private volatile int connections;
    private volatile long findings, frames;

    /** What a status line shows; read from any thread. */
    public record Progress(long offered, long analyzed, long queueDrops, int connections, long findings) {}

    public LiveAnalysis(DecodeOptions decode, TrackerOptions tracking) {
        this.decode = decode;
        // a live capture cannot be read again, as a fallback from several tracking threads would need: one thread
        this.tracker = new FlowTracker(tracking.withShards(1), decode.perftestPort());
    }

    /**
     * From the capture thread: one frame ({@code capturedLength} bytes of {@code data}, copied). False
     * when the analysis is too far behind and the frame was dropped (counted).
     */
    public boolean offer(long timestampNanos, byte[] data, int capturedLength, long originalLength, int linkType) {
        return queue.offer(timestampNanos, data, capturedLength, originalLength, linkType);
    }

    /** From any thread: no more frames; {@link #run} returns once the waiting ones are analysed. */
    public void end() { queue.end(); }

    public Progress progress() {
        return new Progress(queue.offered(), frames, queue.dropped(), connections, findings);
    }

    /**
     * On the analysis thread: analyses frames until {@link #end}, handing each new finding to
     * {@code onFinding} as it is made, and returns the tracker's reports. The findings the tracker makes
     * only at the end (per-flow summaries, CM timeouts) are in the reports, not handed over one by one.
     */
    public Reports.Analysis run(Consumer<Finding> onFinding) throws IOException {
        return run(onFinding, null);
    }

    /**
     * The same, and {@code gate} (may be null) looks at the tracker's counts so far ({@link FlowTracker#snapshot})
     * at most every {@link #GATE_INTERVAL_NANOS} (four times as long as a snapshot took, when that is more) after frames came, also when no frame follows them, until it answers true once (a live rule gate
     * that has seen a rule fail for good: it stops the capture, and the end's reports follow as usual).
     */
    public Reports.Analysis run(Consumer<Finding> onFinding, java.util.function.Predicate<Reports.Analysis> gate) throws IOException {
        FramePipeline pipeline = new FramePipeline(decode, FieldInterest.summary(), 0, FramePipeline.DEFAULT_BATCH);
        pipeline.run(queue, -1, new Watched(new TrackerJob(tracker), onFinding, gate));
        return tracker.finish();
    }

    /** How often a gate looks at most: a snapshot costs a pass over the connections. */
    public static final long GATE_INTERVAL_NANOS = 200_000_000L;

    /** The tracker's job, and after each hand-over the findings it made meanwhile and its counters. */
    private final class Watched implements FrameJob<TrackerJob.Batch> {
        private final TrackerJob job;
        private final Consumer<Finding> onFinding;
        private java.util.function.Predicate<Reports.Analysis> gate;
        private int seen;
        private long gateAt = Long.MIN_VALUE;
        /** Frames have been analysed since the gate last looked. */
        private boolean pending;

        Watched(TrackerJob job, Consumer<Finding> onFinding, java.util.function.Predicate<Reports.Analysis> gate) {
            this.job = job;
            this.onFinding = onFinding;
            this.gate = gate;
        }

        @Override public TrackerJob.Batch newOutput() { return job.newOutput(); }
        @Override public void clear(TrackerJob.Batch b) { job.clear(b); }
        @Override public void frame(DecodedFrame f, TrackerJob.Batch b) { job.frame(f, b); }
        @Override public int mark(TrackerJob.Batch b) { return job.mark(b); }
        @Override public void rewind(TrackerJob.Batch b, int mark) { job.rewind(b, mark); }

        @Override
        public void emit(TrackerJob.Batch b, int from, int to) throws IOException {
            job.emit(b, from, to);
            frames += to - from;
            connections = tracker.connectionsSoFar();
            findings = tracker.findingCountSoFar();
            if (tracker.findingsSoFar() > seen) {
                List<Finding> fresh = tracker.findingsFrom(seen);
                seen += fresh.size();
                for (Finding f : fresh) onFinding.accept(f);
            }
            if (gate == null) return;
            if (to > from) pending = true;
            if (pending && System.nanoTime() >= gateAt) look();
            // the frames just analysed may be the last for a while (a short burst, a quiet link): their look
            // must not wait for a frame that may never come, so the wait for the next frame runs it when due
            queue.whenIdle(gateAt, pending && gate != null ? this::look : null);
        }

        /** On the analysis thread, between batches: the gate looks at the counts so far. */
        private void look() {
            if (gate == null || !pending) return;
            pending = false;
            long now = System.nanoTime();
            if (gate.test(tracker.snapshot())) gate = null;
            // a snapshot copies every connection: with many it takes long, and this thread must keep
            // up with the capture, so the next one waits at least four times as long as this one took
            long took = System.nanoTime() - now;
            gateAt = System.nanoTime() + Math.max(GATE_INTERVAL_NANOS, 4 * took);
        }
    }

    /** A frame as the capture thread hands it over. */
    static CaptureRecord record(long number, long timestampNanos, byte[] data, int capturedLength, long originalLength, int linkType) {
        CaptureRecord r = new CaptureRecord();
        r.number = number;
        r.timestampNanos = timestampNanos;
        r.data = java.util.Arrays.copyOf(data, capturedLength);
        r.capturedLength = capturedLength;
        r.originalLength = (int) Math.min(originalLength, PcapFileLayout.MASK_RECORD_ORIG_LEN);   // what a pcap record can say
        r.linkType = linkType;
        return r;
    }
}
