package io.rocescope.synth;

import io.rocescope.dissector.field.InfinibandNames;

import java.io.IOException;

/**
 * A responder whose receive queue runs short: the end-to-end credits of its ACKs (IBTA 9.7.7.2, the AETH's
 * credit code) shrink as SENDs take receive WQEs and grow as its application posts new ones.
 */
final class CreditScenarios {
    private CreditScenarios() {}

    /** Receive WQEs the responder's application keeps posted at most, and how many it posts at a time, how often. */
    static final int DEPTH = 16, BATCH = 4;
    static final long REPOST_EVERY = 60_000;

    /**
     * 60 two-packet SENDs to a responder with 16 receive WQEs whose application posts 4 more every 60 µs.
     * Each ACK advertises the WQEs left (the largest credit code not above them); the requester sends while
     * the last ACK's MSN + credits allows, else it waits for the next repost and sends the next SEND then
     * (the responder has a WQE again: it takes it, and its ACK tells the new count). Nothing is wrong: no
     * finding.
     */
    static void credits(Synth s, long packets) throws IOException {
        RcConnection c = Scenarios.connection(s, s.net(1, 2, false, -1, 0), 0x11, 0x12);
        int free = DEPTH, limit = DEPTH;   // limit: the messages the requester may have sent in all
        long nextRepost = s.now + REPOST_EVERY;
        for (int m = 0; m < 60; m++) {
            if (m >= limit) s.now = Math.max(s.now, nextRepost);   // out of credits: wait for receives
            for (; s.now >= nextRepost; nextRepost += REPOST_EVERY) free = Math.min(DEPTH, free + BATCH);
            free--;                                                  // this SEND takes a receive WQE
            c.ackSyndrome = code(free);
            c.message(2 * s.mtu, false);
            limit = m + 1 + InfinibandNames.credits(c.ackSyndrome);
            s.advance(3_000);
        }
        c.ackSyndrome = RcConnection.ACK_UNLIMITED;
        c.disconnect();
    }

    /** The largest credit code whose count is at most {@code free} (a responder never promises more than it has). */
    static int code(int free) {
        int code = 0;
        for (int k = 0; k < InfinibandNames.CREDITS_UNLIMITED; k++) if (InfinibandNames.credits(k) <= free) code = k;
        return code;
    }
}
