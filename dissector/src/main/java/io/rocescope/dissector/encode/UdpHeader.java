package io.rocescope.dissector.encode;

import io.rocescope.dissector.util.BigEndian;

import static io.rocescope.dissector.field.ksy.UdpDatagramLayout.*;

/** Writes a UDP header where ksy/udp_datagram.ksy puts each field. */
final class UdpHeader {
    static final int LENGTH = FIXED_SIZE;

    private UdpHeader() {}

    /** Into zeroed bytes at {@code at}, checksum 0 (none; see {@link #checksum}). */
    static void put(byte[] f, int at, int srcPort, int dstPort, int length) {
        Layout.put(f, at + OFF_SRC_PORT, LEN_SRC_PORT, SHIFT_SRC_PORT, MASK_SRC_PORT, srcPort);
        Layout.put(f, at + OFF_DST_PORT, LEN_DST_PORT, SHIFT_DST_PORT, MASK_DST_PORT, dstPort);
        Layout.put(f, at + OFF_LENGTH, LEN_LENGTH, SHIFT_LENGTH, MASK_LENGTH, length);
    }

    /** The datagram's Length, read back. */
    static int length(byte[] f, int at) {
        return (int) BigEndian.read(f, at + OFF_LENGTH, LEN_LENGTH);
    }

    /** The checksum over the datagram, from {@code pseudo} (the pseudo-header's sum); 0 is sent as udp_datagram.ksy's checksum_zero_sent (0 means none). */
    static void checksum(byte[] f, int at, int length, long pseudo) {
        int ck = InternetChecksum.of(f, at, length, pseudo);
        InternetChecksum.put(f, at + OFF_CHECKSUM, ck == 0 ? (int) CHECKSUM_ZERO_SENT : ck);
    }
}
