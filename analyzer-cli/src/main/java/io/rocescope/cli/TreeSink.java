package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.text.TreeText;

import java.io.IOException;
import java.io.OutputStream;

/** The full field tree of every frame (-V). */
final class TreeSink implements FrameSink {
    private final BatchedOutput out;

    TreeSink(OutputStream out) { this.out = new BatchedOutput(out); }

    @Override
    public void frame(DecodedFrame f) throws IOException {
        TreeText.append(out.buffer(), f).append('\n');
        out.lineDone();
    }

    @Override
    public void end(long frames) throws IOException { out.flush(); }
}
