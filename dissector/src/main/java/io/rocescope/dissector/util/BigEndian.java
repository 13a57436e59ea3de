package io.rocescope.dissector.util;

/** Unsigned big-endian numbers read from a frame's bytes: what decoding, values and the tracker share. */
public final class BigEndian {
    private BigEndian() {}

    /** The {@code n} (at most 8) bytes at {@code off} as a big-endian number (an IPv4 or MAC address as a value). */
    public static long read(byte[] d, int off, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) v = (v << 8) | (d[off + i] & 0xFF);
        return v;
    }
}
