package io.rocescope.dissector.perftest;

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

    /** A key message: LID, outstanding reads, QPN, PSN, R_Key, VA, GID (16 bytes, or null), SRQ number. */
    public record Key(int lid, int outReads, int qpn, int psn, long rkey, long vaddr, byte[] gid, long srqn) {}
}
