package io.rocescope.dissector.text;

/** Allocation-light appenders for the hot text paths (no String.format per frame). */
public final class Text {
    private Text() {}

    private static final char[] HEX = "0123456789abcdef".toCharArray();

    /** Appends {@code v} as lower-case hex, zero-padded to {@code digits} (0 = no padding), no prefix. */
    public static LineBuffer hex(LineBuffer sb, long v, int digits) {
        int n = Math.max(1, (64 - Long.numberOfLeadingZeros(v) + 3) / 4);
        for (int i = Math.max(n, digits) - 1; i >= 0; i--) sb.append(HEX[(int) (v >>> (i * 4)) & 0xF]);
        return sb;
    }

    public static LineBuffer hex0x(LineBuffer sb, long v, int digits) {
        return hex(sb.append("0x"), v, digits);
    }

    public static LineBuffer hexBytes(LineBuffer sb, byte[] d, int off, int len) {
        for (int i = 0; i < len; i++) {
            sb.append(HEX[(d[off + i] >>> 4) & 0xF]).append(HEX[d[off + i] & 0xF]);
        }
        return sb;
    }

    /** Seconds with {@code decimals} digits from nanoseconds (negative values keep their sign). */
    public static LineBuffer seconds(LineBuffer sb, long nanos, int decimals) {
        if (nanos < 0) { sb.append('-'); nanos = -nanos; }
        long sec = nanos / 1_000_000_000L;
        long frac = nanos % 1_000_000_000L;
        for (int i = decimals; i < 9; i++) frac /= 10;
        sb.append(sec).append('.');
        long scale = 1;
        for (int i = 1; i < decimals; i++) scale *= 10;
        for (long s = scale; s > 0; s /= 10) sb.append((char) ('0' + (frac / s) % 10));
        return sb;
    }

    public static LineBuffer padLeft(LineBuffer sb, LineBuffer s, int width) {
        for (int i = s.length(); i < width; i++) sb.append(' ');
        return sb.append(s);
    }

    public static LineBuffer padRight(LineBuffer sb, LineBuffer s, int width) {
        sb.append(s);
        for (int i = s.length(); i < width; i++) sb.append(' ');
        return sb;
    }
}
