package io.rocescope.flow;

import java.util.Arrays;

/**
 * Bytes per time bucket for charts. Buckets start at 1 ms and double in width (merging pairs)
 * whenever there would be more than {@link #MAX_BUCKETS}, so memory stays flat for any capture length.
 */
public final class ThroughputSeries {
    static final int MAX_BUCKETS = 256;
    private long start = Long.MIN_VALUE;
    private long widthNanos = 1_000_000;
    /** Grows to MAX_BUCKETS as time passes: a flow of a few packets keeps one bucket, or two. */
    private long[] bytes = new long[1];
    private int used;

    public void add(long timestampNanos, long n) {
        if (start == Long.MIN_VALUE) start = timestampNanos;
        long idx = Math.max(0, (timestampNanos - start) / widthNanos);
        while (idx >= MAX_BUCKETS) {
            merge();
            idx = Math.max(0, (timestampNanos - start) / widthNanos);
        }
        if (idx >= bytes.length) bytes = Arrays.copyOf(bytes, (int) Math.min(MAX_BUCKETS, Math.max(idx + 1, bytes.length * 2L)));
        bytes[(int) idx] += n;
        used = Math.max(used, (int) idx + 1);
    }

    /** Doubles the bucket width: bucket i of the new series is buckets 2i and 2i+1 of the old one. */
    private void merge() {
        long[] merged = new long[bytes.length];
        for (int i = 0; i < used; i++) merged[i / 2] += bytes[i];
        bytes = merged;
        used = (used + 1) / 2;
        widthNanos *= 2;
    }

    public long bucketNanos() { return widthNanos; }
    public long startNanos() { return start == Long.MIN_VALUE ? 0 : start; }
    public long[] bytesPerBucket() { return Arrays.copyOf(bytes, used); }
}
