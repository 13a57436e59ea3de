package io.rocescope.dissector.capture;

import io.rocescope.dissector.field.LinkTypeNames;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Endace ERF records inside pcap/pcapng (link type 197, what ibdump writes for InfiniBand ports),
 * unwrapped as Wireshark's wiretap does: the 16-byte ERF header (little-endian 32.32 fixed-point
 * timestamp, type, flags, record length, loss counter, wire length), any extension headers, and for
 * Ethernet records the 2 pad bytes are taken off; the record's time becomes the ERF timestamp, its wire
 * length the ERF wire length, and its link type the one of the ERF type (INFINIBAND 21 → 247,
 * ETH 2 → Ethernet). A record too short for its header, or of another ERF type, stays as it is (the
 * decoder then shows its bytes as data).
 */
final class Erf {
    static final int TYPE_ETH = 2, TYPE_INFINIBAND = 21;

    private Erf() {}

    /** What unwrapping a record gives: bytes to skip, the new lengths, time and link type. */
    static final class Unwrapped {
        int skip, capturedLength, originalLength, linkType;
        long timestampNanos;
    }

    /**
     * Reads the ERF header at {@code off} of a record of {@code cap} bytes (read through {@code b},
     * any byte order); false when it is not one this reader unwraps.
     */
    static boolean unwrap(ByteBuffer b, int off, int cap, Unwrapped u) {
        if (cap < 16) return false;
        int type = b.get(off + 8) & 0xFF;
        int hlen = 16;
        int t = type;
        while ((t & 0x80) != 0) {   // extension headers, 8 bytes each, chained by their own top bit
            if (cap < hlen + 8) return false;
            t = b.get(off + hlen) & 0xFF;
            hlen += 8;
        }
        int linkType;
        switch (type & 0x7F) {
            case TYPE_INFINIBAND: linkType = LinkTypeNames.INFINIBAND; break;
            case TYPE_ETH: linkType = LinkTypeNames.ETHERNET; hlen += 2; break;
            default: return false;
        }
        if (cap < hlen) return false;
        int wlen = ((b.get(off + 14) & 0xFF) << 8) | (b.get(off + 15) & 0xFF);
        long ts = b.duplicate().order(ByteOrder.LITTLE_ENDIAN).getLong(off);
        u.skip = hlen;
        u.capturedLength = Math.min(cap - hlen, wlen);
        u.originalLength = Math.max(wlen, u.capturedLength);
        u.linkType = linkType;
        u.timestampNanos = nanos(ts);
        return true;
    }

    /** The 32.32 fixed-point time in nanoseconds, rounded as wiretap's erf.c rounds it. */
    static long nanos(long ts) {
        long secs = ts >>> 32;
        long frac = (ts & 0xFFFFFFFFL) * 1_000_000_000L;
        frac += (frac & 0x80000000L) << 1;
        long ns = frac >>> 32;
        if (ns >= 1_000_000_000L) { ns -= 1_000_000_000L; secs++; }
        return secs * 1_000_000_000L + ns;
    }

    /** Unwraps a record in place (its bytes move to the start of its array). */
    static void unwrap(CaptureRecord rec) {
        if (rec.linkType != LinkTypeNames.ERF) return;
        Unwrapped u = new Unwrapped();
        if (!unwrap(ByteBuffer.wrap(rec.data), 0, rec.capturedLength, u)) return;
        System.arraycopy(rec.data, u.skip, rec.data, 0, u.capturedLength);
        rec.capturedLength = u.capturedLength;
        rec.originalLength = u.originalLength;
        rec.timestampNanos = u.timestampNanos;
        rec.linkType = u.linkType;
    }
}
