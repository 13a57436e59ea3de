package io.rocescope.flow;

/** 24-bit PSN arithmetic: PSNs wrap at 2^24, and a - b is read in [-2^23, 2^23) (half the space apart reads as behind). */
public final class Psn {
    public static final int MASK = 0xFFFFFF;

    private Psn() {}

    /** Signed distance a - b, as rxe compares PSNs: ((a - b) << 8) >> 8. */
    public static int diff(int a, int b) {
        return ((a - b) << 8) >> 8;
    }

    public static int add(int psn, int n) {
        return (psn + n) & MASK;
    }
}
