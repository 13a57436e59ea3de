package io.rocescope.dissector.text;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.ksy.EthernetFrameLayout;
import io.rocescope.dissector.util.BigEndian;

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
        long rel = f.relativeNanos();
        boolean common = f.addressType() == FieldType.IPV4 && f.number() <= Integer.MAX_VALUE
            && f.originalLength() <= Integer.MAX_VALUE && rel >= 0 && rel < MAX_RAW_NANOS;
        // the common case is written straight into the buffer; a test checks both ways give the same text
        return InfoColumn.append(common ? ipv4Prefix(sb, f, rel) : prefix(sb, f), f);
    }

    /**
     * The line with another Time column ({@code -t}, {@code -u}): {@code time} is its text, right-aligned
     * in the column as the relative time is (a longer text widens the column).
     */
    public static LineBuffer append(LineBuffer sb, DecodedFrame f, LineBuffer time) {
        sb.appendPadded(f.number(), 5).append(' ');
        sb.spaces(11 - time.length()).append(time).append(' ');
        return InfoColumn.append(columns(sb, f), f);
    }

    /** The columns before Info, for any frame. */
    static LineBuffer prefix(LineBuffer sb, DecodedFrame f) {
        long rel = f.relativeNanos();
        sb.appendPadded(f.number(), 5).append(' ');
        Text.seconds(sb.spaces(11 - Text.secondsWidth(rel, 6)), rel, 6).append(' ');
        return columns(sb, f);
    }

    /** Source → Destination, Protocol and Length. */
    private static LineBuffer columns(LineBuffer sb, DecodedFrame f) {
        LineBuffer tmp = TMP.get();
        tmp.setLength(0);
        Text.padLeft(sb, address(tmp, f, true), 17).append(ARROW);
        tmp.setLength(0);
        Text.padRight(sb, address(tmp, f, false), 17).append(' ');
        return sb.append(PROTOCOLS[f.protocol().ordinal()]).append(' ').append(f.originalLength()).append(' ');
    }

    /** Times up to here fit the int arithmetic of {@link #ipv4Prefix} (68 years). */
    private static final long MAX_RAW_NANOS = Integer.MAX_VALUE * 1_000_000_000L;

    /** The columns before Info of an IPv4 frame, written into the array in one go (the common case). */
    static LineBuffer ipv4Prefix(LineBuffer sb, DecodedFrame f, long rel) {
        byte[] d = f.data();
        int s = f.sourceOffset(), t = f.destinationOffset();
        byte[] b = sb.reserve(128);
        int p = sb.length();
        int number = (int) f.number();
        p = RawText.spaces(b, p, 5 - LineBuffer.digits(number));
        p = RawText.decimal(b, p, number);
        b[p++] = ' ';
        int sec = (int) (rel / 1_000_000_000L);
        int micros = (int) (rel - sec * 1_000_000_000L) / 1000;
        p = RawText.spaces(b, p, 11 - 7 - LineBuffer.digits(sec));
        p = RawText.decimal(b, p, sec);
        b[p++] = '.';
        p = RawText.zeroPadded(b, p, micros, 6);
        b[p++] = ' ';
        p = RawText.spaces(b, p, 17 - RawText.ipv4Width(d, s));
        p = RawText.ipv4(b, p, d, s);
        p = RawText.bytes(b, p, ARROW);
        int w = RawText.ipv4Width(d, t);
        p = RawText.ipv4(b, p, d, t);
        p = RawText.spaces(b, p, 17 - w);
        b[p++] = ' ';
        p = RawText.bytes(b, p, PROTOCOLS[f.protocol().ordinal()]);
        b[p++] = ' ';
        p = RawText.decimal(b, p, (int) f.originalLength());
        b[p++] = ' ';
        sb.setLength(p);
        return sb;
    }

    public static String of(DecodedFrame f) {
        return append(new LineBuffer(128), f).toString();
    }

    /** Source (or destination) column text: an IP address (or GID) if the frame has one, else a MAC. */
    public static LineBuffer address(LineBuffer sb, DecodedFrame f, boolean source) {
        int off = source ? f.sourceOffset() : f.destinationOffset();
        if (off < 0) return sb;
        FieldType type = f.addressType();
        if (type == FieldType.ETHER && BigEndian.read(f.data(), off, EthernetFrameLayout.LEN_DST_MAC) == EthernetFrameLayout.BROADCAST_MAC) return sb.append("Broadcast");
        return Addresses.of(sb, type, f.data(), off);
    }
}
