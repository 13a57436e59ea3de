package io.rocescope.flow;

import java.util.Arrays;

/**
 * Bytes per time bucket for charts. Buckets start at 1 ms and double in width (merging pairs)
 * whenever there would be more than {@link #MAX_BUCKETS}, so memory stays flat for any capture length.
 */
public final class ThroughputSeries {
    static final int MAX_BUCKETS = 256;
    private static final long FIRST_WIDTH_NANOS = 1_000_000;
    private long start = Long.MIN_VALUE;
    /** The bucket width is {@link #FIRST_WIDTH_NANOS} times 2^widthShift. */
    private int widthShift;
    /**
     * The first bucket's bytes while there is only one: a flow of a few packets within a millisecond (most
     * flows of a capture with a million QPs) needs no array.
     */
    private long firstBucket;
    /** Every bucket once a second is needed (grows to MAX_BUCKETS as time passes); null before that. */
    private long[] bytes;
    private int used;

    private long width() { return FIRST_WIDTH_NANOS << widthShift; }

    public void add(long timestampNanos, long n) {
        if (start == Long.MIN_VALUE) start = timestampNanos;
        long idx = Math.max(0, (timestampNanos - start) / width());
        while (idx >= MAX_BUCKETS) {
            merge();
            idx = Math.max(0, (timestampNanos - start) / width());
        }
        if (bytes == null) {
            if (idx == 0) {
                firstBucket += n;
                used = 1;
                return;
            }
            bytes = new long[(int) Math.min(MAX_BUCKETS, Math.max(idx + 1, 2))];
            bytes[0] = firstBucket;
        } else if (idx >= bytes.length) {
            bytes = Arrays.copyOf(bytes, (int) Math.min(MAX_BUCKETS, Math.max(idx + 1, bytes.length * 2L)));
        }
        bytes[(int) idx] += n;
        used = Math.max(used, (int) idx + 1);
    }

    /** Doubles the bucket width: bucket i of the new series is buckets 2i and 2i+1 of the old one. */
    private void merge() {
        widthShift++;
        if (bytes == null) return;   // the one bucket stays the first
        long[] merged = new long[bytes.length];
        for (int i = 0; i < used; i++) merged[i / 2] += bytes[i];
        bytes = merged;
        used = (used + 1) / 2;
    }

    public long bucketNanos() { return width(); }
    public long startNanos() { return start == Long.MIN_VALUE ? 0 : start; }
    public long[] bytesPerBucket() {
        if (bytes == null) return used == 0 ? new long[0] : new long[] {firstBucket};
        return Arrays.copyOf(bytes, used);
    }
}
