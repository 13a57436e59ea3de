package io.rocescope.flow;

import org.junit.jupiter.api.Test;

import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/** 24-bit PSN arithmetic, at the wrap and at the edges of the comparison window. */
class PsnTest {
    @Test
    void distancesAcrossTheWrap() {
        assertThat(Psn.diff(0, 0xFFFFFF)).isEqualTo(1);
        assertThat(Psn.diff(0xFFFFFF, 0)).isEqualTo(-1);
        assertThat(Psn.diff(5, 0xFFFFFB)).isEqualTo(10);
        assertThat(Psn.diff(0x123456, 0x123456)).isZero();
    }

    @Test
    void theWindowIsHalfTheSpaceAndItsEdgeReadsAsBehind() {
        // a - b is read in [-2^23, 2^23): exactly half the space apart counts as behind, as rxe's psn_compare does
        assertThat(Psn.diff(0x7FFFFF, 0)).isEqualTo(0x7FFFFF);
        assertThat(Psn.diff(0x800000, 0)).isEqualTo(-0x800000);
        assertThat(Psn.diff(0, 0x800000)).isEqualTo(-0x800000);
        assertThat(Psn.diff(0x800001, 0)).isEqualTo(-0x7FFFFF);
    }

    @Test
    void addWrapsBothWays() {
        assertThat(Psn.add(0xFFFFFF, 1)).isZero();
        assertThat(Psn.add(0, -1)).isEqualTo(0xFFFFFF);
        assertThat(Psn.add(0xFFFFF0, 0x20)).isEqualTo(0x10);
    }

    @Test
    void addAndDiffAreInverseInsideTheWindow() {
        SplittableRandom r = new SplittableRandom(24);
        for (int i = 0; i < 100_000; i++) {
            int a = r.nextInt(1 << 24), d = r.nextInt(-(1 << 23), 1 << 23);
            int b = Psn.add(a, d);
            assertThat(b).isBetween(0, Psn.MASK);
            assertThat(Psn.diff(b, a)).as("a=%d d=%d", a, d).isEqualTo(d);
        }
    }
}
