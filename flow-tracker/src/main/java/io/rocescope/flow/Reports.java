package io.rocescope.flow;

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
                           List<SetupReport> failedSetups) {}

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
                                   Long firstDataFrame) {}

    public record EndpointReport(String ip, Integer qpn, Integer startPsn, Long rkey, Long va, String gid) {}

    public record FlowReport(String src, String dst, int destQp, Integer srcQp, long packets, long bytes,
                             long payloadBytes, long firstFrame, long lastFrame, Seconds firstTime, Seconds lastTime,
                             Map<String, Long> opcodes, MessagesReport messages, MessagesReport readResponseMessages,
                             PsnReport psn, AckReport answers, long ceMarked, long cnps, long badIcrc,
                             ThroughputReport throughput,
                             @com.fasterxml.jackson.annotation.JsonIgnore FlowEvents events) {}

    /** Event times for windowed rates (not part of JSON). */
    public record FlowEvents(EventLog naks, EventLog rnrNaks, EventLog cnps, Map<String, EventLog> naksByCode) {}

    public record MessagesReport(long count, long incomplete, DistReport sizeBytes) {}

    public record PsnReport(Integer firstPsn, long requests, long gaps, long missingPsns, long duplicates,
                            long outOfOrder, long retransmittedPackets, long retransmissionEpisodes,
                            List<PsnTracker.Gap> gapList, List<PsnTracker.Episode> episodes) {}

    public record AckReport(long acks, Map<String, Long> naks, long rnrNaks, long readResponses, long atomicAcks,
                            DistReport psnsPerAck, DistReport rttMicros, DistReport rnrTimerMicros,
                            long unlimitedCredits, DistReport credits, List<CreditChange> creditChanges,
                            int firstMsn, int lastMsn, long msnAdvances, long readsAnswered,
                            long atomicsAnswered, long readsWithoutResponse) {}

    /** From this frame on the responder granted {@code credits} receive credits (-1 = unlimited). */
    public record CreditChange(long frame, Seconds time, long credits) {}

    public record DistReport(long count, long min, long median, long p99, long max, double mean) {
        static DistReport of(Distribution d) {
            return new DistReport(d.count(), d.min(), d.median(), d.p99(), d.max(), d.mean());
        }

        static DistReport micros(Distribution d) {
            return new DistReport(d.count(), d.min() / 1000, d.median() / 1000, d.p99() / 1000, d.max() / 1000, d.mean() / 1000);
        }
    }

    public record ThroughputReport(long bucketNanos, Seconds startTime, long[] bytesPerBucket) {}

    public record PauseReport(String priority, long frames, long pauses, long resumes, long quanta,
                              double pausedMicros, double worstWindowFraction, long firstFrame) {}
}
