package io.rocescope.dissector.perftest;

import io.rocescope.dissector.value.Gid;

/**
 * One message of the libibverbs example programs' TCP exchange (ibv_rc/uc/ud/srq/xsrq_pingpong), with
 * its place in the byte stream: a destination ("LID:QPN:PSN:GID", for xsrq "LID:RECV_QPN:SEND_QPN:PSN:SRQN:GID"),
 * the client's "done" or xsrq's "END". A destination names the QP the peer must send to and the first PSN
 * the sender will use.
 */
public record PingpongRecord(Kind kind, long streamStart, long streamEnd, int index, Dest dest) {
    public enum Kind {
        DEST("dest"), XRC_DEST("dest"), DONE("done"), END("END");

        private final String word;
        Kind(String word) { this.word = word; }

        /** The message's name: "dest" for a destination, else the word on the wire ("done", xsrq's "END"). */
        public String word() { return word; }
    }

    /** LID, QPN (xsrq: the receive QP), PSN, GID; xsrq also its send QPN and SRQ number, else -1. */
    public record Dest(int lid, int qpn, int psn, Gid gid, int sendQpn, int srqn) {}
}
