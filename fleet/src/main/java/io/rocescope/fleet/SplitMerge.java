package io.rocescope.fleet;

import io.rocescope.analysis.RuleFileException;
import io.rocescope.analysis.TrackerJob;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.flow.FlowTracker;
import io.rocescope.flow.PacketView;
import io.rocescope.flow.PacketViewCodec;
import io.rocescope.flow.TrackerOptions;

import java.nio.ByteBuffer;
import java.util.Iterator;
import java.util.List;

/**
 * Stage 2 of a split capture: its splits' entries, in file order, into one flow tracker, as one reading of
 * the file feeds it. Frame numbers become the capture's (a split's own plus the frames of the splits before
 * it); the records kept whole are decoded again, those that depend on the frames before them by one decoder
 * in order, as {@code FramePipeline} decodes them; every frame goes to the tracker through {@link TrackerJob}
 * as in {@code CaptureAnalysis}. So the tracker sees exactly what it sees when the capture is read in one
 * task, and the result is that one, row for row. The splits must join up: each one's first record is the
 * record the split before it found after its end; otherwise, or when a split had a problem, the capture is
 * analysed again in one piece ({@link CaptureTask}), with a note.
 */
final class SplitMerge {
    private final CaptureTask task;

    SplitMerge(CaptureTask task) { this.task = task; }

    /** Capture {@code in}'s result from its {@code splits} splits' outputs, in {@link SplitKey#ORDER}. */
    CaptureResult merge(CaptureInput in, int splits, Iterator<SplitOutput> outputs) throws RuleFileException {
        String problem;
        try {
            problem = track(splits, outputs);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            problem = "merging the splits failed: " + e;
        }
        if (problem != null) return task.call(in).withNote("read in one task: " + problem);
        return task.result(in, PcapngInterfaces.names(java.nio.file.Path.of(in.path())), List.of(), tracker.finish());
    }

    private FlowTracker tracker;

    /** Feeds the tracker; returns why the splits cannot stand for the capture, or null. */
    private String track(int splits, Iterator<SplitOutput> outputs) {
        DecodeOptions options = new DecodeOptions();
        tracker = new FlowTracker(TrackerOptions.defaults(), options.perftestPort());
        TrackerJob job = new TrackerJob(tracker);
        TrackerJob.Batch scratch = job.newOutput();
        FrameDecoder stateless = FrameDecoder.stateless(options, FieldInterest.summary());
        FrameDecoder inOrder = new FrameDecoder(options, FieldInterest.summary());
        PacketView view = new PacketView();
        CaptureRecord rec = new CaptureRecord();
        long base = 0, expected = -1;
        int split = 0;
        boolean timed = false;
        while (outputs.hasNext()) {
            SplitOutput o = outputs.next();
            if (split >= splits) return "more splits than planned";
            if (o.end() != null) {
                SplitOutput.SplitEnd e = o.end();
                if (e.problem() != null) return e.problem();
                if (split > 0 && e.firstOffset() != expected) {
                    return "split " + (split + 1) + " starts at offset " + e.firstOffset() + ", not where split " + split
                        + " ended (" + expected + ")";
                }
                base += e.frames();
                expected = e.nextOffset();
                split++;
                continue;
            }
            if (!timed) {
                stateless.firstTimestamp(o.firstTimestamp());
                inOrder.firstTimestamp(o.firstTimestamp());
                timed = true;
            }
            ByteBuffer b = ByteBuffer.wrap(o.frames());
            while (b.hasRemaining()) {
                byte tag = b.get();
                if (tag == SplitDecoding.VIEW) {
                    tracker.accept(PacketViewCodec.read(b, view, base));
                    continue;
                }
                rec.number = b.getLong() + base;
                rec.timestampNanos = b.getLong();
                rec.capturedLength = b.getInt();
                rec.originalLength = b.getInt();
                rec.interfaceId = b.getInt();
                rec.linkType = b.getInt();
                rec.fileOffset = b.getLong();
                if (rec.data.length < rec.capturedLength) rec.data = new byte[rec.capturedLength];
                b.get(rec.data, 0, rec.capturedLength);
                try {
                    job.emitNow((tag == SplitDecoding.IN_ORDER ? inOrder : stateless).decode(rec), scratch);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        }
        if (split != splits) return "only " + split + " of " + splits + " splits arrived";
        if (expected != SplitOutput.EOF) return "the last split ended before the end of the file";
        return null;
    }
}
