package io.rocescope.flow;

/** How a connection's two directions were paired; {@link #json} is the name the output prints. */
enum PairedBy {
    RDMA_CM("rdma_cm"),
    SIDR("sidr"),
    /** A decoded socket set-up (perftest, ibv_*_pingpong). */
    SOCKET("socket"),
    /** A socket set-up of unknown format: a TCP segment shortly before carried the QPN. */
    INFERRED("inferred"),
    /** A capture that began mid-connection: responses named the requester's QP. */
    RESPONSES("responses"),
    DATAGRAM("datagram"),
    UNPAIRED("unpaired");

    private final String json;

    PairedBy(String json) { this.json = json; }

    String json() { return json; }
}
