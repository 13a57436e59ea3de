package io.rocescope.flow;

import java.util.Arrays;

/**
 * A bounded sample of values with min, median, p99 and max. The first {@link #CAPACITY} values are
 * kept exactly; after that a deterministic reservoir keeps memory flat (min, max, count stay exact).
 */
public final class Distribution {
    static final int CAPACITY = 512;
    private static final long SEED = 0x9E3779B97F4A7C15L;
    /**
     * The sample, made with the second value: most distributions of most flows hold one value or none, and
     * a lone value is {@link #min} itself. Its size is {@code min(count, CAPACITY)}; once the reservoir is
     * in use the array has one slot more, {@code values[CAPACITY]}, for the reservoir's random state (the
     * fields a distribution of one value would never use stay out of it: 48 bytes, not 96).
     */
    private long[] values;
    private long count, min = Long.MAX_VALUE, max = Long.MIN_VALUE, sum;

    public void add(long v) {
        long n = count++;
        sum += v;
        if (n == 0) { min = max = v; return; }
        if (n < CAPACITY) {
            if (values == null) { values = new long[2]; values[0] = min; }
            else if (n == values.length) values = Arrays.copyOf(values, (int) n * 2);
            values[(int) n] = v;
        } else {
            if (values.length == CAPACITY) { values = Arrays.copyOf(values, CAPACITY + 1); values[CAPACITY] = SEED; }
            long seed = values[CAPACITY];
            seed ^= seed << 13; seed ^= seed >>> 7; seed ^= seed << 17;
            values[CAPACITY] = seed;
            long slot = Long.remainderUnsigned(seed, count);
            if (slot < CAPACITY) values[(int) slot] = v;
        }
        min = Math.min(min, v);
        max = Math.max(max, v);
    }

    private int size() { return (int) Math.min(count, CAPACITY); }

    public long count() { return count; }

    /** The sample itself (every value while there were at most {@link #CAPACITY}): for histograms. */
    public long[] sample() { return count == 0 ? NONE : values == null ? new long[] {min} : Arrays.copyOf(values, size()); }
    private static final long[] NONE = new long[0];
    public long min() { return count == 0 ? 0 : min; }
    public long max() { return count == 0 ? 0 : max; }
    public double mean() { return count == 0 ? 0 : (double) sum / count; }
    public long median() { return percentile(50); }
    public long p99() { return percentile(99); }

    /** Nearest-rank percentile of the sample. */
    public long percentile(double p) {
        int size = size();
        if (size == 0) return 0;
        if (values == null) return min;
        long[] s = Arrays.copyOf(values, size);
        Arrays.sort(s);
        int rank = (int) Math.ceil(p / 100.0 * size);
        return s[Math.max(0, Math.min(size - 1, rank - 1))];
    }
}
