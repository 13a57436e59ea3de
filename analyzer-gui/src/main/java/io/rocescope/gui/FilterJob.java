package io.rocescope.gui;

import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.filter.DisplayFilter;
import io.rocescope.dissector.pipeline.FilteredJob;
import io.rocescope.dissector.pipeline.FrameJob;
import io.rocescope.dissector.pipeline.FramePipeline;

import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * Collects the frames a display filter keeps (through the CLI's pipeline, wrapped in its FilteredJob):
 * their indexes (frame number − 1), in capture order, in a {@link SpilledLongs} the caller closes. Stops with a CancellationException when
 * {@code cancelled} says so (a newer filter was applied).
 */
final class FilterJob implements FrameJob<FilterJob.Numbers> {
    static final class Numbers {
        long[] n = new long[256];
        int size;
    }

    /** The matches so far: spilled, so that a filter keeping 10 M frames holds a few pages of heap. */
    private final SpilledLongs kept = new SpilledLongs();
    private long seen;
    private final BooleanSupplier cancelled;
    private final LongConsumer progress;

    FilterJob(BooleanSupplier cancelled, LongConsumer progress) {
        this.cancelled = cancelled;
        this.progress = progress;
    }

    @Override
    public Numbers newOutput() { return new Numbers(); }

    @Override
    public void clear(Numbers out) { out.size = 0; }

    @Override
    public void frame(DecodedFrame f, Numbers out) {
        if (out.size == out.n.length) out.n = Arrays.copyOf(out.n, out.size * 2);
        out.n[out.size++] = f.number();
    }

    @Override
    public int mark(Numbers out) { return out.size; }

    @Override
    public void rewind(Numbers out, int mark) { out.size = mark; }

    @Override
    public void emit(Numbers out, int from, int to) {
        if (cancelled.getAsBoolean()) throw new CancellationException();
        for (int i = from; i < to; i++) {
            kept.add(out.n[i] - 1);
            seen = Math.max(seen, out.n[i]);
        }
        progress.accept(seen);
    }

    /**
     * The frames (indexes) of {@code f} that {@code filter} keeps, in capture order, run through the CLI's
     * pipeline on this (background) thread; a CancellationException when {@code cancelled} says so.
     */
    static SpilledLongs select(CaptureFile f, DisplayFilter filter, BooleanSupplier cancelled) throws IOException {
        FilterJob job = new FilterJob(cancelled, n -> { });
        try (CaptureReader r = CaptureReaders.open(f.readPath.toString())) {
            FramePipeline p = new FramePipeline(new DecodeOptions(), FieldInterest.summary().with(filter.fields()),
                FramePipeline.defaultThreads(true), FramePipeline.DEFAULT_BATCH);
            p.run(r, f.index.size(), new FilteredJob<>(job, filter));
        } catch (IOException | RuntimeException e) {
            job.kept.close();
            throw e;
        }
        return job.kept;
    }
}
