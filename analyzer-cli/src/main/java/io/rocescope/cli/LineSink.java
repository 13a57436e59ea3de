package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.text.LineBuffer;
import io.rocescope.dissector.text.SummaryLine;

import java.io.OutputStream;

/** One tshark-style line per frame. */
final class LineSink extends TextSink {
    LineSink(OutputStream out) { super(out); }

    @Override
    void format(DecodedFrame f, LineBuffer sb) {
        SummaryLine.append(sb, f).append('\n');
    }
}
