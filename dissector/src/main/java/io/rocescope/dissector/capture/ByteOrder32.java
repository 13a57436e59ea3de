package io.rocescope.dissector.capture;

/** Reads of integers in the byte order a capture file declared. */
final class ByteOrder32 {
    private ByteOrder32() {}

    static int u16(byte[] b, int o, boolean big) {
        return big ? ((b[o] & 0xFF) << 8) | (b[o + 1] & 0xFF) : (b[o] & 0xFF) | ((b[o + 1] & 0xFF) << 8);
    }

    static long u32(byte[] b, int o, boolean big) {
        return big
            ? ((b[o] & 0xFFL) << 24) | ((b[o + 1] & 0xFFL) << 16) | ((b[o + 2] & 0xFFL) << 8) | (b[o + 3] & 0xFFL)
            : (b[o] & 0xFFL) | ((b[o + 1] & 0xFFL) << 8) | ((b[o + 2] & 0xFFL) << 16) | ((b[o + 3] & 0xFFL) << 24);
    }

    static long u64(byte[] b, int o, boolean big) {
        long first = u32(b, o, big), second = u32(b, o + Integer.BYTES, big);
        return big ? first << 32 | second : second << 32 | first;
    }
}
