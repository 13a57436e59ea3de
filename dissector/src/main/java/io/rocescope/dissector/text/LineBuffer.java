package io.rocescope.dissector.text;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * A growable UTF-8 byte buffer with LineBuffer-like appends. Output lines are built straight into
 * bytes: no String per line and no charset encoder on the hot path (both were the top costs of
 * LineBuffer output, because "→" made every line UTF-16). The hot appends are small and use int
 * arithmetic, so that they also run well compiled by C1 (which calls the runtime for long division
 * and does not inline methods of more than 35 bytecodes).
 */
public final class LineBuffer implements CharSequence {
    private byte[] buf;
    private int len;

    public LineBuffer() { this(128); }

    public LineBuffer(int capacity) { buf = new byte[capacity]; }

    /**
     * Room for {@code n} more bytes: returns the array to write them into at {@link #length()}; then
     * {@link #setLength} to the end of what was written (see {@link RawText}).
     */
    byte[] reserve(int n) {
        ensure(n);
        return buf;
    }

    private void ensure(int extra) {
        if (len + extra > buf.length) grow(extra);
    }

    private void grow(int extra) {
        buf = java.util.Arrays.copyOf(buf, Math.max(buf.length * 2, len + extra));
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
        if (s instanceof String str) return append(str);
        int n = s.length();
        ensure(n);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) buf[len++] = (byte) c;
            else append(c);
        }
        return this;
    }

    public LineBuffer append(String s) {
        int n = s.length();
        ensure(n);
        byte[] b = buf;
        int at = len;
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {   // not ASCII: the rest goes through the UTF-8 encoder
                len = at;
                for (int j = i; j < n; j++) append(s.charAt(j));
                return this;
            }
            b[at++] = (byte) c;
        }
        len = at;
        return this;
    }

    /** Appends bytes of ASCII (or already UTF-8) text, e.g. a constant prepared with {@link #bytes}. */
    public LineBuffer append(byte[] text) {
        ensure(text.length);
        len = RawText.bytes(buf, len, text);
        return this;
    }

    /** The UTF-8 bytes of a constant, for {@link #append(byte[])}. */
    public static byte[] bytes(String s) { return s.getBytes(StandardCharsets.UTF_8); }

    /** Appends {@code n} spaces. */
    public LineBuffer spaces(int n) {
        if (n <= 0) return this;
        ensure(n);
        len = RawText.spaces(buf, len, n);
        return this;
    }

    /** Appends {@code v} in decimal, right-aligned in {@code width} columns. */
    public LineBuffer appendPadded(long v, int width) {
        return spaces(width - digits(v)).append(v);
    }

    /** Number of characters of {@code v} in decimal. */
    public static int digits(long v) {
        if (v >= 0 && v <= Integer.MAX_VALUE) return digits((int) v);
        if (v < 0) return v == Long.MIN_VALUE ? 20 : 1 + digits(-v);
        return Long.toString(v).length();
    }

    /** Number of digits of a non-negative int. */
    public static int digits(int v) {
        return v < 10 ? 1 : v < 100 ? 2 : v < 1000 ? 3 : v < 10_000 ? 4 : v < 100_000 ? 5 : v < 1_000_000 ? 6
            : v < 10_000_000 ? 7 : v < 100_000_000 ? 8 : v < 1_000_000_000 ? 9 : 10;
    }

    /** Appends the low {@code digits} hex digits of {@code v}, lower case. */
    public LineBuffer appendHex(long v, int digits) {
        ensure(digits);
        len = RawText.hex(buf, len, v, digits);
        return this;
    }

    /** Appends {@code v} (0 ≤ v < 10^digits) zero-padded to {@code digits} decimal digits. */
    public LineBuffer appendZeroPadded(int v, int digits) {
        ensure(digits);
        len = RawText.zeroPadded(buf, len, v, digits);
        return this;
    }

    public LineBuffer append(LineBuffer other) {
        ensure(other.len);
        System.arraycopy(other.buf, 0, buf, len, other.len);
        len += other.len;
        return this;
    }

    public LineBuffer append(long v) {
        if (v < 0) {
            if (v == Long.MIN_VALUE) return append("-9223372036854775808");
            append('-');
            v = -v;
        }
        if (v > Integer.MAX_VALUE) return append(Long.toString(v));
        return append((int) v);   // int division is much cheaper than long division
    }

    /** Appends a non-negative int in decimal. */
    public LineBuffer append(int x) {
        if (x < 0) return append((long) x);
        ensure(10);
        len = RawText.decimal(buf, len, x);
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

    /** Writes {@code n} bytes from {@code from}. */
    public void writeTo(OutputStream out, int from, int n) throws IOException { out.write(buf, from, n); }

    /** Appends one byte that is already UTF-8 (an encoder's output). */
    public LineBuffer appendByte(int b) {
        ensure(1);
        buf[len++] = (byte) b;
        return this;
    }

    /** Appends bytes that are already UTF-8. */
    public LineBuffer appendBytes(byte[] b, int off, int n) {
        ensure(n);
        System.arraycopy(b, off, buf, len, n);
        len += n;
        return this;
    }

    @Override
    public String toString() { return new String(buf, 0, len, StandardCharsets.UTF_8); }
}
