package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.text.LineBuffer;
import io.rocescope.dissector.text.TreeText;

import java.io.OutputStream;

/** The full field tree of every frame (-V). */
final class TreeSink extends TextSink {
    TreeSink(OutputStream out) { super(out); }

    @Override
    public FieldInterest interest() { return FieldInterest.all(); }

    @Override
    void format(DecodedFrame f, LineBuffer sb) {
        TreeText.append(sb, f).append('\n');
    }
}
