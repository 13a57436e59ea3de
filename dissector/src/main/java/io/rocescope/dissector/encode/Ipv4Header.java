package io.rocescope.dissector.encode;

import io.rocescope.dissector.field.ksy.Ipv4PacketKsy;

import java.util.Arrays;

import static io.rocescope.dissector.field.ksy.Ipv4PacketLayout.*;

/** Writes an IPv4 header without options where ksy/ipv4_packet.ksy puts each field, and its checksum. */
final class Ipv4Header {
    static final int LENGTH = FIXED_SIZE;
    /** Flags: Don't Fragment. */
    private static final int DF = Ipv4PacketKsy.IP_FLAG_DF;

    private Ipv4Header() {}

    /** Into zeroed bytes at {@code at}: TTL 64, DF, the Traffic Class byte as DSCP and ECN; the checksum last. */
    static void put(byte[] f, int at, int trafficClass, int totalLength, int identification, int protocol, byte[] src, byte[] dst) {
        Layout.put(f, at + OFF_VERSION, LEN_VERSION, SHIFT_VERSION, MASK_VERSION, IPV4_VERSION_VALUE);
        Layout.put(f, at + OFF_IHL, LEN_IHL, SHIFT_IHL, MASK_IHL, LENGTH / IHL_UNIT);
        Layout.put(f, at + OFF_DSCP, LEN_DSCP, SHIFT_DSCP, MASK_DSCP, trafficClass >>> SHIFT_DSCP);   // DSCP is the byte's top bits
        Layout.put(f, at + OFF_ECN, LEN_ECN, SHIFT_ECN, MASK_ECN, trafficClass);
        Layout.put(f, at + OFF_TOTAL_LENGTH, LEN_TOTAL_LENGTH, SHIFT_TOTAL_LENGTH, MASK_TOTAL_LENGTH, totalLength);
        Layout.put(f, at + OFF_IDENTIFICATION, LEN_IDENTIFICATION, SHIFT_IDENTIFICATION, MASK_IDENTIFICATION, identification);
        Layout.put(f, at + OFF_FLAGS, LEN_FLAGS, SHIFT_FLAGS, MASK_FLAGS, DF);
        Layout.put(f, at + OFF_TTL, LEN_TTL, SHIFT_TTL, MASK_TTL, 64);
        Layout.put(f, at + OFF_PROTOCOL, LEN_PROTOCOL, SHIFT_PROTOCOL, MASK_PROTOCOL, protocol);
        System.arraycopy(src, 0, f, at + OFF_SRC_ADDR, LEN_SRC_ADDR);
        System.arraycopy(dst, 0, f, at + OFF_DST_ADDR, LEN_DST_ADDR);
        checksum(f, at);
    }

    /** Sets Total Length and computes the checksum anew. */
    static void totalLength(byte[] f, int at, int totalLength) {
        // Layout.put ORs a field in: clear the bytes first (both fields fill theirs)
        Arrays.fill(f, at + OFF_TOTAL_LENGTH, at + OFF_TOTAL_LENGTH + LEN_TOTAL_LENGTH, (byte) 0);
        Layout.put(f, at + OFF_TOTAL_LENGTH, LEN_TOTAL_LENGTH, SHIFT_TOTAL_LENGTH, MASK_TOTAL_LENGTH, totalLength);
        Arrays.fill(f, at + OFF_HEADER_CHECKSUM, at + OFF_HEADER_CHECKSUM + LEN_HEADER_CHECKSUM, (byte) 0);
        checksum(f, at);
    }

    /** Whether the bytes at {@code at} are an IPv4 header without options. */
    static boolean isPlain(byte[] f, int at) {
        int b = f[at + OFF_VERSION] & 0xFF;
        return ((b >>> SHIFT_VERSION) & MASK_VERSION) == IPV4_VERSION_VALUE && ((b >>> SHIFT_IHL) & MASK_IHL) == LENGTH / IHL_UNIT;
    }

    /** The addresses, as the UDP and TCP pseudo-headers sum them. */
    static long addressSum(byte[] f, int at) {
        return InternetChecksum.sum(f, at + OFF_SRC_ADDR, LEN_SRC_ADDR + LEN_DST_ADDR);
    }

    private static void checksum(byte[] f, int at) {
        InternetChecksum.put(f, at + OFF_HEADER_CHECKSUM, InternetChecksum.of(f, at, LENGTH, 0));
    }
}
