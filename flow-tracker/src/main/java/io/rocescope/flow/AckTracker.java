package io.rocescope.flow;

import io.rocescope.dissector.field.InfinibandNames;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.TreeMap;

/**
 * The responder's answers to one requester flow: ACKs (and how many PSNs each covers), NAKs by code,
 * RNR NAKs with their timers, credits, MSN, READ and atomic responses matched to their requests, and
 * round-trip times from a request with AckReq to the response that covers it.
 */
final class AckTracker {
    static final int MAX_OUTSTANDING = 8192;

    record Outstanding(int psn, int span, long frame, long ts, boolean read, boolean atomic) {}

    long acks, naks, rnrNaks, readResponses, atomicAcks, unknownAcks;
    final Map<String, Long> naksByCode = new TreeMap<>();
    final Distribution coalescing = new Distribution();
    final Distribution rttNanos = new Distribution();
    final Distribution rnrTimerMicros = new Distribution();
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
    long readsWithoutResponse, readsAnswered, atomicsAnswered;
    /** The first NAK or RNR NAK since the last ACK or retransmission: what a retransmission answers. */
    long lastNakFrame = -1;
    String lastNakText;

    /** Remembers a request that expects an answer (AckReq set, or READ / atomic). */
    void onRequest(int psn, int span, long frame, long ts, boolean ackReq, boolean read, boolean atomic) {
        if (!ackReq && !read && !atomic) return;
        if (outstanding.size() >= MAX_OUTSTANDING) outstanding.pollFirst();
        outstanding.addLast(new Outstanding(psn, span, frame, ts, read, atomic));
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
                complete(psn, ts, false);
                return null;
            }
            case InfinibandNames.AETH_RNR_NAK:
                rnrNaks++;
                rnrTimerMicros.add(InfinibandNames.rnrTimerMicros(value));
                String rnr = "RNR NAK (timer " + InfinibandNames.rnrTimerText(value) + ")";
                if (lastNakText == null) { lastNakFrame = frame; lastNakText = rnr; }
                return rnr;
            case InfinibandNames.AETH_NAK: {
                naks++;
                String name = InfinibandNames.nakName(value);
                naksByCode.merge(name, 1L, Long::sum);
                if (lastNakText == null) { lastNakFrame = frame; lastNakText = "NAK " + name; }
                // A PSN sequence error NAK carries the PSN the responder expects: everything before it arrived.
                if (value == 0) complete(Psn.add(psn, -1), ts, false);
                return "NAK " + name;
            }
            default:
                unknownAcks++;
                return null;
        }
    }

    /** A READ response packet (First/Middle/Last/Only) or an atomic ACK with PSN {@code psn}. */
    void onResponse(int opcode, int psn, long ts) {
        if (Opcodes.isAtomicAck(opcode)) {
            atomicAcks++;
            for (var it = outstanding.iterator(); it.hasNext(); ) {
                Outstanding o = it.next();
                if (o.atomic && o.psn == psn) { atomicsAnswered++; rttNanos.add(ts - o.ts); it.remove(); break; }
            }
            return;
        }
        readResponses++;
        // A response belongs to the latest READ at or before its PSN (READ responses count up from the request's PSN).
        Outstanding best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (Outstanding o : outstanding) {
            int d = Psn.diff(psn, o.psn);
            if (o.read && d >= 0 && d < bestDistance) { best = o; bestDistance = d; }
        }
        if (best != null && (Opcodes.isLast(opcode) || Opcodes.isOnly(opcode))) {
            readsAnswered++;
            rttNanos.add(ts - best.ts);
            outstanding.remove(best);
        }
    }

    /** Completes the non-READ requests up to and including PSN {@code psn} (ACKs are cumulative). */
    private void complete(int psn, long ts, boolean unused) {
        for (var it = outstanding.iterator(); it.hasNext(); ) {
            Outstanding o = it.next();
            if (o.read || o.atomic) continue;
            if (Psn.diff(psn, o.psn) >= 0) { rttNanos.add(ts - o.ts); it.remove(); }
        }
    }

    /** READ requests still waiting at the end of the capture. */
    java.util.List<Outstanding> unansweredReads() {
        return outstanding.stream().filter(Outstanding::read).toList();
    }
}
