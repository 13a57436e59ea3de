package io.rocescope.flow;

import io.rocescope.dissector.field.ksy.IbTransportLayout;

/** 24-bit PSN arithmetic: PSNs wrap at 2^24, and a - b is read in [-2^23, 2^23) (half the space apart reads as behind). */
public final class Psn {
    /** The BTH's PSN field: 24 bits. */
    public static final int MASK = (int) IbTransportLayout.MASK_BTH_PSN;

    private Psn() {}

    /** The bits above the PSN in an int: 8. */
    private static final int ABOVE = Integer.SIZE - IbTransportLayout.LEN_BTH_PSN * Byte.SIZE;

    /** Signed distance a - b, as rxe compares PSNs: ((a - b) << 8) >> 8. */
    public static int diff(int a, int b) {
        return ((a - b) << ABOVE) >> ABOVE;
    }

    public static int add(int psn, int n) {
        return (psn + n) & MASK;
    }
}
