package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.text.HexDumpText;
import io.rocescope.dissector.text.LineBuffer;
import io.rocescope.dissector.text.SummaryLine;
import io.rocescope.dissector.text.TimeColumn;
import io.rocescope.dissector.text.TreeText;

import java.io.OutputStream;

/**
 * tshark's text output with its options: the summary line (with the Time column of {@code -t}/{@code -u}),
 * the tree ({@code -V}) and the hex and ASCII dump ({@code -x}), in tshark's order and spacing:
 * {@code -x} alone prints only the dump, {@code -P -x} the line, an empty line and the dump.
 */
final class PrintSink extends TextSink {
    private final boolean summary, tree, hex;
    private final TimeColumn time;
    private final FrameClock clock;
    private final ThreadLocal<LineBuffer> timeText = ThreadLocal.withInitial(() -> new LineBuffer(48));

    PrintSink(OutputStream out, boolean summary, boolean tree, boolean hex, TimeColumn time, FrameClock clock) {
        super(out);
        this.summary = summary;
        this.tree = tree;
        this.hex = hex;
        this.time = time;
        this.clock = clock;
    }

    @Override
    public FieldInterest interest() { return tree ? FieldInterest.all() : FieldInterest.summary(); }

    @Override
    void format(DecodedFrame f, LineBuffer sb) {
        if (summary) {
            if (time.isDefault()) {
                SummaryLine.append(sb, f);
            } else {
                LineBuffer t = timeText.get();
                t.setLength(0);
                time.append(t, f.timestampNanos(), f.relativeNanos(), clock.previousCaptured, clock.previousDisplayed);
                SummaryLine.append(sb, f, t);
            }
            sb.append('\n');
            if (hex && !tree) sb.append('\n');
        }
        if (tree) TreeText.append(sb, f).append('\n');
        if (hex) HexDumpText.append(sb, f.data(), f.capturedLength());
        clock.previousDisplayed = f.timestampNanos();
    }
}
