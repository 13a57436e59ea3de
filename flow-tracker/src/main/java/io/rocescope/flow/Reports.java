package io.rocescope.flow;

import io.rocescope.dissector.decode.Expert.Severity;
import io.rocescope.dissector.text.Seconds;

import java.util.List;
import java.util.Map;

/**
 * The immutable results of an analysis, shaped for rendering and JSON (frame numbers sit in fields named *frame*).
 * Times are {@link Seconds}: exact to the nanosecond wherever they are printed.
 */
public final class Reports {
    private Reports() {}

    public record Analysis(Summary summary, List<ConnectionReport> connections, List<Finding> findings,
                           Map<String, Long> findingCounts, long findingsNotListed, List<PauseReport> pfc,
                           List<SetupReport> failedSetups, Integrity integrity, FabricReports.Priorities priorities,
                           @com.fasterxml.jackson.annotation.JsonIgnore ScanReport.Report security) {
        /**
         * The severity to show beside a kind's count: that of its first listed finding (a kind's findings may
         * differ, e.g. a NAK that follows an RNR NAK is a note), or the kind's own when none is listed.
         */
        public Severity severityOf(String kind) {
            for (Finding f : findings) if (f.kind().equals(kind)) return f.severity();
            FindingKind k = FindingKind.of(kind);
            return k == null ? Severity.NOTE : k.severity();
        }

        /** How many findings of these kinds the analysis made (listed or not). */
        public long count(FindingKind... kinds) {
            long n = 0;
            for (FindingKind k : kinds) n += findingCounts.getOrDefault(k.key(), 0L);
            return n;
        }
    }

    /**
     * How far the capture can be trusted (issue 14 §2). {@code cutBySnaplen}: frames captured shorter
     * than they were on the wire ({@code roceCutIcrcUnchecked} of them RoCE frames whose ICRC could not be
     * checked); timestamps that went back (as the finding capture.timestamps_out_of_order); silences of at
     * least {@code gapThresholdNanos} ({@code gapList}: the first ones, each from the frame before it);
     * {@code captureLoss}: request PSNs that answers covered but the capture never showed.
     */
    public record Integrity(long cutBySnaplen, long roceCutBySnaplen, long roceCutIcrcUnchecked, List<Long> cutFrames,
                            long timestampsOutOfOrder, long largestStepBackNanos, long largestStepBackFrame,
                            List<Long> outOfOrderFrames, long gapThresholdNanos, long timeGaps, long largestGapNanos,
                            long largestGapFrame, List<TimeGap> gapList, CaptureLoss captureLoss) {}

    /** No frame between {@code afterFrame} and {@code frame} for {@code nanos}. */
    public record TimeGap(long afterFrame, long frame, long nanos) {}

    /**
     * Capture loss from PSN space: {@code psns} the capture never showed though {@code answers} (ACKs,
     * NAKs) covered them; per connection, with the first answers' frames. {@code notListed}: PSNs of
     * connections beyond the listed ones.
     */
    public record CaptureLoss(long psns, long answers, long notListed, List<ConnectionLoss> connections) {}

    public record ConnectionLoss(int connection, String flow, long psns, long answers, List<Long> frames) {}

    /**
     * A set-up that never became a connection: a CM REQ rejected or never answered, a SIDR_REQ refused
     * or unanswered, a socket exchange that stopped before both sides' keys. {@code outcome} is
     * "rejected", "no answer" or "incomplete"; {@code reason} says why in words.
     */
    public record SetupReport(String setup, String outcome, String from, String to, Integer qpn, Integer startPsn,
                              String service, String reason, List<TimelineEvent> events) {}

    public record Summary(long frames, long roceFrames, long roceBytes, Seconds durationSeconds, int connections,
                          int flows, long cmSetups, long socketSetups, long badIcrc, long malformed, long cnps,
                          long ceMarked, long naks, long rnrNaks, long psnGaps, long retransmittedPackets,
                          long evictedFlows, long connectionsNotListed, long unattributedCnps,
                          Map<String, DistReport> setupLatencyMicrosByKind) {}

    public record ConnectionReport(int id, String transport, SetupKind setup, String pairedBy, EndpointReport a,
                                   EndpointReport b, Integer mtu, String mtuSource, String serviceId, FlowReport aToB,
                                   FlowReport bToA, List<TimelineEvent> timeline, Long setupLatencyNanos,
                                   Long firstDataFrame,
                                   @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
                                   ConnectionParameters.Report parameters) {}

