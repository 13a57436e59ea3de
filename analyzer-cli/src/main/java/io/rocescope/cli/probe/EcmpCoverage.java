package io.rocescope.cli.probe;

import java.util.Locale;

/**
 * How many UDP source ports a probe needs so that, with ECMP hashing each port to one of N equal paths
 * independently and uniformly, every path is hit at least once with a stated probability: the coupon
 * collector's problem. P(all N paths | k ports) = Σ_{j=0..N} (−1)^j · C(N,j) · (1 − j/N)^k
 * (inclusion–exclusion over the paths missed); the count is the smallest k whose P reaches the confidence.
 */
public final class EcmpCoverage {
    /** The most paths asked for (an ECMP group is far smaller). */
    public static final int MAX_PATHS = 256;

    private EcmpCoverage() {}

    /** P(every one of {@code paths} paths gets at least one of {@code ports} uniformly hashed ports). */
    public static double probability(int paths, int ports) {
        if (paths <= 1) return ports >= 1 ? 1.0 : 0.0;
        Coverage c = new Coverage(paths);
        for (int k = 0; k < ports; k++) c.addPort();
        return c.all();
    }

    /** The smallest number of ports that covers {@code paths} paths with at least {@code confidence}. */
    public static int ports(int paths, double confidence) {
        if (paths < 1 || paths > MAX_PATHS) throw new IllegalArgumentException("--paths must be 1.." + MAX_PATHS);
        if (!(confidence > 0 && confidence < 1)) throw new IllegalArgumentException("--confidence must be between 0 and 1 (exclusive)");
        if (paths == 1) return 1;
        Coverage c = new Coverage(paths);
        int k = 0;
        while (k < paths || c.all() < confidence) {
            c.addPort();
            k++;
        }
        return k;
    }

    /**
     * The distribution of how many paths are covered, one port at a time: a port hits a covered path with
     * probability c/N and a new one with (N - c)/N. It computes the same P as the inclusion-exclusion sum,
     * but with positive terms only: the sum's alternating terms reach 1e29 for N = 128 and cancel to noise
     * in doubles, which made large N's counts wrong.
     */
    private static final class Coverage {
        private final int n;
        private double[] p;

        Coverage(int n) {
            this.n = n;
            p = new double[n + 1];
            p[0] = 1;
        }

        void addPort() {
            double[] q = new double[n + 1];
            for (int c = 0; c <= n; c++) {
                if (p[c] == 0) continue;
                q[c] += p[c] * c / n;
                if (c < n) q[c + 1] += p[c] * (n - c) / n;
            }
            p = q;
        }

        double all() { return p[n]; }
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
