package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;

import java.io.PrintWriter;

/** -q: decode everything, print how many frames (and how many were RoCE) at the end. */
final class CountSink implements FrameSink {
    private final PrintWriter err;
    private long roce;

    CountSink(PrintWriter err) { this.err = err; }

    @Override
    public void frame(DecodedFrame f) {
        if (f.isRoce()) roce++;
    }

    @Override
    public void end(long frames) {
        err.println(frames + " frames decoded, " + roce + " RoCE");
    }
}
