package io.rocescope.gui;

import io.rocescope.dissector.field.InfinibandNames;
import io.rocescope.dissector.field.OpcodeTable;

import java.util.Arrays;

/**
 * The end-to-end credits of one direction's ACKs as tcptrace draws TCP's receive window: a line at the
 * highest PSN the responder lets the requester reach. An ACK's AETH carries a credit code (IBTA 9.7.7.2,
 * decoded with the table the tracker uses, {@link InfinibandNames#credits}): the responder can take that
 * many more messages after the one its MSN acknowledges. Messages are not PSNs, so the line stands at the
 * last PSN of the message that many messages after the ACKed PSN, counted over the message ends the
 * requester sent (SEND/WRITE Last or Only, atomics; a READ ends with its last response). Beyond the last
 * message the capture shows, each further message is taken to be as long as the last one. Credits limit
 * only messages that take a receive WQE (SENDs, WRITEs with immediate): plain WRITEs, READs and atomics
 * may pass the line. Code 31 (unlimited, as Soft-RoCE always sends) opens no window: no line there.
 */
final class CreditWindow {
    static final CreditWindow NONE = new CreditWindow(new long[0], new long[0], new int[0], new long[0]);
    /** The credits value of an ACK with code 31. */
    static final int UNLIMITED = -1;

    /** Per ACK (and atomic ACK) that ACKs, in capture order: frame, time from the first frame, credits (-1: unlimited), window edge (PSN, unwrapped). */
    final long[] frames, nanos, edges;
    final int[] credits;

    private CreditWindow(long[] frames, long[] nanos, int[] credits, long[] edges) {
        this.frames = frames;
        this.nanos = nanos;
        this.credits = credits;
        this.edges = edges;
    }

    int size() { return frames.length; }

    /** Whether any ACK granted a counted number of credits (else there is no line to draw). */
    boolean limited() {
        for (int c : credits) if (c != UNLIMITED) return true;
        return false;
    }

    static CreditWindow of(SequencePoints.Series requests, int[] requestOps, SequencePoints.Series answers, int[] answerOps, int[] syndromes) {
        long[] ends = messageEnds(requests, requestOps, answers, answerOps);
        int n = 0;
        long[] frames = new long[answers.size], nanos = new long[answers.size], edges = new long[answers.size];
        int[] credits = new int[answers.size];
        for (int i = 0; i < answers.size; i++) {
            int op = answerOps[i], syn = syndromes[i];
            // the tracker reads credits from Acknowledge and Atomic Acknowledge packets whose syndrome says ACK
            if (!(OpcodeTable.isAck(op) || OpcodeTable.isAtomicAck(op)) || syn < 0
                || InfinibandNames.aethType(syn) != InfinibandNames.AETH_ACK) continue;
            int c = InfinibandNames.credits(InfinibandNames.aethValue(syn));
            frames[n] = answers.frames[i];
            nanos[n] = answers.nanos[i];
            credits[n] = c;
            edges[n] = c == UNLIMITED ? Long.MIN_VALUE : edge(ends, answers.psns[i], c);
            n++;
        }
        return new CreditWindow(Arrays.copyOf(frames, n), Arrays.copyOf(nanos, n), Arrays.copyOf(credits, n), Arrays.copyOf(edges, n));
    }

    /** The last PSN of the message {@code credits} messages after the one ending at or before {@code acked}. */
    static long edge(long[] ends, long acked, int credits) {
        int done = upperBound(ends, acked);          // messages ended at or before the ACKed PSN
        long target = (long) done - 1 + credits;     // index of the last message the responder takes
        if (target < 0) return acked;
        if (target < ends.length) return ends[(int) target];
        long last = ends.length == 0 ? acked : ends[ends.length - 1];
        long length = ends.length >= 2 ? Math.max(1, ends[ends.length - 1] - ends[ends.length - 2]) : 1;
        return last + (target - (ends.length - 1)) * length;
    }

    /** The number of values in sorted {@code a} that are at most {@code v}. */
    private static int upperBound(long[] a, long v) {
        int lo = 0, hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] <= v) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    /** The distinct last PSNs of the requester's messages, ascending (a resent copy ends the same message). */
    static long[] messageEnds(SequencePoints.Series requests, int[] requestOps, SequencePoints.Series answers, int[] answerOps) {
        long[] out = new long[requests.size + answers.size];
        int n = 0;
        for (int i = 0; i < requests.size; i++) if (endsMessage(requestOps[i])) out[n++] = requests.psns[i];
        for (int i = 0; i < answers.size; i++) {
            int op = answerOps[i];
            if (OpcodeTable.isReadResponse(op) && (OpcodeTable.isLast(op) || OpcodeTable.isOnly(op))) out[n++] = answers.psns[i];
        }
        long[] ends = Arrays.copyOf(out, n);
        Arrays.sort(ends);
        int k = 0;
        for (int i = 0; i < ends.length; i++) if (k == 0 || ends[i] != ends[k - 1]) ends[k++] = ends[i];
        return Arrays.copyOf(ends, k);
    }

    /** A request's SEND or RDMA WRITE Last / Only (with immediate or invalidate), Compare&Swap, Fetch&Add. */
    static boolean endsMessage(int opcode) {
        return OpcodeTable.isLast(opcode) || OpcodeTable.isOnly(opcode) || OpcodeTable.isAtomicRequest(opcode);
    }
}
