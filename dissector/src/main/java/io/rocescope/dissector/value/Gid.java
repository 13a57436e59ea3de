package io.rocescope.dissector.value;

import io.rocescope.dissector.util.BigEndian;

/**
 * A 128-bit GID (or IPv6 address) as a value: its 16 bytes as two big-endian words, so that decoded
 * records can carry it and trackers compare it without text. RoCEv2 IPv4 GIDs are IPv4-mapped
 * ({@code ::ffff:a.b.c.d}, {@link #mappedIpv4()}). Its text is rendering's (text.Addresses#ipv6(Gid)).
 */
public record Gid(long hi, long lo) {
    /** The all-zero GID (InfiniBand without a GRH; the pingpong programs send it without -g). */
    public static final Gid ZERO = new Gid(0, 0);

    /** The GID whose 16 bytes start at {@code off}. */
    public static Gid of(byte[] d, int off) {
        return new Gid(BigEndian.read(d, off, 8), BigEndian.read(d, off + 8, 8));
    }

    /** The GID of an IPv4 address, as RoCEv2 maps it ({@code ::ffff:a.b.c.d}). */
    public static Gid ipv4Mapped(long ipv4) {
        return new Gid(0, 0xFFFF_0000_0000L | (ipv4 & 0xFFFF_FFFFL));
    }

    public boolean isZero() { return hi == 0 && lo == 0; }

    /** The IPv4 address of an IPv4-mapped GID ({@code ::ffff:a.b.c.d}), or -1 if it is not one. */
    public long mappedIpv4() {
        return hi == 0 && (lo >>> 32) == 0xFFFF ? lo & 0xFFFF_FFFFL : -1;
    }

    /** The 16 bytes, in wire order. */
    public byte[] bytes() {
        byte[] b = new byte[16];
        for (int i = 0; i < 8; i++) {
            b[i] = (byte) (hi >>> (56 - 8 * i));
            b[8 + i] = (byte) (lo >>> (56 - 8 * i));
        }
        return b;
    }
}
