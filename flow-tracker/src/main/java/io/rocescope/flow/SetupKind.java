package io.rocescope.flow;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How a connection was set up: RDMA-CM over QP1 (incl. SIDR for UD), a TCP socket exchange (perftest's, the
 * ibv_*_pingpong examples', or one of unknown format inferred from the QPN it carried), or not seen.
 */
public enum SetupKind {
    RDMA_CM("rdma_cm"), SOCKET("socket"), UNKNOWN("unknown");

    private final String json;

    SetupKind(String json) { this.json = json; }

    @JsonValue
    public String json() { return json; }
}
