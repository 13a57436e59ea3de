package io.rocescope.fleet;

import java.io.Serializable;
import java.util.List;

/**
 * What one task made of one capture. {@code error} is why it could not be read (null when it was);
 * the rows are JSON objects, one per connection and per finding; {@code qps}, {@code rejects} and
 * {@code setupLatencies} feed the fleet summary; {@code junit} and {@code gateFailures} exist only under --rules;
 * {@code note} says how the capture was read when that was not as planned (a split capture read in one task), else null.
 */
public record CaptureResult(String capture, String host, String iface, long sizeBytes, String error, List<String> warnings,
                            long frames, long roceFrames, List<String> connections, List<String> findings,
                            List<QpCounts> qps, List<Reject> rejects, List<SetupLatency> setupLatencies,
                            String junit, List<String> gateFailures, String note) implements Serializable {

    /** The problem counts of one direction of a connection: its requester's QP as seen by the responder. */
    public record QpCounts(String connectionId, String qp, long naks, long retransmitted, long rnrNaks, long cnps)
        implements Serializable {}

    /** A set-up the responder refused (CM REJ, SIDR_REP with a status), under its service. */
    public record Reject(String setup, String service, String reason) implements Serializable {}

    /** How long a connection's set-up took, by kind (rdma_cm, socket). */
    public record SetupLatency(String setup, long nanos) implements Serializable {}

    static CaptureResult failed(CaptureInput in, String iface, String error, List<String> warnings) {
        return new CaptureResult(in.path(), in.host(), iface, in.sizeBytes(), error, warnings, 0, 0, List.of(), List.of(),
            List.of(), List.of(), List.of(), null, List.of(), null);
    }

    CaptureResult withNote(String note) {
        return new CaptureResult(capture, host, iface, sizeBytes, error, warnings, frames, roceFrames, connections, findings, qps,
            rejects, setupLatencies, junit, gateFailures, note);
    }

    boolean read() { return error == null; }
}
