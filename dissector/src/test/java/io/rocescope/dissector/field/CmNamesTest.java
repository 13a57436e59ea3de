package io.rocescope.dissector.field;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** CmNames' formatting around ksy/ib_mad.ksy's values: the MTU list the synthesizer's errors print, IBA times. */
class CmNamesTest {
    @Test
    void pathMtusReadAsASentence() {
        assertThat(CmNames.pathMtuList()).isEqualTo("256, 512, 1024, 2048 or 4096");
    }

    @Test
    void ibaTimesInNanosecondsAreExactPowersOfTwoTimes4096() {
        assertThat(CmNames.ibaNanos(0)).isEqualTo(4096.0);
        assertThat(CmNames.ibaNanos(16)).isEqualTo(268_435_456.0);   // probe cm's default response timeout: 268 ms
        assertThat(CmNames.ibaMicros(0)).isEqualTo(4.096);
        for (int v = 0; v < 32; v++) {
            assertThat((long) CmNames.ibaNanos(v)).isEqualTo(4096L << v);
            // the microseconds are the double they were when computed as 4.096 * 2^v
            assertThat(CmNames.ibaMicros(v)).isEqualTo(4096 / 1000.0 * Math.pow(2, v));
        }
    }
}
