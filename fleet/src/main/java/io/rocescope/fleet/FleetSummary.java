package io.rocescope.fleet;

import java.util.List;

/**
 * The fleet at a glance (summary.json): totals, the QPs with the most NAKs, retransmissions, RNR NAKs and
 * CNPs across all captures, CM rejects by service and reason, set-up latency by host and kind (CM vs
 * socket), the captures that could not be read and why, and under --rules the gate's verdict per capture.
 */
public record FleetSummary(int captures, int read, int unreadable, long bytes, long frames, long roceFrames,
                           long connections, long findings, double seconds, TopQps topQps, List<Rejects> rejectsByService,
                           List<SetupLatency> setupLatencyMicros, List<Unreadable> unreadableCaptures,
                           List<Warning> warnings, Gate gate) {

    public record TopQps(List<Qp> naks, List<Qp> retransmitted, List<Qp> rnrNaks, List<Qp> cnps) {}

    /** One direction of a connection: the requester's packets to {@code qp} (the responder's QP). */
    public record Qp(String capture, String host, String connectionId, String qp, long count) {}

    public record Rejects(String service, String setup, String reason, long count) {}

    /** Set-up latency (the request to the connection's first data, as the flow tracker measures it), in µs. */
    public record SetupLatency(String host, String setup, long count, double min, double median, double p99, double max)
        implements java.io.Serializable {}

    public record Unreadable(String capture, String reason) {}

    public record Warning(String capture, String warning) {}

    /** {@code failed}: the captures where a rule failed, with the failures; unreadable captures fail the gate too. */
    public record Gate(String rules, int passed, int failed, List<GateFailure> failures) {}

    public record GateFailure(String capture, List<String> failures) {}

    /** GB/s (10^9 bytes) of capture read, over the whole run. */
    public double gigabytesPerSecond() { return seconds > 0 ? bytes / 1e9 / seconds : 0; }
}
