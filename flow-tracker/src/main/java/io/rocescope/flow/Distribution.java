package io.rocescope.flow;

import java.util.Arrays;

/**
 * A bounded sample of values with min, median, p99 and max. The first {@link #CAPACITY} values are
 * kept exactly; after that a deterministic reservoir keeps memory flat (min, max, count stay exact).
 */
public final class Distribution {
    static final int CAPACITY = 512;
    /** The sample, made with the first value (most distributions of most flows stay empty). */
    private long[] values;
    private int size;
    private long count, min = Long.MAX_VALUE, max = Long.MIN_VALUE, sum;
    private long seed = 0x9E3779B97F4A7C15L;

    public void add(long v) {
        count++;
        sum += v;
        min = Math.min(min, v);
        max = Math.max(max, v);
        if (size < CAPACITY) {
            if (values == null) values = new long[2];
            else if (size == values.length) values = Arrays.copyOf(values, size * 2);
            values[size++] = v;
        } else {
            seed ^= seed << 13; seed ^= seed >>> 7; seed ^= seed << 17;
            long slot = Long.remainderUnsigned(seed, count);
            if (slot < CAPACITY) values[(int) slot] = v;
        }
    }

    public long count() { return count; }

    /** The sample itself (every value while there were at most {@link #CAPACITY}): for histograms. */
    public long[] sample() { return values == null ? NONE : Arrays.copyOf(values, size); }
    private static final long[] NONE = new long[0];
    public long min() { return count == 0 ? 0 : min; }
    public long max() { return count == 0 ? 0 : max; }
    public double mean() { return count == 0 ? 0 : (double) sum / count; }
    public long median() { return percentile(50); }
    public long p99() { return percentile(99); }

    /** Nearest-rank percentile of the sample. */
    public long percentile(double p) {
        if (size == 0) return 0;
        long[] s = Arrays.copyOf(values, size);
        Arrays.sort(s);
        int rank = (int) Math.ceil(p / 100.0 * size);
        return s[Math.max(0, Math.min(size - 1, rank - 1))];
    }
}
