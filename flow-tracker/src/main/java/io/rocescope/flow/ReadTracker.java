package io.rocescope.flow;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The RDMA READs of one requester flow, each matched with its responses by PSN range: a READ of
 * {@code length} bytes at PSN p is answered by responses p … p + ceil(length / MTU) − 1. The READ is one
 * message, complete when every PSN of its range has come back at least once, in any order and any
 * number of copies (a response lost on the way makes the requester re-issue a READ for the remaining
 * part, at a PSN inside the range: that is the same message, resent). Its size is the payload of its
 * range, each PSN counted once. Bounded: at most {@link #MAX_OPEN} READs wait at once (the oldest is
 * given up as incomplete), and each one's coverage is a {@link PsnCoverage}.
 */
final class ReadTracker {
    static final int MAX_OPEN = 1024;

    /** One READ request and what came back for it. */
    static final class Read {
        final int psn;
        final long length, frame, ts;
        /** PSNs of the range; -1 while the MTU is unknown (then a Last response shows where it ends). */
        int span;
        boolean reissued, answeredAtAll;
        /** The coverage prefix at which a hole was last reported (-1: none). */
        int gapAt = -1;
        final PsnCoverage coverage = new PsnCoverage();
        long bytes;

        Read(int psn, long length, int span, long frame, long ts) {
            this.psn = psn;
            this.length = length;
            this.span = span;
            this.frame = frame;
            this.ts = ts;
        }

        int offset(int p) { return Psn.diff(p, psn); }
        boolean contains(int p) { int d = offset(p); return d >= 0 && (span < 0 || d < span); }
    }

    private final ArrayDeque<Read> open = new ArrayDeque<>();
    private Read current;
    long answered, reissued, gaveUp, unmatchedResponses;
    /** The most READs waiting for their responses at once (against the negotiated initiator depth). */
    int maxOpen;
    /** READs that got no response at all by the end (or before they were given up). */
    final List<Read> unanswered = new ArrayList<>();
    static final int MAX_LISTED = 1000;

    /**
     * A READ request at {@code psn}. Returns true when it re-issues (part of) a READ still waiting:
     * then it is no new message and its answer measures no round trip.
     */
    boolean onRequest(int psn, long length, int span, long frame, long ts, MessageAssembler sink) {
        if (onReissue(psn)) return true;
        if (open.size() >= MAX_OPEN) giveUp(open.pollFirst(), sink);
        open.addLast(new Read(psn, length, span, frame, ts));
        if (open.size() > maxOpen) maxOpen = open.size();
        return false;
    }

    /** A READ request repeating a PSN already sent: a re-issue if a READ still waits for that PSN (true). */
    boolean onReissue(int psn) {
        for (Read r : open) {
            if (r.contains(psn)) {
                r.reissued = true;
                reissued++;
                return true;
            }
        }
        return false;
    }

    /**
     * A READ response packet; returns the PSN of a response it shows missing (it came ahead of it), or -1.
     * {@code mtu} is the connection's path MTU if known (else -1). The bytes
     * go into {@code sink}'s sizes when the READ completes; responses that match no READ go to {@code sink}
     * as a plain First/Middle/Last message (the capture began after their request).
     */
    int onResponse(int opcode, int psn, int payload, int mtu, long ts, AckTracker timing, MessageAssembler sink,
                   boolean requestSeen) {
        Read r = match(psn);
        if (r == null) {
            unmatchedResponses++;
            // a copy of a response to a READ already complete: the requester's PSNs cover it
            if (!requestSeen) sink.onPacket(psn, opcode, payload);
            return -1;
        }
        int off = r.offset(psn);
        if (r.span < 0) {
            if (mtu > 0) r.span = (int) Math.max(1, (r.length + mtu - 1) / mtu);
            else if (Opcodes.isOnly(opcode)) r.span = 1;
            else if (Opcodes.isLast(opcode)) r.span = off + 1;
        }
        r.answeredAtAll = true;
        if (r.span >= 0 && off >= r.span) return -1;
        int missing = -1;
        if (off > r.coverage.prefix() && r.coverage.prefix() != r.gapAt) {
            // a response ahead of one never seen: lost on the way back (once per hole)
            r.gapAt = r.coverage.prefix();
            missing = Psn.add(r.psn, r.gapAt);
        }
        if (r.coverage.add(off)) r.bytes += payload;
        if (r.span >= 0 && r.coverage.prefix() >= r.span) {
            answered++;
            sink.completed(r.bytes);
            timing.answered(ts - r.ts, !r.reissued);
            open.remove(r);
            if (current == r) current = null;
        }
        return missing;
    }

    /** The waiting READ whose range holds {@code psn} (with an unknown span: the nearest before it). */
    private Read match(int psn) {
        if (current != null && current.span >= 0 && current.contains(psn)) return current;
        Read best = null;
        int bestOff = Integer.MAX_VALUE;
        for (Read r : open) {
            int d = r.offset(psn);
            if (d < 0) continue;
            if (r.span >= 0) {
                if (d < r.span) { best = r; break; }
            } else if (d < bestOff) {
                best = r;
                bestOff = d;
            }
        }
        current = best;
        return best;
    }

    private void giveUp(Read r, MessageAssembler sink) {
        gaveUp++;
        incomplete(r, sink);
    }

    /** A READ that never completed: an incomplete message, and listed if nothing came back for it at all. */
    private void incomplete(Read r, MessageAssembler sink) {
        sink.incomplete++;
        if (!r.answeredAtAll && unanswered.size() < MAX_LISTED) unanswered.add(r);
    }

    /** At the end of the capture every READ still waiting is an incomplete message. */
    void finish(MessageAssembler sink) {
        for (Iterator<Read> it = open.iterator(); it.hasNext(); ) {
            Read r = it.next();
            it.remove();
            incomplete(r, sink);
        }
        current = null;
    }
}
