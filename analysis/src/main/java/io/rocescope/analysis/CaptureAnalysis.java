package io.rocescope.analysis;

import io.rocescope.dissector.capture.CaptureFormatException;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.filter.DisplayFilter;
import io.rocescope.dissector.pipeline.FilteredJob;
import io.rocescope.dissector.pipeline.FramePipeline;
import io.rocescope.flow.FlowTracker;
import io.rocescope.flow.Reports;
import io.rocescope.flow.ShardFallback;
import io.rocescope.flow.TrackerOptions;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The analysis every front end runs (CLI, report, GUI, live capture, fleet): a capture read through the
 * decoding pipeline into the flow tracker, its warnings reported, the tracker's reports returned; null when
 * nothing could be read.
 */
public final class CaptureAnalysis {
    private CaptureAnalysis() {}

    public static Reports.Analysis analyze(String input, DecodeOptions decode, TrackerOptions tracking, int threads, PrintWriter err) {
        return analyze(input, decode, tracking, threads, -1, null, err);
    }

    /**
     * The first {@code limit} frames (all when negative), and of those only what {@code filter} keeps
     * (every frame when null), as tshark's -c and -Y choose the frames its statistics see.
     */
    public static Reports.Analysis analyze(String input, DecodeOptions decode, TrackerOptions tracking, int threads, long limit,
                                    DisplayFilter filter, PrintWriter err) {
        // only a file can be read twice, as a fallback from several tracking threads would (not standard input, a pipe, a FIFO)
        TrackerOptions t = tracking.shards() > 1 && !readableTwice(input) ? tracking.withShards(1) : tracking;
        if (t.shards() == 1) return analyzeOnce(input, decode, t, threads, limit, filter, err);
        // what a reading says goes out only when it is the one that counts
        StringWriter said = new StringWriter();
        Reports.Analysis a;
        try {
            a = analyzeOnce(input, decode, t, threads, limit, filter, new PrintWriter(said));
        } catch (ShardFallback e) {
            return analyzeOnce(input, decode, t.withShards(1), threads, limit, filter, err);
        }
        err.print(said);
        err.flush();
        return a;
    }

    private static boolean readableTwice(String input) {
        try {
            return !input.equals("-") && Files.isRegularFile(Path.of(input));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    private static Reports.Analysis analyzeOnce(String input, DecodeOptions decode, TrackerOptions tracking, int threads, long limit,
                                                DisplayFilter filter, PrintWriter err) {
        FlowTracker tracker = new FlowTracker(tracking, decode.perftestPort());
        try (CaptureReader reader = CaptureReaders.open(input)) {
            FieldInterest interest = filter == null ? FieldInterest.summary() : FieldInterest.summary().with(filter.fields());
            FramePipeline pipeline = new FramePipeline(decode, interest, threads, FramePipeline.DEFAULT_BATCH);
            TrackerJob job = new TrackerJob(tracker);
            long frames = pipeline.run(reader, limit, filter == null ? job : new FilteredJob<>(job, filter));
            for (String w : reader.warnings()) err.println("rocescope: warning: " + w);
            if (frames == 0 && !reader.warnings().isEmpty()) return null;
            return tracker.finish();
        } catch (CaptureFormatException e) {
            err.println("rocescope: " + e.getMessage());
            return null;
        } catch (IOException e) {
            err.println("rocescope: " + input + ": read error: " + e.getMessage());
            return null;
        } finally {
            tracker.close();
        }
    }
}
