package io.rocescope.dissector.text;

import io.rocescope.dissector.decode.DecodedFrame;

/** tshark's default one-line view: number, relative time, source → destination, protocol, length, info. */
public final class SummaryLine {
    private SummaryLine() {}

    private static final ThreadLocal<LineBuffer> TMP = ThreadLocal.withInitial(() -> new LineBuffer(64));

    public static LineBuffer append(LineBuffer sb, DecodedFrame f) {
        LineBuffer tmp = TMP.get();
        tmp.setLength(0);
        Text.padLeft(sb, tmp.append(f.number()), 5).append(' ');
        tmp.setLength(0);
        Text.padLeft(sb, Text.seconds(tmp, f.relativeNanos(), 6), 11).append(' ');
        tmp.setLength(0);
        Text.padLeft(sb, address(tmp, f, f.srcField()), 17).append(" → ");
        tmp.setLength(0);
        Text.padRight(sb, address(tmp, f, f.dstField()), 17).append(' ');
        sb.append(f.protocol().column()).append(' ').append(f.originalLength()).append(' ');
        return InfoColumn.append(sb, f);
    }

    public static String of(DecodedFrame f) {
        return append(new LineBuffer(128), f).toString();
    }

    /** Source or destination column text: an IP address (or GID) if the frame has one, else a MAC. */
    public static LineBuffer address(LineBuffer sb, DecodedFrame f, int field) {
        if (field < 0) return sb;
        if (f.def(field).type() == io.rocescope.dissector.field.FieldType.ETHER && f.value(field) == 0xFFFFFFFFFFFFL) {
            return sb.append("Broadcast");
        }
        return FieldText.value(sb, f, field);
    }
}
