package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.text.LineBuffer;

import java.io.IOException;
import java.io.OutputStream;

/** A sink that prints text: each batch's lines go into one buffer, written with one call. */
abstract class TextSink implements FrameSink<LineBuffer> {
    final OutputStream out;

    TextSink(OutputStream out) { this.out = out; }

    /** Appends this frame's text (including its line end) to {@code sb}. Called on decoding threads. */
    abstract void format(DecodedFrame f, LineBuffer sb);

    @Override
    public final void frame(DecodedFrame f, LineBuffer sb) { format(f, sb); }

    @Override
    public LineBuffer newOutput() { return new LineBuffer(1 << 16); }

    @Override
    public void clear(LineBuffer sb) { sb.setLength(0); }

    @Override
    public int mark(LineBuffer sb) { return sb.length(); }

    @Override
    public void rewind(LineBuffer sb, int mark) { sb.setLength(mark); }

    @Override
    public void emit(LineBuffer sb, int from, int to) throws IOException {
        if (to > from) sb.writeTo(out, from, to - from);
    }

    @Override
    public void end(long frames) throws IOException { out.flush(); }
}
