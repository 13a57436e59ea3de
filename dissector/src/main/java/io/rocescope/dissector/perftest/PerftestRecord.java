package io.rocescope.dissector.perftest;

import io.rocescope.dissector.value.Gid;

/**
 * One record of perftest's exchange, with its place in the byte stream. Key records carry the values
 * the peer uses to reach the sender: its QPN (BTH DestQP of packets sent to it), its first PSN,
 * and the R_Key and virtual address of its buffer (RETH of WRITE/READ requests sent to it).
 */
public record PerftestRecord(Kind kind, long streamStart, long streamEnd, String text, long number,
                             Key key, Report report) {
    public enum Kind { VERSION, CYCLE_BUFFER, CACHE_LINE_SIZE, MTU, KEY, SYNC, REPORT, UNKNOWN }

    /** A bandwidth test's results, as the side that measured them sends them to its peer (MB/s, Mpps). */
    public record Report(long messageSize, long iterations, double bwPeak, double bwAverage, double msgRate) {}

    /**
     * A key message (perftest's struct pingpong_dest as text): LID, outstanding reads, QPN, PSN, R_Key, VA,
     * the tail-marker VA of data-validation builds (-1 without), the GID (null in the no-GID variant), the SRQ
     * number (0 when the record has none: very old builds).
     */
    public record Key(int lid, int outReads, int qpn, int psn, long rkey, long vaddr, long tailVaddr, Gid gid, long srqn) {}
}
