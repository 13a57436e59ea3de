package io.rocescope.cli.live;

/**
 * libpcap's counters for a live capture (pcap_stats): frames the filter passed, dropped by the kernel for
 * lack of buffer space (ps_drop), dropped by the interface or its driver (ps_ifdrop); and the frames the
 * analysis could not keep up with (dropped by us, never by libpcap).
 */
public record CaptureStats(long received, long kernelDrops, long interfaceDrops, long analysisDrops) {
    public static final CaptureStats NONE = new CaptureStats(0, 0, 0, 0);

    public long drops() { return kernelDrops + interfaceDrops + analysisDrops; }

    /** The warning a capture with drops ends with, or null. */
    public String warning() {
        if (drops() == 0) return null;
        StringBuilder sb = new StringBuilder().append(drops()).append(drops() == 1 ? " frame" : " frames").append(" dropped (");
        sb.append(kernelDrops).append(" by the kernel: its capture buffer was full; ").append(interfaceDrops).append(" by the interface");
        if (analysisDrops > 0) sb.append("; ").append(analysisDrops).append(" by the analysis, which fell behind");
        return sb.append("): the analysis misses them, so gaps and retransmissions may be the capture's, not the fabric's").toString();
    }
}
