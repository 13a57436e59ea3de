package io.rocescope.fleet;

import io.rocescope.analysis.RuleFileException;
import io.rocescope.analysis.TrackerJob;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.field.FieldInterest;
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
 * task, and the result is that one, row for row. A damaged capture is split as any other: a split's reader
 * warnings are its own, renumbered to the capture's frames ({@link SplitWarnings}); a split whose reader stopped
 * at damage is where one reader stops too, so the splits after it are dropped. The splits must join up: each
 * one's first record is the record the split before it found after its end; otherwise, or when a split had a
 * problem, the capture is analysed again in one piece ({@link CaptureTask}), with a note. That is left for
 * damage that makes a reader read on out of step: a record length that is wrong but plausible takes one
 * reader past a split's end into records the next split, resynchronised by {@code RecordBoundaries}, reads
 * differently; only one reader reading on from there gives what one reader gives.
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
        // damage before the first frame: one reading says the capture is unreadable, with what it says about it; that
        // reading stops where the damage is, so it costs nothing to let it say so
        if (frames == 0 && !warnings.list().isEmpty()) return task.call(in);
        return task.result(in, PcapngInterfaces.of(java.nio.file.Path.of(in.path())), warnings.list(), job.finish());
    }

    private TrackerJob job;
    private final SplitWarnings warnings = new SplitWarnings();
    private long frames;

    /** Feeds the tracker; returns why the splits cannot stand for the capture, or null. */
    private String track(int splits, Iterator<SplitOutput> outputs) {
        DecodeOptions options = new DecodeOptions();
        job = new TrackerJob(TrackerOptions.defaults(), options.perftestPort());
        TrackerJob.Batch scratch = job.newOutput();
        FrameDecoder stateless = FrameDecoder.stateless(options, FieldInterest.summary());
        FrameDecoder inOrder = new FrameDecoder(options, FieldInterest.summary());
        PacketView view = new PacketView();
        CaptureRecord rec = new CaptureRecord();
        long base = 0, expected = -1;
        int split = 0;
        boolean timed = false, stopped = false;
        while (outputs.hasNext()) {
            SplitOutput o = outputs.next();
            if (split >= splits) return "more splits than planned";
            if (stopped) {   // one reader stopped at the damage in an earlier split: nothing after it is read
                if (o.end() != null) split++;
                continue;
            }
            if (o.end() != null) {
                SplitOutput.SplitEnd e = o.end();
                if (e.problem() != null) return e.problem();
                boolean empty = e.frames() == 0 && e.firstOffset() == SplitOutput.EOF && e.warnings().isEmpty();
                if (split > 0 && !empty && e.firstOffset() != expected) {
                    return "split " + (split + 1) + " starts at offset " + e.firstOffset() + ", not where split " + split
                        + " ended (" + expected + ")";
                }
                warnings.add(e.warnings(), base);
                base += e.frames();
                if (!empty) expected = e.nextOffset();
                stopped = e.stopped();
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
                    job.accept(PacketViewCodec.read(b, view, base));
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
        if (!stopped && expected != SplitOutput.EOF) return "the last split ended before the end of the file";
        frames = base;
        return null;
    }
}
