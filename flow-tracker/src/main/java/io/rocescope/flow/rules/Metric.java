package io.rocescope.flow.rules;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

import static io.rocescope.flow.rules.Scope.CAPTURE;
import static io.rocescope.flow.rules.Scope.CONNECTION;
import static io.rocescope.flow.rules.Scope.FLOW;

/** What a rule can measure, with the scopes it makes sense in and whether it needs a window. */
public enum Metric {
    NAK_COUNT("NAKs (filter: a code such as psn_sequence_error)", false, CAPTURE, CONNECTION, FLOW),
    NAK_RATE("most NAKs within the window (filter: a code)", true, CAPTURE, CONNECTION, FLOW),
    RNR_NAK_COUNT("RNR NAKs", false, CAPTURE, CONNECTION, FLOW),
    RNR_NAK_RATE("most RNR NAKs within the window", true, CAPTURE, CONNECTION, FLOW),
    PSN_GAP_COUNT("PSN gaps", false, CAPTURE, CONNECTION, FLOW),
    MISSING_PSNS("PSNs never seen", false, CAPTURE, CONNECTION, FLOW),
    RETRANSMISSION_EPISODES("Go-Back-N retransmission episodes", false, CAPTURE, CONNECTION, FLOW),
    RETRANSMITTED_RATIO("retransmitted request packets / request packets", false, CAPTURE, CONNECTION, FLOW),
    DUPLICATE_COUNT("request packets repeating a PSN", false, CAPTURE, CONNECTION, FLOW),
    CNP_COUNT("CNPs", false, CAPTURE, CONNECTION, FLOW),
    CNP_RATE("most CNPs within the window", true, CAPTURE, CONNECTION, FLOW),
    ECN_CE_RATIO("ECN CE-marked packets / packets", false, CAPTURE, CONNECTION, FLOW),
    RTT_P99_US("99th percentile round-trip time, microseconds", false, CAPTURE, CONNECTION, FLOW),
    BAD_ICRC_COUNT("frames with a bad ICRC", false, CAPTURE, CONNECTION, FLOW),
    MALFORMED_COUNT("malformed frames", false, CAPTURE),
    PFC_PAUSE_TIME_US("time paused, microseconds (filter: a priority 0-7, or pause)", false, CAPTURE),
    PFC_PAUSED_FRACTION("largest paused fraction of any window (filter: a priority)", false, CAPTURE),
    CM_REJ_COUNT("CM REJs (filter: a reason number)", false, CAPTURE),
    CM_TIMEOUT_COUNT("CM REQs never answered", false, CAPTURE),
    SETUP_FAILURE_COUNT("set-ups that failed: rejected, timed out or never completed", false, CAPTURE),
    SETUP_LATENCY_P50_US("median set-up latency, microseconds (filter: rdma_cm or socket)", false, CAPTURE),
    SETUP_LATENCY_P99_US("99th percentile set-up latency, microseconds (filter: rdma_cm or socket)", false, CAPTURE),
    SETUP_LATENCY_MAX_US("largest set-up latency, microseconds (filter: rdma_cm or socket)", false, CAPTURE, CONNECTION),
    ROCE_PRIORITY_MISMATCH("connections whose two directions ride different priorities (PCP or DSCP)", false, CAPTURE, CONNECTION),
    ROCE_PRIORITY_CHANGES("flows whose RoCE packets rode more than one PCP or DSCP", false, CAPTURE, CONNECTION, FLOW),
    VLAN_MISMATCH("connections whose directions differ in VLAN ID or tagging", false, CAPTURE, CONNECTION),
    ECN_NOT_ECT_FRACTION("Not-ECT RoCE packets / RoCE packets with an IP header", false, CAPTURE, CONNECTION, FLOW),
    CNP_UNANSWERED_CE("CE-marked packets that no CNP answered within the window", false, CAPTURE, CONNECTION, FLOW),
    CNP_CLASS_MISMATCH("CNPs off the expected class (filter: the expected DSCP, e.g. 48, or pcp6)", false, CAPTURE, CONNECTION, FLOW),
    UDP_SOURCE_PORTS("distinct UDP source ports of a flow (ECMP entropy; the most of any flow)", false, CAPTURE, CONNECTION, FLOW),
    PRIORITY_PACKETS("packets on a priority (filter: pcp3, dscp26, untagged; optionally :roce_data, :cnp, :cm, :tcp or :other)", false, CAPTURE),
    PFC_PAUSE_QUANTA("pause quanta received (filter: a priority 0-7, or pause)", false, CAPTURE),
    PFC_STALLED_CONNECTIONS("connections that sent nothing while their priority was paused (filter: a priority)", false, CAPTURE),
    PFC_STALL_TIME_US("paused time during which the flow sent nothing, microseconds", false, CAPTURE, CONNECTION, FLOW),
    PFC_SHARED_PRIORITY("non-RoCE packets on priorities PFC paused (filter: a priority)", false, CAPTURE),
    PFC_UNPAUSED_ROCE("RoCE packets on a priority PFC never paused, sent while another was paused", false, CAPTURE),
    DCQCN_IGNORED_EPISODES("CNP episodes through which the sender kept its rate", false, CAPTURE, CONNECTION, FLOW),
    DCQCN_RATE_DROP_FRACTION("largest rate drop after a CNP, as a fraction of the rate before it", false, CAPTURE, CONNECTION, FLOW),
    DCQCN_REACTION_US("longest time from a CNP to the first lower-rate block, microseconds", false, CAPTURE, CONNECTION, FLOW),
    DCQCN_RECOVERY_US("longest time from a CNP back to the rate before it, microseconds", false, CAPTURE, CONNECTION, FLOW),
    // connection parameters (the tuning pack): a connection's value; the capture's is the largest (path_mtu: the smallest) of them
    RNR_RETRY_COUNT("the larger negotiated RNR Retry Count of a connection's two QPs (7 = retry forever)", false, CAPTURE, CONNECTION),
    RNR_TIMER_MAX_MS("the longest RNR timer the responder's RNR NAKs asked for, ms (timer 0 = 655.36 ms)", false, CAPTURE, CONNECTION),
    RETRY_COUNT("the larger negotiated transport Retry Count of a connection's two QPs", false, CAPTURE, CONNECTION),
    CM_RESPONSE_TIMEOUT_MS("the longer of the CM REQ's Local and Remote CM Response Timeouts, ms (4.096 us x 2^n)", false, CAPTURE, CONNECTION),
    PATH_MTU("the connection's path MTU, bytes (negotiated, else as used)", false, CAPTURE, CONNECTION),
    READS_OVER_DEPTH("most READs/atomics outstanding at once beyond the negotiated initiator depth / responder resources (perftest: out_reads)", false, CAPTURE, CONNECTION),
    // abuse and scanning (the security pack): the most any one source did
    UNSOLICITED_QPNS_PER_SOURCE("most QPNs one source sent RC/UC packets to that no set-up created and nobody answered", false, CAPTURE),
    CM_SERVICES_PER_SOURCE("most service IDs one source sent CM REQs to", false, CAPTURE),
    REFUSED_RKEYS_PER_SOURCE("most R_Key/VA pairs refused with Remote Access Error NAKs for one source", false, CAPTURE),
    BAD_ICRC_PER_SOURCE("most bad-ICRC frames from one source", false, CAPTURE),
    CM_GID_MISMATCH_COUNT("CM REQs whose GIDs are not the addresses of their IP header", false, CAPTURE);

