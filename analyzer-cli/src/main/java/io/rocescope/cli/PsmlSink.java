package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.text.InfoColumn;
import io.rocescope.dissector.text.LineBuffer;
import io.rocescope.dissector.text.SummaryLine;
import io.rocescope.dissector.text.Text;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** -T psml: tshark's XML of the summary columns (No., Time, Source, Destination, Protocol, Length, Info). */
final class PsmlSink extends TextSink {
    private static final String[] COLUMNS = {"No.", "Time", "Source", "Destination", "Protocol", "Length", "Info"};

    PsmlSink(OutputStream out) { super(out); }

    @Override
    public void begin() throws IOException {
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<psml version=\"0\" creator=\"rocescope/0.1.0\">\n<structure>\n");
        for (String c : COLUMNS) sb.append("<section>").append(c).append("</section>\n");
        sb.append("</structure>\n\n");
        out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
    }

    @Override
    void format(DecodedFrame f, LineBuffer sb) {
        sb.append("<packet>\n");
        section(sb, new LineBuffer(16).append(f.number()));
        section(sb, Text.seconds(new LineBuffer(16), f.relativeNanos(), 6));
        section(sb, SummaryLine.address(new LineBuffer(48), f, true));
        section(sb, SummaryLine.address(new LineBuffer(48), f, false));
        section(sb, new LineBuffer(16).append(f.protocol().column()));
        section(sb, new LineBuffer(16).append(f.originalLength()));
        section(sb, new LineBuffer(128).append(InfoColumn.of(f)));
        sb.append("</packet>\n\n");
    }

    private static void section(LineBuffer sb, LineBuffer text) {
        Xml.escaped(sb.append("<section>"), text).append("</section>\n");
    }

    @Override
    public void end(long frames) throws IOException {
        out.write("</psml>\n".getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }
}
