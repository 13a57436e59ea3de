package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.pipeline.FrameJob;

import java.io.IOException;
import java.util.Arrays;

/**
 * Two jobs over the same frames (the printed frames and -z's statistics): each keeps its own output;
 * a mark of the pair is an index into the pairs of marks taken together.
 */
final class PairJob<A, B> implements FrameJob<PairJob.Out<A, B>> {
    static final class Out<A, B> {
        final A a;
        final B b;
        int[] ma = new int[64], mb = new int[64];
        int marks;

        Out(A a, B b) { this.a = a; this.b = b; }
    }

    private final FrameJob<A> first;
    private final FrameJob<B> second;

    PairJob(FrameJob<A> first, FrameJob<B> second) {
        this.first = first;
        this.second = second;
    }

    @Override public Out<A, B> newOutput() { return new Out<>(first.newOutput(), second.newOutput()); }

    @Override
    public void clear(Out<A, B> o) {
        first.clear(o.a);
        second.clear(o.b);
        o.marks = 0;
        mark(o);   // index 0: the empty start, so that emit(out, 0, mark(out)) right after one frame covers it
    }

    @Override
    public void frame(DecodedFrame f, Out<A, B> o) {
        first.frame(f, o.a);
        second.frame(f, o.b);
    }

    @Override
    public int mark(Out<A, B> o) {
        if (o.marks == o.ma.length) {
            o.ma = Arrays.copyOf(o.ma, o.marks * 2);
            o.mb = Arrays.copyOf(o.mb, o.marks * 2);
        }
        o.ma[o.marks] = first.mark(o.a);
        o.mb[o.marks] = second.mark(o.b);
        return o.marks++;
    }

    @Override
    public void rewind(Out<A, B> o, int mark) {
        first.rewind(o.a, o.ma[mark]);
        second.rewind(o.b, o.mb[mark]);
        o.marks = mark + 1;
    }

    @Override
    public void emit(Out<A, B> o, int from, int to) throws IOException {
        first.emit(o.a, o.ma[from], o.ma[to]);
        second.emit(o.b, o.mb[from], o.mb[to]);
    }
}
