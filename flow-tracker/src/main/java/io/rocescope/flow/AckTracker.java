package io.rocescope.flow;

import io.rocescope.dissector.field.InfinibandNames;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.TreeMap;

/**
 * The responder's answers to one requester flow: ACKs (and how many PSNs each covers), NAKs by code,
 * RNR NAKs with their timers, credits, MSN, atomic responses matched to their requests, and two
 * timings from a request with AckReq (or a READ, an atomic) to the answer that covers it:
 * <ul>
 * <li>{@link #rttNanos}, the round-trip time, by Karn's rule: only requests sent once, so a
 *     retransmission's delay is never taken for the link's;</li>
 * <li>{@link #completionNanos}, request → answer including retries: from the request's first
 *     transmission seen, whatever happened in between.</li>
 * </ul>
 */
final class AckTracker {
    static final int MAX_OUTSTANDING = 8192;

    /** A request waiting for its answer; {@code retried} once it was sent again (or first seen as a late fill). */
    static final class Outstanding {
        final int psn;
        final long frame, ts;
        final boolean atomic;
        boolean retried;

        Outstanding(int psn, long frame, long ts, boolean atomic, boolean retried) {
            this.psn = psn;
            this.frame = frame;
            this.ts = ts;
            this.atomic = atomic;
            this.retried = retried;
        }
    }

    long acks, naks, rnrNaks, readResponses, atomicAcks, unknownAcks;
    /** NAKs by code name: the shared empty map until the first NAK (most flows never get one). */
    Map<String, Long> naksByCode = Map.of();
    final Distribution coalescing = new Distribution();
    final Distribution rttNanos = new Distribution();
    final Distribution completionNanos = new Distribution();
    /** RNR NAK timers, made with the first RNR NAK ({@link #NO_VALUES} until then). */
    private Distribution rnrTimerMicros;
    /** What a distribution made on first use reads as before then (nothing ever adds to it). */
    private static final Distribution NO_VALUES = new Distribution();
    final Distribution credits = new Distribution();
    long unlimitedCredits;
    int lastMsn = -1, firstMsn = -1;
    long msnAdvances;
    /** Credit count changes, in order (frame, credits; -1 = unlimited), at most MAX_CHANGES. */
    static final int MAX_CHANGES = 1000;
    final java.util.List<long[]> creditChanges = new java.util.ArrayList<>(1);
    private int lastCredits = Integer.MIN_VALUE;
    private boolean haveAcked;
    private int lastAcked;
    /** Sized for the few requests a flow mostly has outstanding; it grows as needed. */
    private final ArrayDeque<Outstanding> outstanding = new ArrayDeque<>(2);
    long atomicsAnswered;
    /** Atomics waiting for their answer now, and the most at once. */
    int openAtomics, maxOpenAtomics;
    Distribution rnrTimerMicros() { return rnrTimerMicros == null ? NO_VALUES : rnrTimerMicros; }

    /** The first NAK or RNR NAK since the last ACK or retransmission: what a retransmission answers. */
    long lastNakFrame = -1;
    String lastNakText, lastNakKind;

    /** The first NAK, RNR NAK or lost READ response since the last answer: what the next resend answers. */
    void noteCause(long frame, String text, String kind) {
        if (lastNakText != null) return;
        lastNakFrame = frame;
        lastNakText = text;
        lastNakKind = kind;
    }
    /** The latest RNR NAK not yet followed by an ACK: its PSN and frame (-1: none). */
    int rnrPsn;
    long rnrFrame = -1;

    /**
     * Remembers a request that expects an answer (AckReq set, or an atomic; READs are the
     * {@link ReadTracker}'s). {@code retried}: it is known not to be the first transmission.
     */
    void onRequest(int psn, long frame, long ts, boolean ackReq, boolean atomic, boolean retried) {
        if (!ackReq && !atomic) return;
        if (outstanding.size() >= MAX_OUTSTANDING && outstanding.pollFirst().atomic) openAtomics--;
        outstanding.addLast(new Outstanding(psn, frame, ts, atomic, retried));
        if (atomic && ++openAtomics > maxOpenAtomics) maxOpenAtomics = openAtomics;
    }