    public record EndpointReport(String ip, Integer qpn, Integer startPsn, Long rkey, Long va, String gid) {}

    public record FlowReport(String src, String dst, int destQp, Integer srcQp, long packets, long bytes,
                             long payloadBytes, long firstFrame, long lastFrame, Seconds firstTime, Seconds lastTime,
                             Map<String, Long> opcodes, MessagesReport messages, MessagesReport readResponseMessages,
                             PsnReport psn, AckReport answers, long ceMarked, long cnps, long badIcrc,
                             ThroughputReport throughput,
                             @com.fasterxml.jackson.annotation.JsonIgnore FlowEvents events, FabricReports.FlowFabric fabric) {}

    /**
     * Event times for windowed rates, and the round-trip times' sample for histograms (every RTT while
     * there were at most 512, else a fair sample of them); not part of JSON.
     */
    public record FlowEvents(EventLog naks, EventLog rnrNaks, EventLog cnps, Map<String, EventLog> naksByCode, long[] rttSampleNanos) {}

    /** Messages by PSN span: complete ones with their sizes (payload, each PSN once), and incomplete ones. */
    public record MessagesReport(long count, long incomplete, DistReport sizeBytes) {}

    /**
     * {@code copies}: request packets the network duplicated (same PSN and IPv4 Identification as the one
     * before); {@code reordered}: packets that came after later PSNs but were sent before them (older
     * Identification). Neither counts as retransmitted.
     */
    public record PsnReport(Integer firstPsn, long requests, long gaps, long missingPsns, long duplicates,
                            long outOfOrder, long copies, long reordered, long retransmittedPackets, long retransmissionEpisodes,
                            List<PsnTracker.Gap> gapList, List<PsnTracker.Episode> episodes) {}

    /**
     * {@code rttMicros}: request → its ACK or response, only requests sent once (Karn's rule);
     * {@code requestToAckIncludingRetriesMicros}: from a request's first transmission to the answer
     * that covers it, retransmissions and RNR waits included. {@code timings} says so in the JSON.
     */
    public record AckReport(long acks, Map<String, Long> naks, long rnrNaks, long readResponses, long atomicAcks,
                            DistReport psnsPerAck, DistReport rttMicros, DistReport requestToAckIncludingRetriesMicros,
                            Map<String, String> timings, DistReport rnrTimerMicros,
                            long unlimitedCredits, DistReport credits, List<CreditChange> creditChanges,
                            int firstMsn, int lastMsn, long msnAdvances, long readsAnswered,
                            long atomicsAnswered, long readsWithoutResponse) {}

    /** From this frame on the responder granted {@code credits} receive credits (-1 = unlimited). */
    public record CreditChange(long frame, Seconds time, long credits) {}

    /** What the two timings of {@link AckReport} measure, as the JSON states it. */
    public static final Map<String, String> TIMINGS = timings();

    private static Map<String, String> timings() {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        m.put("rttMicros", "round-trip time: a request to the ACK or response that covers it, only requests sent once (Karn's rule)");
        m.put("requestToAckIncludingRetriesMicros", "a request's first transmission to the ACK or response that covers it,"
            + " retransmissions and RNR waits included");
        return java.util.Collections.unmodifiableMap(m);
    }

    public record DistReport(long count, long min, long median, long p99, long max, double mean) {
        /** Most distributions of most flows are empty: one report serves them all. */
        private static final DistReport EMPTY = new DistReport(0, 0, 0, 0, 0, 0);

        static DistReport of(Distribution d) {
            if (d.count() == 0) return EMPTY;
            return new DistReport(d.count(), d.min(), d.median(), d.p99(), d.max(), d.mean());
        }

        static DistReport micros(Distribution d) {
            if (d.count() == 0) return EMPTY;
            return new DistReport(d.count(), d.min() / 1000, d.median() / 1000, d.p99() / 1000, d.max() / 1000, d.mean() / 1000);
        }
    }

    /**
     * Running totals of connections that are counted but not listed (the flow table overflowed and more
     * than the listed number of connections were evicted): what they add to the summary.
     */
    static final class Totals {
        long connections, flows, naks, rnrNaks, psnGaps, retransmittedPackets, ceMarked;
    }

    public record ThroughputReport(long bucketNanos, Seconds startTime, long[] bytesPerBucket) {}

    public record PauseReport(String priority, long frames, long pauses, long resumes, long quanta,
                              double pausedMicros, double worstWindowFraction, long firstFrame) {}
}
