package io.rocescope.dissector.encode;

/** The one's-complement sum of RFC 1071, used by the IPv4 header, UDP over IPv6 and TCP checksums. */
final class InternetChecksum {
    private InternetChecksum() {}

    /** Sum of the 16-bit big-endian words of {@code len} bytes at {@code off} (an odd last byte padded with 0). */
    static long sum(byte[] f, int off, int len) {
        long s = 0;
        for (int i = 0; i < len; i += 2) s += ((f[off + i] & 0xFF) << 8) | (i + 1 < len ? f[off + i + 1] & 0xFF : 0);
        return s;
    }

    /** The checksum of {@code len} bytes at {@code off}, starting from {@code initial} (a pseudo-header's sum). */
    static int of(byte[] f, int off, int len, long initial) {
        long s = initial + sum(f, off, len);
        while ((s >>> 16) != 0) s = (s & 0xFFFF) + (s >>> 16);
        return (int) (~s & 0xFFFF);
    }

    static void put(byte[] f, int at, int checksum) {
        f[at] = (byte) (checksum >>> 8);
        f[at + 1] = (byte) checksum;
    }
}
