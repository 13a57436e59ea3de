package io.rocescope.dissector.text;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldType;

/** tshark's default one-line view: number, relative time, source → destination, protocol, length, info. */
public final class SummaryLine {
    private SummaryLine() {}

    private static final ThreadLocal<LineBuffer> TMP = ThreadLocal.withInitial(() -> new LineBuffer(64));
    private static final byte[] ARROW = LineBuffer.bytes(" → ");
    private static final byte[][] PROTOCOLS = new byte[DecodedFrame.Protocol.values().length][];
    static {
        for (DecodedFrame.Protocol p : DecodedFrame.Protocol.values()) PROTOCOLS[p.ordinal()] = LineBuffer.bytes(p.column());
    }

    public static LineBuffer append(LineBuffer sb, DecodedFrame f) {
        sb.appendPadded(f.number(), 5).append(' ');
        long rel = f.relativeNanos();
        Text.seconds(sb.spaces(11 - Text.secondsWidth(rel, 6)), rel, 6).append(' ');
        if (f.addressType() == FieldType.IPV4) {   // the common case, padded without a temporary buffer
            byte[] d = f.data();
            int s = f.sourceOffset(), t = f.destinationOffset();
            Addresses.ipv4(sb.spaces(17 - ipv4Width(d, s)), d, s).append(ARROW);
            Addresses.ipv4(sb, d, t).spaces(17 - ipv4Width(d, t)).append(' ');
        } else {
            LineBuffer tmp = TMP.get();
            tmp.setLength(0);
            Text.padLeft(sb, address(tmp, f, true), 17).append(ARROW);
            tmp.setLength(0);
            Text.padRight(sb, address(tmp, f, false), 17).append(' ');
        }
        sb.append(PROTOCOLS[f.protocol().ordinal()]).append(' ').append(f.originalLength()).append(' ');
        return InfoColumn.append(sb, f);
    }

    private static int ipv4Width(byte[] d, int off) {
        return 3 + LineBuffer.digits(d[off] & 0xFF) + LineBuffer.digits(d[off + 1] & 0xFF)
            + LineBuffer.digits(d[off + 2] & 0xFF) + LineBuffer.digits(d[off + 3] & 0xFF);
    }

    public static String of(DecodedFrame f) {
        return append(new LineBuffer(128), f).toString();
    }

    /** Source (or destination) column text: an IP address (or GID) if the frame has one, else a MAC. */
    public static LineBuffer address(LineBuffer sb, DecodedFrame f, boolean source) {
        int off = source ? f.sourceOffset() : f.destinationOffset();
        if (off < 0) return sb;
        FieldType type = f.addressType();
        if (type == FieldType.ETHER && Addresses.be(f.data(), off, 6) == 0xFFFFFFFFFFFFL) return sb.append("Broadcast");
        return Addresses.of(sb, type, f.data(), off);
    }
}
