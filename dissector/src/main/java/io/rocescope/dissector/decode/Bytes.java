package io.rocescope.dissector.decode;

/** Big-endian reads from a byte array; callers check bounds first. */
final class Bytes {
    private Bytes() {}

    static int u8(byte[] d, int o) { return d[o] & 0xFF; }
    static int u16(byte[] d, int o) { return ((d[o] & 0xFF) << 8) | (d[o + 1] & 0xFF); }
    static int u24(byte[] d, int o) { return ((d[o] & 0xFF) << 16) | ((d[o + 1] & 0xFF) << 8) | (d[o + 2] & 0xFF); }
    static long u32(byte[] d, int o) { return ((long) u16(d, o) << 16) | u16(d, o + 2); }
    static long u48(byte[] d, int o) { return ((long) u16(d, o) << 32) | u32(d, o + 2); }
    static long u64(byte[] d, int o) { return (u32(d, o) << 32) | u32(d, o + 4); }
    /** Little-endian 32-bit read (the ICRC is sent least-significant byte first). */
    static long le32(byte[] d, int o) {
        return (d[o] & 0xFFL) | ((d[o + 1] & 0xFFL) << 8) | ((d[o + 2] & 0xFFL) << 16) | ((d[o + 3] & 0xFFL) << 24);
    }
}
