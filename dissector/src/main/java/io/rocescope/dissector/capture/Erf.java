package io.rocescope.dissector.capture;

import io.rocescope.dissector.field.LinkTypeNames;
import io.rocescope.dissector.field.ksy.ErfRecordKsy;
import io.rocescope.dissector.field.ksy.ErfRecordLayout;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Endace ERF records inside pcap/pcapng (link type 197, what ibdump writes for InfiniBand ports),
 * unwrapped as Wireshark's wiretap does: the ERF header where ksy/erf_record.ksy puts its fields
 * (little-endian 32.32 fixed-point timestamp, type, flags, record length, loss counter, wire length),
 * any extension headers, and for Ethernet records the offset and pad bytes are taken off; the
 * record's time becomes the ERF timestamp, its wire length the ERF wire length, and its link type
 * the one of the ERF type (INFINIBAND 21 → 247, ETH 2 → Ethernet). A record too short for its header, or of another ERF type, stays as it is (the
 * decoder then shows its bytes as data).
 */
final class Erf {
    /** The ERF types unwrapped (ksy/erf_record.ksy's erf_type). */
    static final int TYPE_ETH = ErfRecordKsy.ERF_TYPE_ETH, TYPE_INFINIBAND = ErfRecordKsy.ERF_TYPE_INFINIBAND;
    private static final int HEADER = ErfRecordLayout.FIXED_SIZE, TS = ErfRecordLayout.OFF_TS,
        TYPE = ErfRecordLayout.OFF_TYPE, WLEN = ErfRecordLayout.OFF_WLEN,
        EXTENSION = ErfRecordLayout.FIXED_SIZE_EXTENSION_HEADER, EXTENSION_MORE = ErfRecordLayout.OFF_EXTENSION_HEADER_MORE,
        ETH = ErfRecordLayout.FIXED_SIZE_ETH_HEADER;
    // the has_extension bit shares the type's byte, as each extension header's more bit its ext_type's
    private static final int HAS_EXTENSION_BIT = (int) ErfRecordLayout.MASK_HAS_EXTENSION << ErfRecordLayout.SHIFT_HAS_EXTENSION,
        MORE_BIT = (int) ErfRecordLayout.MASK_EXTENSION_HEADER_MORE << ErfRecordLayout.SHIFT_EXTENSION_HEADER_MORE;

    // the timestamp's fraction of a second: its low bits, in units of 2^-FRACTION_BITS s
    private static final int FRACTION_BITS = (int) ErfRecordLayout.TS_FRACTION_BITS;
    private static final long FRACTION_MASK = (1L << FRACTION_BITS) - 1, HALF = 1L << (FRACTION_BITS - 1);

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
        if (cap < HEADER) return false;
        int typeByte = b.get(off + TYPE) & 0xFF;
        int hlen = HEADER;
        boolean more = (typeByte & HAS_EXTENSION_BIT) != 0;
        while (more) {   // extension headers, each saying with its own top bit whether another follows
            if (cap < hlen + EXTENSION) return false;
            more = (b.get(off + hlen + EXTENSION_MORE) & MORE_BIT) != 0;
            hlen += EXTENSION;
        }
        int linkType;
        switch ((int) ((typeByte >>> ErfRecordLayout.SHIFT_TYPE) & ErfRecordLayout.MASK_TYPE)) {
            case TYPE_INFINIBAND: linkType = LinkTypeNames.INFINIBAND; break;
            case TYPE_ETH: linkType = LinkTypeNames.ETHERNET; hlen += ETH; break;
            default: return false;
        }
        if (cap < hlen) return false;
        int wlen = (int) ((b.duplicate().order(ByteOrder.BIG_ENDIAN).getShort(off + WLEN) >>> ErfRecordLayout.SHIFT_WLEN)
            & ErfRecordLayout.MASK_WLEN);
        long ts = b.duplicate().order(ErfRecordLayout.ORDER_TS).getLong(off + TS);
        u.skip = hlen;
        u.capturedLength = Math.min(cap - hlen, wlen);
        u.originalLength = Math.max(wlen, u.capturedLength);
        u.linkType = linkType;
        u.timestampNanos = nanos(ts);
        return true;
    }

    /** The 32.32 fixed-point time in nanoseconds, rounded as wiretap's erf.c rounds it. */
    static long nanos(long ts) {
        long secs = ts >>> FRACTION_BITS;
        long frac = (ts & FRACTION_MASK) * 1_000_000_000L;
        frac += (frac & HALF) << 1;   // rounds to the nearest nanosecond
        long ns = frac >>> FRACTION_BITS;
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
