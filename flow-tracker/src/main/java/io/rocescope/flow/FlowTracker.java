package io.rocescope.flow;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.InfinibandNames;

import java.util.ArrayList;
import java.util.List;

/**
 * Turns decoded frames into connections, flows, set-up timelines and findings. Frames go in through
 * {@link #accept}, in capture order; {@link #finish} returns the results. Pure computation: no I/O.
 * <p>
 * A pipeline whose data flows one way: each frame's values ({@link PacketView}, addresses as values) go to
 * the set-up trackers ({@link CmSetups}, {@link SocketSetups}, {@link InferredSetups}), which send the
 * connections they set up to the {@link FlowTable} as {@link SetUp}s; a RoCE data packet goes to the
 * flow table (its flow and connection), then to the {@link TransportTracker} (PSNs, answers, messages)
 * and the {@link FabricTracker} (CNP, ECN, PFC). A connection that ends leaves its findings
 * ({@link FlowFindings}) and its report. Every part adds its findings to one {@link Findings}.
 */
public final class FlowTracker {
    private final TrackerOptions options;
    final Findings findings;
    final ScanDetector scans = new ScanDetector();
    private final AddressCache addresses = new AddressCache();
    private final InferredSetups inferred = new InferredSetups();
    private final FlowTable table;
    private final CmSetups cm;
    private final SocketSetups sockets;
    private final TransportTracker transport;
    private final FabricTracker fabric;
    private final FlowFindings flowFindings;
    private final TimestampOrder timestampOrder = new TimestampOrder();
    private final CaptureIntegrity integrity = new CaptureIntegrity();
    /** The packet being tracked now: {@link #own} for a whole frame, the caller's for a view. */
    private PacketView v;
    private final PacketView own = new PacketView();
    /** Set-ups that never became a connection (filled by {@link #finish}). */
    private final List<Reports.SetupReport> failedSetups = new ArrayList<>();

    /** Reports of connections whose flows were all evicted; beyond MAX_CLOSED only counted. */
    static final int MAX_CLOSED = 10_000;
    private final List<Reports.ConnectionReport> closed = new ArrayList<>();
    private long closedNotKept;
    /** What the connections beyond MAX_CLOSED add to the summary (their reports are not kept). */
    private final Reports.Totals notListed = new Reports.Totals();
    private long frames, roceFrames, roceBytes, badIcrc, malformed;
    private long firstTs = Long.MIN_VALUE, lastTs;
    /** What the flows' NAK, RNR and CNP logs keep together (see {@link EventBudget}). */
    private final EventBudget events;
    /** What all connections share, changed by their packets' tracking here (a shard logs it instead). */
    private final CaptureWide wide;
    /** The threads tracking the connections' packets besides this one; null: this one alone. */
    private final TrackerShards shards;

    public FlowTracker() {
        this(TrackerOptions.defaults(), io.rocescope.dissector.decode.DecodeOptions.PERFTEST_PORT);
    }

    public FlowTracker(TrackerOptions options, int perftestPort) {
        this(options, perftestPort, EventBudget.DEFAULT, Findings.MAX);
    }

    /**
     * With an event budget of {@code eventBudget} instead of {@link EventBudget#DEFAULT}, and {@code findingsKept}
     * findings kept whole instead of {@link Findings#MAX} (tests of those limits).
     */
    FlowTracker(TrackerOptions options, int perftestPort, long eventBudget, int findingsKept) {
        this.options = options;
        this.findings = new Findings(findingsKept);
        this.events = new EventBudget(eventBudget);
        this.fabric = new FabricTracker(options, events);
        this.flowFindings = new FlowFindings(findings, fabric.watch);
        this.table = new FlowTable(options.maxFlows(), findings, inferred, this::retired);
        this.cm = new CmSetups(findings, scans, table, addresses);
        this.sockets = new SocketSetups(perftestPort, findings, table, addresses);
        this.wide = CaptureWide.direct(scans, integrity, fabric.watch);
        this.transport = new TransportTracker(findings, wide, events);
        this.shards = options.shards() > 1
            ? new TrackerShards(options.shards(), findings, wide, integrity, fabric.watch, events) : null;
    }

