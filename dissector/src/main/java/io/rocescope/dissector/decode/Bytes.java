package io.rocescope.dissector.decode;

/**
 * The reads of bytes that are no field of a layout; callers check bounds first. A field is read by its layout's
 * generated reader ({@code <Id>Layout.read<Field>}), of the width ksy/ gives it: none of these.
 */
final class Bytes {
    private Bytes() {}

    /** Big-endian 16-bit read: IPoIB's pseudo_header_start, an instance of ksy/ipoib_packet.ksy (layouts have no instances). */
    static int u16(byte[] d, int o) { return ((d[o] & 0xFF) << 8) | (d[o + 1] & 0xFF); }
    /** Little-endian 32-bit read (the ICRC is sent least-significant byte first). */
    static long le32(byte[] d, int o) {
        return (d[o] & 0xFFL) | ((d[o + 1] & 0xFFL) << 8) | ((d[o + 2] & 0xFFL) << 16) | ((d[o + 3] & 0xFFL) << 24);
    }
}
