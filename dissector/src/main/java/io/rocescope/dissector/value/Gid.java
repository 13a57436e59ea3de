package io.rocescope.dissector.value;

import io.rocescope.dissector.field.ksy.RoceV1GrhLayout;
import io.rocescope.dissector.util.BigEndian;

import static io.rocescope.dissector.field.ksy.IbMadLayout.IPV4_MAPPED_GID_MARKER;
import static io.rocescope.dissector.field.ksy.IbMadLayout.IPV4_MAPPED_GID_OFFSET;

/**
 * A 128-bit GID (or IPv6 address) as a value: its 16 bytes as two big-endian words, so that decoded
 * records can carry it and trackers compare it without text. RoCEv2 IPv4 GIDs are IPv4-mapped
 * ({@code ::ffff:a.b.c.d}, {@link #mappedIpv4()}). Its text is rendering's (text.Addresses#ipv6(Gid)).
 */
public record Gid(long hi, long lo) {
    /** The all-zero GID (InfiniBand without a GRH; the pingpong programs send it without -g). */
    public static final Gid ZERO = new Gid(0, 0);
    /** A GID's bytes, and those of each word. */
    private static final int LEN = RoceV1GrhLayout.LEN_SGID, WORD = LEN / 2;
    /**
     * ksy/ib_mad.ksy's IPv4-mapped GID in the low word: the IPv4 address in its last bytes (from IPV4_MAPPED_GID_OFFSET),
     * the marker just above them, zeros above that.
     */
    private static final int MAPPED_SHIFT = Byte.SIZE * (LEN - (int) IPV4_MAPPED_GID_OFFSET);
    private static final long MAPPED_IPV4 = (1L << MAPPED_SHIFT) - 1, MAPPED_LO = IPV4_MAPPED_GID_MARKER << MAPPED_SHIFT;

    /** The GID whose 16 bytes start at {@code off}. */
    public static Gid of(byte[] d, int off) {
        return new Gid(BigEndian.read(d, off, 8), BigEndian.read(d, off + 8, 8));
    }

    /** The GID of an IPv4 address, as RoCEv2 maps it ({@code ::ffff:a.b.c.d}). */
    public static Gid ipv4Mapped(long ipv4) {
        return new Gid(0, MAPPED_LO | (ipv4 & MAPPED_IPV4));
    }

    public boolean isZero() { return hi == 0 && lo == 0; }

    /** The IPv4 address of an IPv4-mapped GID ({@code ::ffff:a.b.c.d}), or -1 if it is not one. */
    public long mappedIpv4() {
        return hi == 0 && (lo >>> MAPPED_SHIFT) == IPV4_MAPPED_GID_MARKER ? lo & MAPPED_IPV4 : -1;
    }

    /** The 16 bytes, in wire order. */
    public byte[] bytes() {
        byte[] b = new byte[LEN];
        for (int i = 0; i < WORD; i++) {
            b[i] = (byte) (hi >>> (56 - 8 * i));
            b[WORD + i] = (byte) (lo >>> (56 - 8 * i));
        }
        return b;
    }
}
