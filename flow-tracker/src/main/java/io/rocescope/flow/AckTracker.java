package io.rocescope.flow;

import io.rocescope.dissector.field.InfinibandNames;
import io.rocescope.dissector.field.ksy.IbTransportKsy;

import java.util.ArrayList;
import java.util.List;
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
    /**
     * The changes as (frame, timestamp, credits) triples, {@code creditChangeCount} of them: one flat array
     * made with the first (a list of arrays cost 88 bytes for the one change most flows have, this 40).
     */
    private long[] creditChanges;
    private int creditChangeCount;
    private static final int CHANGE = 3;
    private int lastCredits = Integer.MIN_VALUE;
    private boolean haveAcked;
    private int lastAcked;
    /**
     * Requests waiting for their answer, oldest first: a ring of two longs per request (its PSN with the
     * atomic and retried flags, and its timestamp), so that a request and its ACK make no object. Made with
     * the first such request, sized for one; it doubles as needed (up to MAX_OUTSTANDING).
     */
    private long[] outstanding;
    private int outHead, outSize;
    private static final int SLOT = 2;
    private static final long ATOMIC = 1L << 32, RETRIED = 1L << 33;
    long atomicsAnswered;
    /** Atomics waiting for their answer now, and the most at once. */
    int openAtomics, maxOpenAtomics;
    Distribution rnrTimerMicros() { return rnrTimerMicros == null ? NO_VALUES : rnrTimerMicros; }

    /** The first NAK or RNR NAK since the last ACK or retransmission: what a retransmission answers. */
    long lastNakFrame = -1;
    String lastNakText, lastNakKind;

    /** The first NAK, RNR NAK or lost READ response since the last answer: what the next resend answers. */
    void noteCause(long frame, String text, FindingKind kind) {
        if (lastNakText != null) return;
        lastNakFrame = frame;
        lastNakText = text;
        lastNakKind = kind.key();
    }
    /** The latest RNR NAK not yet followed by an ACK: its PSN and frame (-1: none). */
    int rnrPsn;
    long rnrFrame = -1;

    /**
     * Remembers a request that expects an answer (AckReq set, or an atomic; READs are the
     * {@link ReadTracker}'s). {@code retried}: it is known not to be the first transmission. Its
     * {@code frame} is not kept: nothing reads it back.
     */
    void onRequest(int psn, long frame, long ts, boolean ackReq, boolean atomic, boolean retried) {
        if (!ackReq && !atomic) return;
        if (outSize >= MAX_OUTSTANDING) {
            if ((outstanding[at(0)] & ATOMIC) != 0) openAtomics--;
            outHead = (outHead + 1) & (capacity() - 1);
            outSize--;
        }
        if (outstanding == null) outstanding = new long[SLOT];
        else if (outSize == capacity()) grow();
        int i = at(outSize++);
        outstanding[i] = (psn & 0xFFFFFFFFL) | (atomic ? ATOMIC : 0) | (retried ? RETRIED : 0);
        outstanding[i + 1] = ts;
        if (atomic && ++openAtomics > maxOpenAtomics) maxOpenAtomics = openAtomics;
    }

    private int capacity() { return outstanding.length / SLOT; }

    /** Where the {@code k}th oldest outstanding request starts in the ring. */
    private int at(int k) { return ((outHead + k) & (capacity() - 1)) * SLOT; }

    private void grow() {
        long[] bigger = new long[outstanding.length * 2];
        for (int k = 0; k < outSize; k++) System.arraycopy(outstanding, at(k), bigger, k * SLOT, SLOT);
        outstanding = bigger;
        outHead = 0;
    }

    private static int psnOf(long slot) { return (int) slot; }

    /** PSN {@code psn} was sent again: its answer no longer measures the round trip (Karn). */
    void onRetransmission(int psn) {
        for (int k = 0; k < outSize; k++) {
            int i = at(k);
            if (psnOf(outstanding[i]) == psn) outstanding[i] |= RETRIED;
        }
    }

    /** An answer {@code nanos} after its request's first transmission; {@code once}: the request was sent once. */
    void answered(long nanos, boolean once) {
        completionNanos.add(nanos);
        if (once) rttNanos.add(nanos);
    }

    /** An ACK, NAK or RNR NAK (the AETH syndrome) for PSN {@code psn}; returns a description for findings, or null. */
    String onAck(int psn, int syndrome, int msn, long frame, long ts) {
        int type = InfinibandNames.aethType(syndrome), value = InfinibandNames.aethValue(syndrome);
        if (firstMsn < 0) firstMsn = msn;
        if (lastMsn >= 0 && Psn.diff(msn, lastMsn) > 0) msnAdvances++;
        lastMsn = msn;
        if (type == InfinibandNames.AETH_ACK) {
            int c = InfinibandNames.credits(value);
            if (c != lastCredits && creditChangeCount < MAX_CHANGES) creditChange(frame, ts, c);
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
                noteCause(frame, rnr, FindingKind.RNR_NAK);
                rnrPsn = psn;
                rnrFrame = frame;
                return rnr;
            case InfinibandNames.AETH_NAK: {
                naks++;
                String name = InfinibandNames.nakName(value);
                if (naksByCode.isEmpty()) naksByCode = new TreeMap<>();
                naksByCode.merge(name, 1L, Long::sum);
                noteCause(frame, "NAK " + name, FindingKind.nak(value));
                // A PSN sequence error NAK carries the PSN the responder expects: everything before it arrived.
                if (value == IbTransportKsy.NAK_CODE_PSN_SEQUENCE_ERROR) complete(Psn.add(psn, -1), ts);
                return "NAK " + name;
            }
            default:
                unknownAcks++;
                return null;
        }
    }

    private void creditChange(long frame, long ts, int credits) {
        if (creditChanges == null) creditChanges = new long[CHANGE];
        else if (creditChangeCount * CHANGE == creditChanges.length) {
            creditChanges = java.util.Arrays.copyOf(creditChanges, Math.min(MAX_CHANGES, creditChangeCount * 2) * CHANGE);
        }
        int i = creditChangeCount++ * CHANGE;
        creditChanges[i] = frame;
        creditChanges[i + 1] = ts;
        creditChanges[i + 2] = credits;
    }

    /** The credit changes, in order: (frame, timestamp, credits; -1 = unlimited) each. */
    List<long[]> creditChanges() {
        List<long[]> out = new ArrayList<>(creditChangeCount);
        for (int k = 0; k < creditChangeCount; k++) out.add(java.util.Arrays.copyOfRange(creditChanges, k * CHANGE, k * CHANGE + CHANGE));
        return out;
    }

    /** An atomic ACK with PSN {@code psn}. */
    void onAtomicAck(int psn, long ts) {
        atomicAcks++;
        for (int k = 0; k < outSize; k++) {
            int i = at(k);
            long o = outstanding[i];
            if ((o & ATOMIC) != 0 && psnOf(o) == psn) {
                atomicsAnswered++;
                answered(ts - outstanding[i + 1], (o & RETRIED) == 0);
                removeAt(k);
                openAtomics--;
                break;
            }
        }
    }

    /** Removes the {@code k}th oldest, the ones after it moving up (their order stays). */
    private void removeAt(int k) {
        for (int j = k; j < outSize - 1; j++) System.arraycopy(outstanding, at(j + 1), outstanding, at(j), SLOT);
        outSize--;
    }

    /** Completes the non-atomic requests up to and including PSN {@code psn} (ACKs are cumulative), oldest first. */
    private void complete(int psn, long ts) {
        int kept = 0;
        for (int k = 0; k < outSize; k++) {
            int i = at(k);
            long o = outstanding[i];
            if ((o & ATOMIC) == 0 && Psn.diff(psn, psnOf(o)) >= 0) {
                answered(ts - outstanding[i + 1], (o & RETRIED) == 0);
                continue;
            }
            if (kept != k) System.arraycopy(outstanding, i, outstanding, at(kept), SLOT);
            kept++;
        }
        outSize = kept;
    }
}
