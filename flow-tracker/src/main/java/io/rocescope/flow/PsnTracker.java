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
                   String cause, long causeFrame, String causeKind) {}

    enum Kind { FIRST, IN_ORDER, GAP, DUPLICATE, OUT_OF_ORDER }

    private boolean started;
    private int firstPsn;
    private int next;              // one past the highest PSN consumed
    private final long[] seen = new long[WINDOW / 64];
    long gaps, missing, duplicates, outOfOrder, retransmitted, episodesCount;
    final List<Gap> gapList = new ArrayList<>();
    final List<Episode> episodes = new ArrayList<>();
    private long epFirstFrame, epLastFrame, epPackets, epStart, epEnd, epCauseFrame;
    private int epFirstPsn, epLastPsn;
    private String epCause, epCauseKind;
    /** The frames of duplicates and of late fills, for their findings. */
    final FrameSet duplicateFrames = new FrameSet(), outOfOrderFrames = new FrameSet();
    /** The frame and time of the request before the current one (what a timeout waited after). */
    private long prevFrame = -1, prevTs, lastFrame = -1, lastTs;
    long lastGapFrame = -1;
    private boolean inEpisode;
    Kind last;
    int lastMissingFrom, lastMissingTo;

    private void mark(int psn) { seen[(psn & (WINDOW - 1)) >>> 6] |= 1L << (psn & 63); }

    /** Every PSN a request consumed (a READ several): a READ re-issued for its remaining part repeats one of them. */
    private void markSpan(int psn, int consumed) {
        for (int i = 0, n = Math.min(consumed, WINDOW); i < n; i++) mark(Psn.add(psn, i));
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
    int firstPsn() { return firstPsn; }
    /** One past the highest PSN consumed so far. */
    int next() { return next; }

    /**
     * @param cause why a retransmission would have happened (e.g. "NAK PSN Sequence Error" and its frame,
     *              {@code causeKind} the finding kind of that NAK), or null
     * @param seq   the packet's position in its flow (for the runs of {@link FrameSet})
     */
    Kind onRequest(int psn, int consumed, long frame, long ts, String cause, long causeFrame, String causeKind, long seq) {
        prevFrame = lastFrame;
        prevTs = lastTs;
        lastFrame = frame;
        lastTs = ts;
        if (!started) {
            started = true;
            firstPsn = psn;
            next = Psn.add(psn, consumed);
            markSpan(psn, consumed);
            return last = Kind.FIRST;
        }
        int d = Psn.diff(psn, next);
        Kind kind;
        if (d >= 0) {
            closeEpisode();
            if (d > 0) {
                gaps++;
                missing += d;
                lastMissingFrom = next;
                lastMissingTo = Psn.add(psn, -1);
                lastGapFrame = frame;
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
            if (kind == Kind.DUPLICATE) { duplicates++; duplicateFrames.add(frame, seq); }
            else { outOfOrder++; outOfOrderFrames.add(frame, seq); }
            // going back again (the sender restarted: another NAK or timeout) starts a new episode
            if (inEpisode && Psn.diff(psn, epLastPsn) <= 0) closeEpisode();
            if (!inEpisode) {
                inEpisode = true;
                epFirstFrame = frame;
                epFirstPsn = psn;
                epStart = ts;
                epPackets = 0;
                if (cause != null) {
                    epCause = cause;
                    epCauseFrame = causeFrame;
                    epCauseKind = causeKind;
                } else {
                    // no NAK since the last progress: the sender's retransmission timer fired, after the
                    // request before this one
                    epCause = prevFrame < 0 ? "timeout (no NAK seen)" : String.format(java.util.Locale.ROOT,
                        "timeout (no NAK seen; %.3f ms after frame %d)", (ts - prevTs) / 1e6, prevFrame);
                    epCauseFrame = prevFrame;
                    epCauseKind = "timeout";
                }
            }
            epPackets++;
            epLastFrame = frame;
            epLastPsn = psn;
            epEnd = ts;
        }
        markSpan(psn, consumed);
        return last = kind;
    }

    /** Corrects the PSNs a READ consumed once the MTU is known (the next request shows it). */
    void setNext(int psn) {
        int from = next;
        advance(from, psn);
        next = psn;
        markSpan(from, Psn.diff(psn, from));
    }

    void closeEpisode() {
        if (!inEpisode) return;
        inEpisode = false;
        episodesCount++;
        if (episodes.size() < MAX_LISTED) {
            episodes.add(new Episode(epFirstFrame, epLastFrame, epFirstPsn, epLastPsn, epPackets, epEnd - epStart, epCause,
                epCauseFrame, epCauseKind));
        }
    }

    /** Has this PSN been sent (at or before the highest one)? For "ACK for a PSN never seen". */
    boolean covers(int psn) {
        return started && Psn.diff(psn, next) < 0 && Psn.diff(psn, firstPsn) >= 0;
    }
}
