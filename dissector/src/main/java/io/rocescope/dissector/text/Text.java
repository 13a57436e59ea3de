package io.rocescope.dissector.text;

/** Allocation-light appenders for the hot text paths (no String.format per frame). */
public final class Text {
    private Text() {}

    /** Appends {@code v} as lower-case hex, zero-padded to {@code digits} (0 = no padding), no prefix. */
    public static LineBuffer hex(LineBuffer sb, long v, int digits) {
        int n = Math.max(1, (64 - Long.numberOfLeadingZeros(v) + 3) / 4);
        return sb.appendHex(v, Math.max(n, digits));
    }

    private static final byte[] PREFIX_0X = LineBuffer.bytes("0x");

    public static LineBuffer hex0x(LineBuffer sb, long v, int digits) {
        return hex(sb.append(PREFIX_0X), v, digits);
    }

    public static LineBuffer hexBytes(LineBuffer sb, byte[] d, int off, int len) {
        for (int i = 0; i < len; i++) sb.appendHex(d[off + i] & 0xFF, 2);
        return sb;
    }

    /** Seconds with {@code decimals} digits from nanoseconds (negative values keep their sign). */
    public static LineBuffer seconds(LineBuffer sb, long nanos, int decimals) {
        if (nanos < 0) { sb.append('-'); nanos = -nanos; }
        long sec = nanos / 1_000_000_000L;
        int frac = (int) (nanos - sec * 1_000_000_000L);
        for (int i = decimals; i < 9; i++) frac /= 10;
        sb.append(sec);
        if (decimals > 0) sb.append('.').appendZeroPadded(frac, decimals);
        return sb;
    }

    /** Characters {@link #seconds} prints for {@code nanos} with {@code decimals} digits. */
    public static int secondsWidth(long nanos, int decimals) {
        int sign = nanos < 0 ? 1 : 0;
        long sec = Math.abs(nanos / 1_000_000_000L);
        return sign + LineBuffer.digits(sec) + (decimals > 0 ? 1 + decimals : 0);
    }

    public static LineBuffer padLeft(LineBuffer sb, LineBuffer s, int width) {
        return sb.spaces(width - s.length()).append(s);
    }

    public static LineBuffer padRight(LineBuffer sb, LineBuffer s, int width) {
        return sb.append(s).spaces(width - s.length());
    }
}
