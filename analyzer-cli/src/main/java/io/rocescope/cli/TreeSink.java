package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.text.TreeText;

import java.io.PrintWriter;

/** The full field tree of every frame (-V). */
final class TreeSink implements FrameSink {
    private final PrintWriter out;
    private final StringBuilder sb = new StringBuilder(4096);

    TreeSink(PrintWriter out) { this.out = out; }

    @Override
    public void frame(DecodedFrame f) {
        sb.setLength(0);
        TreeText.append(sb, f).append('\n');
        CharOutput.write(out, sb);
    }

    @Override
    public void end(long frames) { out.flush(); }
}
