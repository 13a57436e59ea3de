package io.rocescope.dissector.text;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A growable UTF-8 byte buffer with LineBuffer-like appends. Output lines are built straight into
 * bytes: no String per line and no charset encoder on the hot path (both were the top costs of
 * LineBuffer output, because "→" made every line UTF-16).
 */
public final class LineBuffer implements CharSequence {
    private byte[] buf;
    private int len;

    public LineBuffer() { this(128); }

    public LineBuffer(int capacity) { buf = new byte[capacity]; }

    private void ensure(int extra) {
        if (len + extra > buf.length) buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, len + extra));
    }

    public LineBuffer append(char c) {
        if (c < 0x80) {
            ensure(1);
            buf[len++] = (byte) c;
        } else {
            ensure(3);
            if (c < 0x800) {
                buf[len++] = (byte) (0xC0 | (c >> 6));
            } else {
                buf[len++] = (byte) (0xE0 | (c >> 12));
                buf[len++] = (byte) (0x80 | ((c >> 6) & 0x3F));
            }
            buf[len++] = (byte) (0x80 | (c & 0x3F));
        }
        return this;
    }

    public LineBuffer append(CharSequence s) {
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) buf[len++] = (byte) c;
            else append(c);
        }
        return this;
    }

    public LineBuffer append(LineBuffer other) {
        ensure(other.len);
        System.arraycopy(other.buf, 0, buf, len, other.len);
        len += other.len;
        return this;
    }

    private static final byte[] DIGIT_PAIRS = new byte[200];
    static {
        for (int i = 0; i < 100; i++) {
            DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
            DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
        }
    }

    public LineBuffer append(long v) {
        if (v < 0) {
            if (v == Long.MIN_VALUE) return append("-9223372036854775808");
            append('-');
            v = -v;
        }
        if (v > Integer.MAX_VALUE) return append(Long.toString(v));
        int x = (int) v;   // int division is much cheaper than long division
        int digits = 1;
        for (int t = x; t >= 10; t /= 10) digits++;
        ensure(digits);
        int pos = len + digits;
        while (x >= 100) {
            int q = x / 100, r = x - q * 100;
            buf[--pos] = DIGIT_PAIRS[2 * r + 1];
            buf[--pos] = DIGIT_PAIRS[2 * r];
            x = q;
        }
        if (x >= 10) {
            buf[--pos] = DIGIT_PAIRS[2 * x + 1];
            buf[--pos] = DIGIT_PAIRS[2 * x];
        } else {
            buf[--pos] = (byte) ('0' + x);
        }
        len += digits;
        return this;
    }

    public LineBuffer appendUnsigned(long v) {
        return v >= 0 ? append(v) : append(Long.toUnsignedString(v));
    }

    /** Number of bytes (equal to chars for ASCII text). */
    @Override
    public int length() { return len; }

    public void setLength(int n) { len = n; }

    @Override
    public char charAt(int index) { return (char) (buf[index] & 0xFF); }

    @Override
    public CharSequence subSequence(int start, int end) { return toString().subSequence(start, end); }

    public void writeTo(OutputStream out) throws IOException { out.write(buf, 0, len); }

    @Override
    public String toString() { return new String(buf, 0, len, StandardCharsets.UTF_8); }
}
