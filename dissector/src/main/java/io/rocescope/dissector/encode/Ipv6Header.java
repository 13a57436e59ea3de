package io.rocescope.dissector.encode;

import static io.rocescope.dissector.field.ksy.Ipv6PacketLayout.*;

/** Writes an IPv6 fixed header where ksy/ipv6_packet.ksy puts each field. */
final class Ipv6Header {
    static final int LENGTH = FIXED_SIZE;

    /**
     * How far DSCP sits above ECN in the Traffic Class: the layout counts DSCP's shift in its two bytes and ECN's in
     * its one (the second of them), so ECN's is re-counted in DSCP's two bytes first.
     */
    private static final int ECN_BITS = SHIFT_DSCP - (SHIFT_ECN + Byte.SIZE * (OFF_DSCP + LEN_DSCP - OFF_ECN - LEN_ECN));   // 2

    private Ipv6Header() {}

    /** Into zeroed bytes at {@code at}: hop limit 64, the Traffic Class byte as DSCP and ECN. */
    static void put(byte[] f, int at, int trafficClass, int flowLabel, int payloadLength, int nextHeader, byte[] src, byte[] dst) {
        Layout.put(f, at + OFF_VERSION, LEN_VERSION, SHIFT_VERSION, MASK_VERSION, IPV6_VERSION_VALUE);
        Layout.put(f, at + OFF_DSCP, LEN_DSCP, SHIFT_DSCP, MASK_DSCP, trafficClass >>> ECN_BITS);
        Layout.put(f, at + OFF_ECN, LEN_ECN, SHIFT_ECN, MASK_ECN, trafficClass);
        Layout.put(f, at + OFF_FLOW_LABEL, LEN_FLOW_LABEL, SHIFT_FLOW_LABEL, MASK_FLOW_LABEL, flowLabel);
        Layout.put(f, at + OFF_PAYLOAD_LENGTH, LEN_PAYLOAD_LENGTH, SHIFT_PAYLOAD_LENGTH, MASK_PAYLOAD_LENGTH, payloadLength);
        Layout.put(f, at + OFF_NEXT_HEADER, LEN_NEXT_HEADER, SHIFT_NEXT_HEADER, MASK_NEXT_HEADER, nextHeader);
        Layout.put(f, at + OFF_HOP_LIMIT, LEN_HOP_LIMIT, SHIFT_HOP_LIMIT, MASK_HOP_LIMIT, 64);
        System.arraycopy(src, 0, f, at + OFF_SRC_ADDR, LEN_SRC_ADDR);
        System.arraycopy(dst, 0, f, at + OFF_DST_ADDR, LEN_DST_ADDR);
    }

    /** The addresses, as the UDP pseudo-header sums them. */
    static long addressSum(byte[] f, int at) {
        return InternetChecksum.sum(f, at + OFF_SRC_ADDR, LEN_SRC_ADDR + LEN_DST_ADDR);
    }
}
