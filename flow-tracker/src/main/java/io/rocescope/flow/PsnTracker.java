package io.rocescope.flow;

import java.util.ArrayList;
import java.util.List;

/**
 * Follows the request PSNs of one flow (24-bit, wrapping). Each request consumes one PSN, a READ
 * request ceil(length / MTU). Against the next new PSN it classifies every request as in order,
 * after a gap (PSNs never seen), a duplicate (a PSN seen before) or out of order (an earlier PSN never
 * seen before). Packets that go back form retransmission episodes (Go-Back-N), which end when new
 * PSNs resume or when the sender goes back once more.
 */
public final class PsnTracker {
    static final int MAX_LISTED = 1000;
    /** How far back "seen before" is remembered: a ring of bits over the last WINDOW PSNs (512 bytes a flow). */
    private static final int WINDOW = 1 << 12;

    /** A run of PSNs that were never seen; {@code frame} is the packet that showed the jump. */
    public record Gap(int fromPsn, int toPsn, int missing, long frame, long timestampNanos) {}

    /** A run of packets whose PSNs went back. */
    public record Episode(long firstFrame, long lastFrame, int firstPsn, int lastPsn, long packets, long durationNanos,
                   String cause, long causeFrame) {}

    enum Kind { FIRST, IN_ORDER, GAP, DUPLICATE, OUT_OF_ORDER }

    private boolean started;
    private int firstPsn;
    private int next;              // one past the highest PSN consumed
    /**
     * The ring of PSNs seen, made only when a flow first leaves strict order: until then (every request
     * one PSN, each the next one) the PSNs seen are exactly [firstPsn, next), and most flows never need more.
     */
    private long[] seen;
    /** While {@code seen} is not made: how many PSNs of the strict run the window holds (at most WINDOW). */
    private int strictRun;
    long gaps, missing, duplicates, outOfOrder, retransmitted, episodesCount;
    /** Listed gaps and episodes, made with the first one. */
    private List<Gap> gapList;
    private List<Episode> episodes;
    private long epFirstFrame, epLastFrame, epPackets, epStart, epEnd, epCauseFrame;
    private int epFirstPsn, epLastPsn;
    private String epCause;
    private boolean inEpisode;
    Kind last;
    int lastMissingFrom, lastMissingTo;

    private void mark(int psn) { seen[(psn & (WINDOW - 1)) >>> 6] |= 1L << (psn & 63); }

    /** Makes the ring from the strict-order history: every PSN in [firstPsn, next) within the window. */
    private void materialize() {
        if (seen != null) return;
        seen = new long[WINDOW / 64];
        for (int k = 1; k <= strictRun; k++) mark(Psn.add(next, -k));
    }

    private boolean wasSeen(int psn) {
        if (Psn.diff(next, psn) > WINDOW) return true;   // too old to know: count it as a repeat
        return (seen[(psn & (WINDOW - 1)) >>> 6] & (1L << (psn & 63))) != 0;
    }

    /** New PSNs [from, to) enter the window: forget what their ring slots held. */
    private void advance(int from, int to) {
        int n = Psn.diff(to, from);
        if (n >= WINDOW) { java.util.Arrays.fill(seen, 0); return; }
        for (int i = 0; i < n; i++) {
            int p = (from + i) & Psn.MASK;
            seen[(p & (WINDOW - 1)) >>> 6] &= ~(1L << (p & 63));
        }
    }

    boolean started() { return started; }
    List<Gap> gapList() { return gapList == null ? List.of() : gapList; }
    List<Episode> episodes() { return episodes == null ? List.of() : episodes; }
    int firstPsn() { return firstPsn; }
    /** One past the highest PSN consumed so far. */
    int next() { return next; }

    /**
     * @param cause why a retransmission would have happened (e.g. "NAK PSN Sequence Error" and its frame), or null
     */
    Kind onRequest(int psn, int consumed, long frame, long ts, String cause, long causeFrame) {
        if (!started) {
            started = true;
            firstPsn = psn;
            next = Psn.add(psn, consumed);
            strictRun = 1;
            if (consumed != 1) {   // the PSNs after the first are consumed, not seen
                strictRun = 0;
                materialize();
                mark(psn);
            }
            return last = Kind.FIRST;
        }
        int d = Psn.diff(psn, next);
        if (seen == null) {
            if (d == 0 && consumed == 1) {   // still in strict order
                closeEpisode();
                next = Psn.add(psn, 1);
                if (strictRun < WINDOW) strictRun++;
                return last = Kind.IN_ORDER;
            }
            materialize();
        }
        Kind kind;
        if (d >= 0) {
            closeEpisode();
            if (d > 0) {
                gaps++;
                missing += d;
                lastMissingFrom = next;
                lastMissingTo = Psn.add(psn, -1);
                if (gapList == null) gapList = new ArrayList<>();
                if (gapList.size() < MAX_LISTED) gapList.add(new Gap(next, lastMissingTo, d, frame, ts));
                kind = Kind.GAP;
            } else {
                kind = Kind.IN_ORDER;
            }
            int newNext = Psn.add(psn, consumed);
            advance(next, newNext);
            next = newNext;
        } else {
            retransmitted++;
            kind = wasSeen(psn) ? Kind.DUPLICATE : Kind.OUT_OF_ORDER;
            if (kind == Kind.DUPLICATE) duplicates++; else outOfOrder++;
            // going back again (the sender restarted: another NAK or timeout) starts a new episode
            if (inEpisode && Psn.diff(psn, epLastPsn) <= 0) closeEpisode();
            if (!inEpisode) {
                inEpisode = true;
                epFirstFrame = frame;
                epFirstPsn = psn;
                epStart = ts;
                epPackets = 0;
                epCause = cause == null ? "timeout (no NAK seen)" : cause;
                epCauseFrame = causeFrame;
            }
            epPackets++;
            epLastFrame = frame;
            epLastPsn = psn;
            epEnd = ts;
        }
        mark(psn);
        return last = kind;
    }

    /** Corrects the PSNs a READ consumed once the MTU is known (the next request shows it). */
    void setNext(int psn) {
        materialize();
        next = psn;
    }

    void closeEpisode() {
        if (!inEpisode) return;
        inEpisode = false;
        episodesCount++;
        if (episodes == null) episodes = new ArrayList<>();
        if (episodes.size() < MAX_LISTED) {
            episodes.add(new Episode(epFirstFrame, epLastFrame, epFirstPsn, epLastPsn, epPackets, epEnd - epStart, epCause, epCauseFrame));
        }
    }

    /** Has this PSN been sent (at or before the highest one)? For "ACK for a PSN never seen". */
    boolean covers(int psn) {
        return started && Psn.diff(psn, next) < 0 && Psn.diff(psn, firstPsn) >= 0;
    }
}
