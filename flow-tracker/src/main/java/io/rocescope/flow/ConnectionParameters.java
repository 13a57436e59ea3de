package io.rocescope.flow;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.InfinibandNames;
import io.rocescope.dissector.field.ksy.IbMadLayout;
import io.rocescope.dissector.field.ksy.IbTransportLayout;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * A connection's parameters as negotiated (its set-up: CM REQ/REP, perftest's keys) and as its traffic
 * shows them (timeout retransmission spacing, RNR timers, retries made, MTU used, outstanding READs and
 * atomics), per QP. Values a capture does not show are null (left out of the JSON).
 */
public final class ConnectionParameters {
    private ConnectionParameters() {}

    /** 4.096 µs × 2^n: the IBA time of exponent {@code n} (ACK timeouts, CM response timeouts), in microseconds. */
    public static double ibaMicros(int n) { return CmNames.ibaMicros(n); }

    /** The largest exponent a Local ACK Timeout (5 bits) can carry. */
    private static final int MAX_EXPONENT = (int) IbMadLayout.MASK_PATH_LOCAL_ACK_TIMEOUT;

    /** The largest exponent n whose IBA time 4.096 µs × 2^n is at most {@code micros} (0 for less). */
    public static int ibaExponentAtMost(double micros) {
        int n = 0;
        while (n < MAX_EXPONENT && ibaMicros(n + 1) <= micros) n++;
        return n;
    }

    /**
     * Both QPs' parameters and the connection-wide ones. {@code negotiatedBy} is "rdma_cm", "perftest" or
     * null (no set-up carried any); {@code frames} the set-up messages they came from.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Report(String negotiatedBy, List<Long> frames, Integer pathMtu, Integer pkey, Integer trafficClass,
                         Integer hopLimit, Integer flowLabel, Integer localCmResponseTimeout, Integer remoteCmResponseTimeout,
                         Integer maxCmRetries, Integer targetAckDelay, Qp a, Qp b) {}

    /**
     * One QP: what the set-up gave it ({@code ackTimeout} is the REQ's primary path Local ACK Timeout, an IBA
     * exponent; {@code rnrRetryCount} 7 means infinite; {@code outstandingReads} is perftest's out_reads)
     * and what its requests' traffic shows ({@code observed}).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Qp(Integer retryCount, Integer rnrRetryCount, Integer ackTimeout, Integer initiatorDepth,
                     Integer responderResources, Integer readLimit, Boolean srq, Boolean endToEndFlowControl,
                     Integer outstandingReads, Observed observed) {}

    /**
     * From this QP's requests and the answers they got. {@code ackTimeoutMicros}: the median silence
     * before a timeout retransmission, {@code ackTimeoutExponent} the largest IBA exponent n with
     * 4.096 µs × 2^n at most that ({@code ackTimeoutIbaMicros}); {@code mostSendsOfOnePsn}: the most times one
     * PSN went out in one timeout series (the original and its retries); {@code rnrTimersMicros}: the RNR
     * timers the responder's RNR NAKs asked for; {@code mtuUsed}: the largest First/Middle payload;
     * {@code mostReadsOutstanding} / {@code mostAtomicsOutstanding}: the most waiting for an answer at once.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Observed(Long timeoutRetransmissions, Long ackTimeoutMicros, Integer ackTimeoutExponent,
                           Double ackTimeoutIbaMicros, Integer mostSendsOfOnePsn, Integer retriesMade, Long rnrNaks,
                           List<Integer> rnrTimersMicros, Integer mostRnrNaksForOnePsn, Integer mtuUsed,
                           Integer mostReadsOutstanding, Integer mostAtomicsOutstanding) {}

    static Report of(Connection c) {
        NegotiatedParameters n = c.negotiated;
        Qp a = qp(n, true, c.ab), b = qp(n, false, c.ba);
        if (n == null) return a == null && b == null ? null : new Report(null, null, null, null, null, null, null, null, null, null, null, a, b);
        return new Report(n.source, n.frames.isEmpty() ? null : List.copyOf(n.frames), n.pathMtuBytes(), n.pkey, n.trafficClass,
            n.hopLimit, n.flowLabel, n.localCmResponseTimeout, n.remoteCmResponseTimeout, n.maxCmRetries, n.targetAckDelay,
            a, b);
    }

    private static Qp qp(NegotiatedParameters n, boolean aToB, Flow sending) {
        Observed o = observed(sending);
        if (n == null) return o == null ? null : new Qp(null, null, null, null, null, null, null, null, null, o);
        boolean cm = "rdma_cm".equals(n.source);
        Integer srq = aToB ? n.reqSrq : n.repSrq, fc = aToB ? n.reqFlowControl : n.repFlowControl;
        // the responder resources a QP offers are its own (REQ's for A, REP's for B); its reads are bounded by the peer's
        Integer own = aToB ? n.reqResponderResources : n.repResponderResources;
        if (!cm && n.outReads(aToB) == null && o == null) return null;
        return new Qp(n.retryCount, n.rnrRetryCount(aToB), cm ? n.localAckTimeout : null, n.initiatorDepth(aToB), own,
            n.readLimit(aToB), srq == null ? null : srq != 0, fc == null ? null : fc != 0, n.outReads(aToB), o);
    }

    private static Observed observed(Flow f) {
        if (f == null || f.packets == 0) return null;
        TransportObservations t = f.observationsOrNull();
        AckTracker answers = f.answersOrNull();
        ReadTracker reads = f.readsOrNull();
        Long timeouts = null, ackMicros = null, rnr = null;
        Integer exp = null, sends = null, retries = null, mostRnr = null;
        Double iba = null;
        List<Integer> timers = null;
        if (t != null && t.timeoutIntervals.count() > 0) {
            timeouts = t.timeoutIntervals.count();
            ackMicros = t.timeoutIntervals.median() / 1000;
            exp = ibaExponentAtMost(t.timeoutIntervals.median() / 1000.0);
            iba = Math.round(ibaMicros(exp) * 1000) / 1000.0;
            sends = t.maxTimeoutSends;
            retries = t.maxTimeoutSends - 1;
        }
        if (answers != null && answers.rnrNaks > 0) {
            rnr = answers.rnrNaks;
            timers = new ArrayList<>(new TreeSet<>(t == null ? List.of() : t.rnrTimers));
            if (t != null) mostRnr = t.maxRnrNaks;
        }
        int mtu = CmNames.mtuCode(f.maxSegmentPayload) >= 0 ? f.maxSegmentPayload : 0;   // a path MTU, or none
        Integer reads0 = reads != null && reads.maxOpen > 0 ? reads.maxOpen : null;
        Integer atomics = answers != null && answers.maxOpenAtomics > 0 ? answers.maxOpenAtomics : null;
        if (timeouts == null && rnr == null && mtu == 0 && reads0 == null && atomics == null) return null;
        return new Observed(timeouts, ackMicros, exp, iba, sends, retries, rnr, timers, mostRnr, mtu > 0 ? mtu : null, reads0, atomics);
    }

    /** "81.92 ms" for an RNR timer in microseconds. */
    static String rnrText(int micros) {
        for (int c = 0; c <= (int) IbTransportLayout.MASK_AETH_SYNDROME_VALUE; c++) if (InfinibandNames.rnrTimerMicros(c) == micros) return InfinibandNames.rnrTimerText(c);
        return micros + " us";
    }
}