    /**
     * True when the tracker needs the whole frame, not only its {@link PacketView}: PFC/PAUSE, TCP
     * (perftest's exchange), CM MADs and malformed frames. Everything else can go through
     * {@link #accept(PacketView)}, which lets other threads decode (a few frames of a capture need this).
     */
    public static boolean needsWholeFrame(DecodedFrame f) {
        return f.has(Fields.MACC_OPCODE) || f.has(Fields.TCP_SRCPORT) || f.mad() != null
            || f.hasExpert("malformed");
    }

    /** Takes one decoded frame (its values are read now; the frame object may be reused afterwards). */
    public void accept(DecodedFrame f) {
        PacketView.of(f, own);
        if (!needsWholeFrame(f)) {
            accept(own);
            return;
        }
        sync();
        v = own;
        begin();
        if (v.malformed) {
            malformed++;
            findings.add(FindingKind.MALFORMED, Finding.NO_CONNECTION, v.src + " → " + v.dst, "Malformed frame: " + f.experts().stream()
                .filter(e -> e.key().equals("malformed")).findFirst().map(e -> e.message()).orElse("?"), v.frame);
        }
        if (f.has(Fields.MACC_OPCODE)) fabric.onMacControl(f, v);
        if (f.has(Fields.TCP_SRCPORT)) {
            sockets.onTcp(f, v);
            DecodedFrame.Protocol p = f.protocol();
            if (p != DecodedFrame.Protocol.PERFTEST && p != DecodedFrame.Protocol.IBV_PINGPONG) inferred.onTcp(f, v);
        }
        if (!v.roce) return;
        int icrcFinding = roceCommon();
        if (f.mad() != null) {
            cm.onMad(f, v);
            return;
        }
        roceData(icrcFinding);
    }

    /**
     * Takes the values of a frame for which {@link #needsWholeFrame} is false, in capture order; the
     * view is read now and may be reused afterwards.
     */
    public void accept(PacketView view) {
        v = view;
        begin();
        if (!v.roce) return;
        if (shards != null && !v.badIcrc && !Opcodes.isCnp(v.opcode)) {
            // a packet of a flow the table has: its connection's shard tracks it, the router goes on
            Flow flow = table.existingFlow(v);
            if (flow != null) {
                countRoce();
                shards.dispatch(flow, v);
                return;
            }
        }
        // a new flow, a CNP or a bad ICRC reads and changes more than one connection: the shards finish first
        sync();
        roceData(roceCommon());
    }

    /** With shards: waits until they have tracked every packet given to them, and applies what they logged. */
    private void sync() {
        if (shards != null) shards.sync();
    }

    private void begin() {
        frames++;
        if (firstTs == Long.MIN_VALUE) firstTs = lastTs = v.ts;
        timestampOrder.onFrame(v.ts, v.frame);
        integrity.onFrame(v);
        lastTs = Math.max(lastTs, v.ts);
        v.src = addresses.of(v.addressType, v.hasSrc, v.srcHi, v.srcLo);
        v.dst = addresses.of(v.addressType, v.hasDst, v.dstHi, v.dstLo);
        fabric.watch.onFrame(v);
    }

    /** Counts a RoCE frame; a bad ICRC's finding is made now, its connection named once its flow is known: its index, or -1. */
    private int roceCommon() {
        countRoce();
        if (!v.badIcrc) return -1;
        badIcrc++;
        scans.onBadIcrc(v.src, v.frame);
        int at = findings.list.size();
        findings.add(FindingKind.ICRC_BAD, Finding.NO_CONNECTION, () -> v.src + " → " + v.dst, () -> "Bad ICRC on "
            + InfinibandNames.opcodeLabel(v.opcode) + " PSN " + v.psn
            + ": the frame was corrupted in flight; the receiver drops it and the sender retransmits", v.frame);
        return findings.list.size() > at ? at : -1;
    }

    private void countRoce() {
        roceFrames++;
        roceBytes += v.length;
    }

    private void roceData(int icrcFinding) {
        if (Opcodes.isCnp(v.opcode)) {
            fabric.onCnp(table.throttledBy(v), v);
            return;
        }
        Flow flow = table.flowFor(v);
        if (icrcFinding >= 0) findings.about(icrcFinding, flow.connection.id);
        perFlow(flow, v, fabric.watch, transport, wide);
    }