    /** PSN {@code psn} was sent again: its answer no longer measures the round trip (Karn). */
    void onRetransmission(int psn) {
        for (Outstanding o : outstanding) if (o.psn == psn) o.retried = true;
    }

    /** An answer {@code nanos} after its request's first transmission; {@code once}: the request was sent once. */
    void answered(long nanos, boolean once) {
        completionNanos.add(nanos);
        if (once) rttNanos.add(nanos);
    }

    /** An ACK, NAK or RNR NAK (the AETH syndrome) for PSN {@code psn}; returns a description for findings, or null. */
    String onAck(int psn, int syndrome, int msn, long frame, long ts) {
        int type = (syndrome >>> 5) & 3, value = syndrome & 0x1F;
        if (firstMsn < 0) firstMsn = msn;
        if (lastMsn >= 0 && Psn.diff(msn, lastMsn) > 0) msnAdvances++;
        lastMsn = msn;
        if (type == InfinibandNames.AETH_ACK) {
            int c = InfinibandNames.credits(value);
            if (c != lastCredits && creditChanges.size() < MAX_CHANGES) creditChanges.add(new long[] {frame, ts, c});
            lastCredits = c;
        }
        switch (type) {
            case InfinibandNames.AETH_ACK: {
                acks++;
                if (value == InfinibandNames.CREDITS_UNLIMITED) unlimitedCredits++; else credits.add(InfinibandNames.credits(value));
                if (haveAcked && Psn.diff(psn, lastAcked) > 0) coalescing.add(Psn.diff(psn, lastAcked));
                else if (!haveAcked) coalescing.add(1);
                if (!haveAcked || Psn.diff(psn, lastAcked) > 0) { lastAcked = psn; haveAcked = true; lastNakText = null; }
                if (rnrFrame >= 0 && Psn.diff(psn, rnrPsn) >= 0) rnrFrame = -1;
                complete(psn, ts);
                return null;
            }
            case InfinibandNames.AETH_RNR_NAK:
                rnrNaks++;
                if (rnrTimerMicros == null) rnrTimerMicros = new Distribution();
                rnrTimerMicros.add(InfinibandNames.rnrTimerMicros(value));
                String rnr = "RNR NAK (timer " + InfinibandNames.rnrTimerText(value) + ")";
                noteCause(frame, rnr, "rnr_nak");
                rnrPsn = psn;
                rnrFrame = frame;
                return rnr;
            case InfinibandNames.AETH_NAK: {
                naks++;
                String name = InfinibandNames.nakName(value);
                if (naksByCode.isEmpty()) naksByCode = new TreeMap<>();
                naksByCode.merge(name, 1L, Long::sum);
                noteCause(frame, "NAK " + name, FindingKind.nak(value).key());
                // A PSN sequence error NAK carries the PSN the responder expects: everything before it arrived.
                if (value == 0) complete(Psn.add(psn, -1), ts);
                return "NAK " + name;
            }
            default:
                unknownAcks++;
                return null;
        }
    }

    /** An atomic ACK with PSN {@code psn}. */
    void onAtomicAck(int psn, long ts) {
        atomicAcks++;
        for (var it = outstanding.iterator(); it.hasNext(); ) {
            Outstanding o = it.next();
            if (o.atomic && o.psn == psn) { atomicsAnswered++; answered(ts - o.ts, !o.retried); it.remove(); openAtomics--; break; }
        }
    }

    /** Completes the non-atomic requests up to and including PSN {@code psn} (ACKs are cumulative). */
    private void complete(int psn, long ts) {
        for (var it = outstanding.iterator(); it.hasNext(); ) {
            Outstanding o = it.next();
            if (o.atomic) continue;
            if (Psn.diff(psn, o.psn) >= 0) { answered(ts - o.ts, !o.retried); it.remove(); }
        }
    }
}
