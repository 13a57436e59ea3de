package io.rocescope.flow;

import com.fasterxml.jackson.annotation.JsonValue;

/** How a connection was set up: RDMA-CM over QP1, perftest's TCP socket exchange, or not seen. */
public enum SetupKind {
    RDMA_CM("rdma_cm"), SOCKET("socket"), UNKNOWN("unknown");

    private final String json;

    SetupKind(String json) { this.json = json; }

    @JsonValue
    public String json() { return json; }
}
