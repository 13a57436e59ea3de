package io.rocescope.dissector.pipeline;

import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.filter.DisplayFilter;

import java.io.IOException;
import java.util.BitSet;

/**
 * The first pass of tshark's {@code -2 -R FILTER}: which records of a capture the read filter keeps (one
 * bit per record), decoded in capture order as tshark's first pass does. With {@code -c N} tshark 4.0 counts
 * every record read and stops at the first kept record once N were read: so does this.
 */
public final class ReadFilterPass {
    private ReadFilterPass() {}

    /** The records kept (bit n: record n) and the capture's first timestamp, which the kept frames' times stay relative to. */
    public record Selection(BitSet kept, long firstTimestampNanos) {}

    public static Selection run(CaptureReader reader, DecodeOptions options, DisplayFilter filter, int threads, long limit) throws IOException {
        FieldInterest interest = FieldInterest.summary().with(filter.fields());
        Marks marks = new Marks(filter, limit);
        new FramePipeline(options, interest, threads, FramePipeline.DEFAULT_BATCH).run(reader, -1, marks);
        return new Selection(marks.kept, marks.first);
    }

    /** Per batch, which frames pass; in order, the bits (until the -c stop). */
    private static final class Marks implements FrameJob<Marks.Out> {
        static final class Out {
            long[] numbers = new long[64];
            boolean[] pass = new boolean[64];
            long[] times = new long[64];
            int size;
        }

        final BitSet kept = new BitSet();
        final DisplayFilter filter;
        final long limit;
        long read, first = Long.MIN_VALUE;
        boolean stopped;

        Marks(DisplayFilter filter, long limit) { this.filter = filter; this.limit = limit; }

        @Override public Out newOutput() { return new Out(); }
        @Override public void clear(Out o) { o.size = 0; }
        @Override public int mark(Out o) { return o.size; }
        @Override public void rewind(Out o, int mark) { o.size = mark; }

        @Override
        public void frame(DecodedFrame f, Out o) {
            if (o.size == o.numbers.length) {
                o.numbers = java.util.Arrays.copyOf(o.numbers, o.size * 2);
                o.pass = java.util.Arrays.copyOf(o.pass, o.size * 2);
                o.times = java.util.Arrays.copyOf(o.times, o.size * 2);
            }
            boolean pass = filter.matches(f);
            if (!pass) f.notDisplayed();   // frame.time_delta_displayed in the filter counts from the last frame kept
            o.numbers[o.size] = f.number();
            o.pass[o.size] = pass;
            o.times[o.size] = f.timestampNanos();
            o.size++;
        }

        @Override
        public void emit(Out o, int from, int to) {
            for (int i = from; i < to && !stopped; i++) {
                if (first == Long.MIN_VALUE) first = o.times[i];
                read++;
                if (!o.pass[i]) continue;
                kept.set((int) o.numbers[i]);
                if (limit >= 0 && read >= limit) stopped = true;
            }
        }
    }
}
