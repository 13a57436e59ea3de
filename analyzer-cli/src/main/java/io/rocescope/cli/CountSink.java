package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;

import java.io.PrintWriter;

/** -q: decode everything, print how many frames (and how many were RoCE) at the end. */
final class CountSink implements FrameSink<int[]> {
    private final PrintWriter err;
    private long roce;

    CountSink(PrintWriter err) { this.err = err; }

    // A batch's output is its count of RoCE frames so far; the marks are counts, so a run of frames adds to - from.
    @Override
    public int[] newOutput() { return new int[1]; }

    @Override
    public void clear(int[] out) { out[0] = 0; }

    @Override
    public void frame(DecodedFrame f, int[] out) {
        if (f.isRoce()) out[0]++;
    }

    @Override
    public int mark(int[] out) { return out[0]; }

    @Override
    public void rewind(int[] out, int mark) { out[0] = mark; }

    @Override
    public void emit(int[] out, int from, int to) { roce += to - from; }

    @Override
    public void end(long frames) {
        err.println(frames + " frames decoded, " + roce + " RoCE");
    }
}
