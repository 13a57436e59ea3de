package io.rocescope.dissector.text;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.ExtendedHeader;
import io.rocescope.dissector.field.ExtendedHeaders;

/**
 * The Info column's words for a described extended header: its values read from the frame's bytes where its
 * layout puts them (they are there whatever fields the decode kept), handed to the header's own Info text.
 */
final class DescribedHeaderInfo {
    private DescribedHeaderInfo() {}

    static void append(LineBuffer sb, DecodedFrame f) {
        int at = f.ib().describedHeaderOffset();
        ExtendedHeaders.Entry e = ExtendedHeaders.forOpcode(f.ib().opcode());
        if (at < 0 || e == null) return;
        ExtendedHeader h = e.header();
        long[] values = new long[h.fields().size()];
        for (int i = 0; i < values.length; i++) values[i] = h.fields().get(i).read(f.data(), at);
        String text = h.info(values);
        if (text != null && !text.isEmpty()) sb.append(' ').append(text);
    }
}
