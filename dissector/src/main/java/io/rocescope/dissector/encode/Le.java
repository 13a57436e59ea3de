package io.rocescope.dissector.encode;

/** Little-endian stores for the file writers. */
final class Le {
    private Le() {}

    static void u16(byte[] b, int o, int v) { b[o] = (byte) v; b[o + 1] = (byte) (v >>> 8); }

    static void u32(byte[] b, int o, int v) { u16(b, o, v); u16(b, o + 2, v >>> 16); }

    static void u64(byte[] b, int o, long v) { u32(b, o, (int) v); u32(b, o + 4, (int) (v >>> 32)); }
}
