package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.text.SummaryLine;

import java.io.IOException;
import java.io.OutputStream;

/** One tshark-style line per frame. */
final class LineSink implements FrameSink {
    private final BatchedOutput out;

    LineSink(OutputStream out) { this.out = new BatchedOutput(out); }

    @Override
    public void frame(DecodedFrame f) throws IOException {
        SummaryLine.append(out.buffer(), f).append('\n');
        out.lineDone();
    }

    @Override
    public void end(long frames) throws IOException { out.flush(); }
}
