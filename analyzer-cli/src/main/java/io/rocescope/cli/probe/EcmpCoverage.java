package io.rocescope.cli.probe;

import java.util.Locale;

/**
 * How many UDP source ports a probe needs so that, with ECMP hashing each port to one of N equal paths
 * independently and uniformly, every path is hit at least once with a stated probability: the coupon
 * collector's problem. P(all N paths | k ports) = Σ_{j=0..N} (−1)^j · C(N,j) · (1 − j/N)^k
 * (inclusion–exclusion over the paths missed); the count is the smallest k whose P reaches the confidence.
 */
public final class EcmpCoverage {
    /** The most paths asked for (an ECMP group is far smaller; the sum stays exact in doubles well beyond). */
    public static final int MAX_PATHS = 256;

    private EcmpCoverage() {}

    /** P(every one of {@code paths} paths gets at least one of {@code ports} uniformly hashed ports). */
    public static double probability(int paths, int ports) {
        if (paths <= 1) return ports >= 1 ? 1.0 : 0.0;
        // the terms alternate and cancel: summed in log space per term, the binomials computed exactly enough
        double sum = 0, logBinom = 0;
        for (int j = 0; j <= paths; j++) {
            if (j > 0) logBinom += Math.log((double) (paths - j + 1) / j);
            double miss = 1.0 - (double) j / paths;
            if (miss <= 0) break;
            double term = Math.exp(logBinom + ports * Math.log(miss));
            sum += (j % 2 == 0) ? term : -term;
        }
        return Math.max(0, Math.min(1, sum));
    }

    /** The smallest number of ports that covers {@code paths} paths with at least {@code confidence}. */
    public static int ports(int paths, double confidence) {
        if (paths < 1 || paths > MAX_PATHS) throw new IllegalArgumentException("--paths must be 1.." + MAX_PATHS);
        if (!(confidence > 0 && confidence < 1)) throw new IllegalArgumentException("--confidence must be between 0 and 1 (exclusive)");
        int k = paths;
        while (probability(paths, k) < confidence) k++;
        return k;
    }

    /** The count and how it was computed, in one line a user can check by hand. */
    public static String explain(int paths, double confidence) {
        int k = ports(paths, confidence);
        return String.format(Locale.ROOT, "ECMP: %d source ports cover %d paths with probability %.4f >= %s"
                + " (P(all N paths | k ports) = sum_{j=0..N} (-1)^j C(N,j) (1-j/N)^k, uniform hashing; k=%d gives %.4f)",
            k, paths, probability(paths, k), trim(confidence), k - 1, probability(paths, k - 1));
    }

    private static String trim(double d) {
        String s = String.format(Locale.ROOT, "%.6f", d);
        return s.replaceAll("0+$", "").replaceAll("\\.$", "");
    }
}