    /**
     * The tracking of a packet that reads and changes only its own connection (what shards run): its flow's
     * counts, its fabric profile, its transport; what it changes beyond goes to {@code wide}.
     */
    static void perFlow(Flow flow, PacketView v, FabricWatch watch, TransportTracker transport, CaptureWide wide) {
        flow.count(v);
        watch.onData(flow, v, wide);
        transport.onPacket(flow, v);
    }

    /** A connection whose flows were all evicted: its findings and report are made now (the table then drops its state). */
    private void retired(Connection c) {
        scans.onConnectionDone(c);
        flowFindings.finish(c, lastTs);
        if (closed.size() < MAX_CLOSED) closed.add(ReportBuilder.connection(c, this));
        else {
            closedNotKept++;
            ReportBuilder.addTotals(notListed, c);
        }
    }

    // ---- while running (a live capture's progress) ----

    /** Findings made so far, kept whole (beyond Findings.MAX only counted). */
    public int findingsSoFar() { sync(); return findings.list.size(); }

    /** The findings kept whole from index {@code from} on, in the order they were made. */
    public List<Finding> findingsFrom(int from) {
        sync();
        return List.copyOf(findings.list.subList(Math.min(from, findings.list.size()), findings.list.size()));
    }

    /** Findings made so far, counted (also those beyond Findings.MAX). */
    public long findingCountSoFar() { sync(); return findings.countByKind.values().stream().mapToLong(Long::longValue).sum(); }

    /** Connections seen so far (also those no longer in the flow table). */
    public int connectionsSoFar() { return table.connectionsSoFar(); }

    /**
     * What the tracker knows now, without ending anything (no flow closed, no end-of-capture finding made):
     * a live gate's look at the counts so far. Read-only; on the tracker's own thread.
     */
    public Reports.Analysis snapshot() {
        sync();
        return ReportBuilder.build(this);
    }

    // ---- results ----

    public Reports.Analysis finish() {
        try {
            sync();
        } finally {
            close();
        }
        cm.finish(failedSetups, lastTs);
        timestampOrder.finish(findings);
        sockets.finish(failedSetups);
        for (Connection c : table.connections()) {
            if (c.retired) continue;
            flowFindings.finish(c, lastTs);
            scans.onConnectionDone(c);
        }
        scans.finish(findings);
        fabric.captureFindings(findings);
        table.finishEvictedFinding(closedNotKept);
        return ReportBuilder.build(this);
    }

    /**
     * Stops the shards' threads, if any (done by {@link #finish}; call it when tracking is abandoned, after a
     * {@link ShardFallback} or a read error).
     */
    public void close() {
        if (shards != null) shards.close();
    }

    // accessors for ReportBuilder
    List<Connection> connections() { return table.connections(); }
    List<Reports.ConnectionReport> closedReports() { return closed; }
    long closedNotKept() { return closedNotKept; }
    Reports.Totals notListed() { return notListed; }
    long unattributedCnps() { return fabric.unattributedCnps(); }
    long frames() { return frames; }
    long roceFrames() { return roceFrames; }
    long roceBytes() { return roceBytes; }
    long badIcrc() { return badIcrc; }
    long malformed() { return malformed; }
    long cnps() { return fabric.cnps(); }
    long evicted() { return table.evicted(); }
    int flowsInTable() { return table.size(); }
    io.rocescope.dissector.text.Seconds durationSeconds() { return io.rocescope.dissector.text.Seconds.ofNanos(firstTs == Long.MIN_VALUE ? 0 : lastTs - firstTs); }
    long captureStart() { return firstTs == Long.MIN_VALUE ? 0 : firstTs; }
    CmSetups cm() { return cm; }
    List<Reports.SetupReport> failedSetups() { return failedSetups; }
    SocketSetups sockets() { return sockets; }
    PauseTracker pauses() { return fabric.pauses; }
    Reports.Integrity integrity() { return integrity.report(timestampOrder); }
    FabricWatch fabric() { return fabric.watch; }
}