    /**
     * Counts that only grow as frames come (a snapshot's value is at most the end's): a rule on one of these
     * that fails with ">" or ">=" on a live capture's counts so far fails at the end too, so a live gate may
     * stop at once. Ratios, percentiles, latencies and what only the end decides (CM timeouts, unanswered CE,
     * missing PSNs that may still come) are not among them.
     */
    public boolean grows() {
        return switch (this) {
            case NAK_COUNT, NAK_RATE, RNR_NAK_COUNT, RNR_NAK_RATE, PSN_GAP_COUNT, RETRANSMISSION_EPISODES, DUPLICATE_COUNT, CNP_COUNT,
                CNP_RATE, BAD_ICRC_COUNT, MALFORMED_COUNT, CM_REJ_COUNT, PFC_PAUSE_QUANTA, UDP_SOURCE_PORTS, PRIORITY_PACKETS,
                BAD_ICRC_PER_SOURCE, CM_SERVICES_PER_SOURCE -> true;
            default -> false;
        };
    }

    /** The metrics of the per-source abuse counts ({@link SecurityMetrics}). */
    public boolean security() { return ordinal() >= UNSOLICITED_QPNS_PER_SOURCE.ordinal() && ordinal() <= CM_GID_MISMATCH_COUNT.ordinal(); }

    /** The metrics read from a connection's parameters ({@link ParameterMetrics}). */
    public boolean parameter() { return ordinal() >= RNR_RETRY_COUNT.ordinal() && ordinal() <= READS_OVER_DEPTH.ordinal(); }

    private final String description;
    private final boolean windowed;
    private final Set<Scope> scopes;

    Metric(String description, boolean windowed, Scope first, Scope... rest) {
        this.description = description;
        this.windowed = windowed;
        this.scopes = EnumSet.of(first, rest);
    }

    public String word() { return name().toLowerCase(Locale.ROOT); }
    public String description() { return description; }
    public boolean windowed() { return windowed; }
    public Set<Scope> scopes() { return scopes; }

    public static Metric parse(String s) {
        for (Metric m : values()) if (m.word().equals(s)) return m;
        return null;
    }
}
