package io.rocescope.dissector.text;

/**
 * Text written straight into a byte array: each method puts its text at {@code p} and returns the
 * position after it; the caller reserved the room ({@link LineBuffer#reserve}). The one-line view of a
 * RoCE data frame is built this way: without a bounds check and a length update per piece, it costs a
 * third of what LineBuffer's appends cost (which C1 compiles as one call each). LineBuffer's own
 * number and padding appends are these, after their bounds check.
 */
final class RawText {
    private RawText() {}

    private static final byte[] HEX = {'0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};

    private static final byte[] DIGIT_PAIRS = new byte[200];
    static {
        for (int i = 0; i < 100; i++) {
            DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
            DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    /** A non-negative int in decimal (two digits per division). */
    static int decimal(byte[] b, int p, int v) {
        int end = p + LineBuffer.digits(v);
        int pos = end;
        while (v >= 100) {
            int q = v / 100, r = v - q * 100;
            b[--pos] = DIGIT_PAIRS[2 * r + 1];
            b[--pos] = DIGIT_PAIRS[2 * r];
            v = q;
        }
        if (v >= 10) {
            b[--pos] = DIGIT_PAIRS[2 * v + 1];
            b[--pos] = DIGIT_PAIRS[2 * v];
        } else {
            b[--pos] = (byte) ('0' + v);
        }
        return end;
    }

    /** {@code v} zero-padded to {@code digits} decimal digits. */
    static int zeroPadded(byte[] b, int p, int v, int digits) {
        for (int i = p + digits - 1; i >= p; i--) {
            int q = v / 10;
            b[i] = (byte) ('0' + v - q * 10);
            v = q;
        }
        return p + digits;
    }

    /** The low {@code digits} hex digits of {@code v}. */
    static int hex(byte[] b, int p, long v, int digits) {
        for (int i = p + digits - 1; i >= p; i--) {
            b[i] = HEX[(int) v & 0xF];
            v >>>= 4;
        }
        return p + digits;
    }

    static int spaces(byte[] b, int p, int n) {
        for (int i = 0; i < n; i++) b[p + i] = ' ';
        return p + Math.max(0, n);
    }

    static int bytes(byte[] b, int p, byte[] text) {
        System.arraycopy(text, 0, b, p, text.length);
        return p + text.length;
    }

    /** Characters of the IPv4 address whose bytes are at {@code off} in {@code d}. */
    static int ipv4Width(byte[] d, int off) {
        return 3 + LineBuffer.digits(d[off] & 0xFF) + LineBuffer.digits(d[off + 1] & 0xFF)
            + LineBuffer.digits(d[off + 2] & 0xFF) + LineBuffer.digits(d[off + 3] & 0xFF);
    }

    /** The IPv4 address whose bytes are at {@code off} in {@code d}, dotted. */
    static int ipv4(byte[] b, int p, byte[] d, int off) {
        p = decimal(b, p, d[off] & 0xFF);
        b[p++] = '.';
        p = decimal(b, p, d[off + 1] & 0xFF);
        b[p++] = '.';
        p = decimal(b, p, d[off + 2] & 0xFF);
        b[p++] = '.';
        return decimal(b, p, d[off + 3] & 0xFF);
    }
}
