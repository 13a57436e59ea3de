package io.rocescope.flow;

import java.util.Arrays;

/**
 * Bytes per time bucket for charts. Buckets start at 1 ms and double in width (merging pairs)
 * whenever there would be more than {@link #MAX_BUCKETS}, so memory stays flat for any capture length.
 */
public final class ThroughputSeries {
    static final int MAX_BUCKETS = 2048;
    private long start = Long.MIN_VALUE;
    private long widthNanos = 1_000_000;
    private long[] bytes = new long[16];
    private int used;

    public void add(long timestampNanos, long n) {
        if (start == Long.MIN_VALUE) start = timestampNanos;
        long idx = Math.max(0, (timestampNanos - start) / widthNanos);
        while (idx >= MAX_BUCKETS) {
            for (int i = 0; i < MAX_BUCKETS / 2; i++) bytes[i] = (2 * i < bytes.length ? bytes[2 * i] : 0) + (2 * i + 1 < bytes.length ? bytes[2 * i + 1] : 0);
            Arrays.fill(bytes, Math.min(MAX_BUCKETS / 2, bytes.length), bytes.length, 0);
            used = (used + 1) / 2;
            widthNanos *= 2;
            idx = (timestampNanos - start) / widthNanos;
        }
        if (idx >= bytes.length) bytes = Arrays.copyOf(bytes, (int) Math.min(MAX_BUCKETS, Math.max(idx + 1, bytes.length * 2L)));
        bytes[(int) idx] += n;
        used = Math.max(used, (int) idx + 1);
    }

    public long bucketNanos() { return widthNanos; }
    public long startNanos() { return start == Long.MIN_VALUE ? 0 : start; }
    public long[] bytesPerBucket() { return Arrays.copyOf(bytes, used); }
}
