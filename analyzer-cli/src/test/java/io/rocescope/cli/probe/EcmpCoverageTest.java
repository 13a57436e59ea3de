package io.rocescope.cli.probe;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The port count {@code probe cm --paths N} prints, against the coupon collector's probability computed
 * exactly: Σ_j (−1)^j C(N,j) (N−j)^k / N^k in integers, where doubles cancel to noise for large N.
 */
class EcmpCoverageTest {
    /** P(all N paths | k ports), exactly (then rounded to 30 digits). */
    private static double exact(int n, int k) {
        BigInteger sum = BigInteger.ZERO, binom = BigInteger.ONE;
        for (int j = 0; j <= n; j++) {
            if (j > 0) binom = binom.multiply(BigInteger.valueOf(n - j + 1)).divide(BigInteger.valueOf(j));
            BigInteger term = binom.multiply(BigInteger.valueOf(n - j).pow(k));
            sum = j % 2 == 0 ? sum.add(term) : sum.subtract(term);
        }
        return new BigDecimal(sum).divide(new BigDecimal(BigInteger.valueOf(n).pow(k)), MathContext.DECIMAL128).doubleValue();
    }

    @ParameterizedTest
    @CsvSource({"2,5", "4,21", "8,40", "64,300", "128,128", "128,700", "256,259", "256,1500", "256,2600"})
    void probabilityIsTheExactCouponCollectorsProbability(int paths, int ports) {
        assertThat(EcmpCoverage.probability(paths, ports)).isCloseTo(exact(paths, ports), within(1e-12));
    }

    @ParameterizedTest
    @CsvSource({"2,0.99", "4,0.99", "16,0.9", "128,0.99", "256,0.99", "256,0.5"})
    void portsIsTheSmallestCountThatReachesTheConfidence(int paths, double confidence) {
        int k = EcmpCoverage.ports(paths, confidence);
        assertThat(exact(paths, k)).isGreaterThanOrEqualTo(confidence);
        assertThat(exact(paths, k - 1)).isLessThan(confidence);
    }

    @Test
    void onePathNeedsOnePort() {
        assertThat(EcmpCoverage.ports(1, 0.99)).isEqualTo(1);
    }
}
