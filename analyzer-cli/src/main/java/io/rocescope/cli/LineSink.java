package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.text.SummaryLine;

import java.io.PrintWriter;

/** One tshark-style line per frame. */
final class LineSink implements FrameSink {
    private final PrintWriter out;
    private final StringBuilder sb = new StringBuilder(256);

    LineSink(PrintWriter out) { this.out = out; }

    @Override
    public void frame(DecodedFrame f) {
        sb.setLength(0);
        SummaryLine.append(sb, f).append('\n');
        CharOutput.write(out, sb);
    }

    @Override
    public void end(long frames) { out.flush(); }
}
