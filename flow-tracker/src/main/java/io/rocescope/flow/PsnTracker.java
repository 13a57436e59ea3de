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

    /** A run of packets whose PSNs went back (resent); {@code frameRanges} their frames as runs of the flow's packets. */
    public record Episode(long firstFrame, long lastFrame, int firstPsn, int lastPsn, long packets, long durationNanos,
                   String cause, long causeFrame, String causeKind, List<Finding.FrameRange> frameRanges,
                   boolean moreFrames) {}

    /** LATE: an earlier PSN sent before the later ones (its IPv4 Identification is older): reordered, not resent. */
    enum Kind { FIRST, IN_ORDER, GAP, DUPLICATE, OUT_OF_ORDER, LATE }

    private boolean started;
    private int firstPsn;
    private int next;              // one past the highest PSN consumed
    /**
     * The ring of PSNs seen, made only when a flow first leaves strict order: until then (each request at
     * the next PSN) the PSNs seen are exactly [next - strictRun, next), and most flows never need more.
     */
    private long[] seen;
    /** While {@code seen} is not made: how many PSNs of the strict run the window holds (at most WINDOW). */
    private int strictRun;
    long gaps, missing, duplicates, outOfOrder, retransmitted, episodesCount;
    /** Packets the network copied (same PSN and IPv4 Identification as the one before): no resend, no new data. */
    long copies;
    /** Packets that arrived after later PSNs but were sent before them (reordered on the way). */
    long reordered;
    /** For the last LATE packet: whether its PSN had been seen already (its resend came first). */
    boolean lastLateSeen;
    /** What only a flow that leaves strict PSN order needs (most never do): made with the first such request. */
    private Irregular irregular;

    /** The listed gaps and episodes, the episode going on, and the frame runs of copies, late and repeated packets. */
    private static final class Irregular {
        /** Listed gaps and episodes, made with the first one. */
        List<Gap> gapList;
        List<Episode> episodes;
        /** The retransmission episode going on now, or null. */
        OpenEpisode open;
        /** The frames of copies, reordered packets, duplicates and late fills, for their findings (each made with its first frame). */
        FrameSet copyFrames, reorderedFrames, duplicateFrames, outOfOrderFrames;
    }

    private Irregular irregular() { return irregular == null ? irregular = new Irregular() : irregular; }

    /** An episode while it lasts: what becomes its {@link Episode} when new PSNs resume. */
    private static final class OpenEpisode {
        long firstFrame, lastFrame, packets, start, end, causeFrame;
        int firstPsn, lastPsn;
        String cause, causeKind;
        final FrameSet frames = new FrameSet();
    }
    long lastGapFrame = -1;
    Kind last;
    int lastMissingFrom, lastMissingTo;
    /** The last request began a retransmission episode that a timeout caused (no NAK before it). */
    boolean lastStartedTimeoutEpisode;

    private void mark(int psn) { seen[(psn & (WINDOW - 1)) >>> 6] |= 1L << (psn & 63); }

    /** Makes the ring from the strict-order history: every PSN in [next - strictRun, next). */
    private void materialize() {
        if (seen != null) return;
        seen = new long[WINDOW / 64];
        for (int k = 1; k <= strictRun; k++) mark(Psn.add(next, -k));
    }

    private static FrameSet orNew(FrameSet f) { return f == null ? new FrameSet() : f; }
    /** The frame runs for findings; {@link FrameSet#NONE} when there were none. */
    FrameSet copyFrames() { return irregular == null || irregular.copyFrames == null ? FrameSet.NONE : irregular.copyFrames; }
    FrameSet reorderedFrames() { return irregular == null || irregular.reorderedFrames == null ? FrameSet.NONE : irregular.reorderedFrames; }
    FrameSet duplicateFrames() { return irregular == null || irregular.duplicateFrames == null ? FrameSet.NONE : irregular.duplicateFrames; }
    FrameSet outOfOrderFrames() { return irregular == null || irregular.outOfOrderFrames == null ? FrameSet.NONE : irregular.outOfOrderFrames; }
    List<Gap> gapList() { return irregular == null || irregular.gapList == null ? List.of() : irregular.gapList; }
    List<Episode> episodes() { return irregular == null || irregular.episodes == null ? List.of() : irregular.episodes; }

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
     * @param quietFrame the connection's last packet before this one, and its time (what a timeout waited after)
     * @param sentEarlier the packet was sent before the latest one (by its IPv4 Identification): a PSN going
     *                    back is then reordered, not resent
     */
    Kind onRequest(int psn, int consumed, long frame, long ts, String cause, long causeFrame, String causeKind, long seq,
                   long quietFrame, long quietTs, boolean sentEarlier) {
        if (!started) {
            started = true;
            firstPsn = psn;
            next = Psn.add(psn, consumed);
            strictRun = Math.min(Math.max(consumed, 0), WINDOW);   // markSpan's PSNs, kept implicit
            return last = Kind.FIRST;
        }
        lastStartedTimeoutEpisode = false;
        int d = Psn.diff(psn, next);
        if (seen == null) {
            if (d == 0 && consumed >= 0) {   // still in strict order: the same as below, with the ring implicit
                closeEpisode();
                next = Psn.add(psn, consumed);
                strictRun = (int) Math.min((long) strictRun + consumed, WINDOW);
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
                lastGapFrame = frame;
                Irregular x = irregular();
                if (x.gapList == null) x.gapList = new ArrayList<>();
                if (x.gapList.size() < MAX_LISTED) x.gapList.add(new Gap(next, lastMissingTo, d, frame, ts));
                kind = Kind.GAP;
            } else {
                kind = Kind.IN_ORDER;
            }
            int newNext = Psn.add(psn, consumed);
            advance(next, newNext);
            next = newNext;
        } else if (sentEarlier) {
            reordered++;
            Irregular x = irregular();
            (x.reorderedFrames = orNew(x.reorderedFrames)).add(frame, seq);
            lastLateSeen = wasSeen(psn);
            if (lastLateSeen) {
                // its PSN came already, on a packet sent after it: one of the two was a resend
                retransmitted++;
                duplicates++;
                (x.duplicateFrames = orNew(x.duplicateFrames)).add(frame, seq);
            }
            kind = Kind.LATE;
        } else {
            retransmitted++;
            kind = wasSeen(psn) ? Kind.DUPLICATE : Kind.OUT_OF_ORDER;
            Irregular x = irregular();
            if (kind == Kind.DUPLICATE) { duplicates++; (x.duplicateFrames = orNew(x.duplicateFrames)).add(frame, seq); }
            else { outOfOrder++; (x.outOfOrderFrames = orNew(x.outOfOrderFrames)).add(frame, seq); }
            // going back again (the sender restarted: another NAK or timeout) starts a new episode
            if (x.open != null && Psn.diff(psn, x.open.lastPsn) <= 0) closeEpisode();
            OpenEpisode e = x.open;
            if (e == null) {
                e = x.open = new OpenEpisode();
                e.firstFrame = frame;
                e.firstPsn = psn;
                e.start = ts;
                if (cause != null) {
                    e.cause = cause;
                    e.causeFrame = causeFrame;
                    e.causeKind = causeKind;
                } else {
                    // no NAK since the last progress: the sender's retransmission timer fired, after the
                    // request before this one
                    e.cause = quietFrame < 0 || ts < quietTs ? "timeout (no NAK seen)" : String.format(java.util.Locale.ROOT,
                        "timeout (no NAK seen; %.3f ms of silence after frame %d)", (ts - quietTs) / 1e6, quietFrame);
                    e.causeFrame = quietFrame;
                    e.causeKind = "timeout";
                    lastStartedTimeoutEpisode = true;
                }
            }
            e.packets++;
            e.frames.add(frame, seq);
            e.lastFrame = frame;
            e.lastPsn = psn;
            e.end = ts;
        }
        markSpan(psn, consumed);
        return last = kind;
    }

    /** A copy the network made of the packet before (see {@link #copies}). */
    void onCopy(long frame, long seq) {
        copies++;
        Irregular x = irregular();
        (x.copyFrames = orNew(x.copyFrames)).add(frame, seq);
    }

    /** Corrects the PSNs a READ consumed once the MTU is known (the next request shows it). */
    void setNext(int psn) {
        materialize();
        int from = next;
        advance(from, psn);
        next = psn;
        markSpan(from, Psn.diff(psn, from));
    }

    void closeEpisode() {
        Irregular x = irregular;
        OpenEpisode e = x == null ? null : x.open;
        if (e == null) return;
        x.open = null;
        episodesCount++;
        if (x.episodes == null) x.episodes = new ArrayList<>();
        if (x.episodes.size() < MAX_LISTED) {
            x.episodes.add(new Episode(e.firstFrame, e.lastFrame, e.firstPsn, e.lastPsn, e.packets, e.end - e.start, e.cause,
                e.causeFrame, e.causeKind, e.frames.ranges(), e.frames.more()));
        }
    }

    /**
     * How many PSNs of [from, to] (at or before the highest one) no request showed: for the capture-loss
     * estimate. PSNs older than the window count as shown, so the estimate errs low.
     */
    long unseenIn(int from, int to) {
        if (seen == null || Psn.diff(to, from) < 0) return 0;
        int oldest = Psn.add(next, -WINDOW);
        if (Psn.diff(from, oldest) < 0) from = oldest;
        long n = 0;
        for (int p = from; Psn.diff(to, p) >= 0; p = Psn.add(p, 1)) if (!wasSeen(p)) n++;
        return n;
    }

    /** Has this PSN been sent (at or before the highest one)? For "ACK for a PSN never seen". */
    boolean covers(int psn) {
        return started && Psn.diff(psn, next) < 0 && Psn.diff(psn, firstPsn) >= 0;
    }
}
