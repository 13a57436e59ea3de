package io.rocescope.fleet;

import org.apache.spark.Partitioner;

/** Partition i holds capture i's pieces: one merge task per capture, the results in capture order. */
final class CapturePartitioner extends Partitioner {
    private final int captures;

    CapturePartitioner(int captures) { this.captures = captures; }

    @Override
    public int numPartitions() { return captures; }

    @Override
    public int getPartition(Object key) { return ((SplitKey) key).capture(); }

    @Override
    public boolean equals(Object o) { return o instanceof CapturePartitioner p && p.captures == captures; }

    @Override
    public int hashCode() { return captures; }
}
