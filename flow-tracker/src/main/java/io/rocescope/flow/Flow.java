package io.rocescope.flow;

/**
 * Everything known about one direction of a connection: counts, PSNs, messages, and the answers its requests got.
 * A capture may hold millions of flows, most of them a few packets long: the counters are inline, and each
 * part that only some flows need (answers, messages, READs and their responses, NAK/RNR/CNP event times, CE/CNP
 * frame runs) is made on its first use. The accessors without "OrNull" make the part; reports read the "OrNull" ones and make nothing.
 */
public final class Flow {
    final FlowKey key;
    Connection connection;
    long packets, bytes, payloadBytes, firstFrame, lastFrame, firstTs, lastTs;
    /** The packet before the current one (what a retransmission timer waited after). */
    long prevFrame = -1, prevTs;
    /** The previous request's PSN and IPv4 Identification: a packet repeating both is a copy made by the network. */
    int prevRequestPsn = -1, prevRequestIpId = -1;
    long prevRequestFrame = -1;
    /** The newest IPv4 Identification of this flow's requests (-1: none yet). */
    int newestIpId = -1;
    /** New in-order requests whose Identification stepped forward, and those whose did not. */
    private int ipIdForward, ipIdBackward;
    private boolean ipIdMissing;

    /**
     * True when this flow's IPv4 Identifications behave as the sender's packet counter (new PSNs come
     * with newer ones, as Linux and rxe send them; a packet that waited behind a resend may not): only
     * then do they tell a copy or a late packet from a resend. Generated traffic with other
     * Identifications is left to the PSNs alone.
     */
    boolean ipIdsCount() { return !ipIdMissing && ipIdForward >= 8 && ipIdBackward * 4 < ipIdForward; }

    /** A request's Identification; {@code advancing}: its PSN was new and in order (or after a gap). */
    void ipIdSeen(int ipId, boolean advancing, boolean sentEarlier) {
        if (ipId < 0) { ipIdMissing = true; return; }
        if (advancing && newestIpId >= 0) {
            int step = (short) (ipId - newestIpId);
            if (step >= 1 && step <= 1024) ipIdForward++; else ipIdBackward++;
        }
        if (!sentEarlier) newestIpId = ipId;
    }

    final OpcodeCounts opcodes = new OpcodeCounts();
    long ceMarked, cnps, badIcrc;
    final PsnTracker psn = new PsnTracker();
    private MessageAssembler messages, readResponseMessages;
    private AckTracker answers;
    /** This flow's READ requests, matched with the responses of the other direction (made on first use). */
    private ReadTracker reads;
    /** READ responses' messages when the responses' flow was never seen (so they have nowhere to go). */
    private MessageAssembler orphanReadMessages;
    /** Frames of CE-marked packets and of CNPs to this sender, for their findings (made on first use). */
    private FrameSet ceFrames, cnpFrames;
    /** The latest request with a bad ICRC (a NAK asking for its PSN names it as the cause). */
    int lastBadIcrcPsn = -1;
    long lastBadIcrcFrame = -1;
    final ThroughputSeries throughput = new ThroughputSeries();
    /** Traffic classes, ECN, UDP source ports, CNP classes, DCQCN reaction and PFC stalls ({@link FabricWatch}). */
    final FabricProfile fabric = new FabricProfile();
    int maxSegmentPayload;
    /** A READ whose PSN span depends on an MTU not yet known. */
    int readPsn = -1;
    long readLength;
    int readSpan;
    boolean readGuessed;
    long requests, responses;
    boolean ud;
    /** NAKs (any code) and RNR NAKs this flow's requests got, and CNPs that throttled it. */
    private EventLog nakEvents, rnrEvents, cnpEvents;
    /** NAKs by code name, with their frames. */
    private java.util.Map<String, EventLog> naksByCode;
    /** The last request's opcode, and the last new (not resent) request's PSN: how a QP's traffic ended. */
    int lastRequestOpcode = -1, lastFreshPsn = -1;
    /** The R_Key and VA of the last request that carried them (RETH, AtomicETH): what a Remote Access Error NAK refused. */
    int lastRkey;
    long lastVa = -1;
    /** Timeout and RNR retry series, error NAKs: the transport parameters the traffic shows (made on first use). */
    private TransportObservations observations;
    /** Dropped from the flow table (too many flows at once). */
    boolean evicted;
    /** Still in the flow table (false once evicted or replaced by a new connection on the same QPs). */
    boolean inTable = true;

    Flow(FlowKey key) {
        this.key = key;
    }

    void count(PacketView v) {
        if (packets == 0) { firstFrame = v.frame; firstTs = v.ts; lastFrame = -1; }
        packets++;
        prevFrame = lastFrame;
        prevTs = lastTs;
        bytes += v.length;
        payloadBytes += v.payload;
        lastFrame = v.frame;
        lastTs = v.ts;
        if (v.opcode >= 0) opcodes.add(v.opcode & 0xFF);
        if (v.ecn == 3) { ceMarked++; ceFrames().add(v.frame, packets); }
        if (v.badIcrc) badIcrc++;
        throughput.add(v.ts, v.length);
        // the payload on the wire: a frame cut by the snaplen still tells the MTU
        if ((Opcodes.isFirst(v.opcode) || Opcodes.isMiddle(v.opcode)) && v.payloadWire > maxSegmentPayload) maxSegmentPayload = v.payloadWire;
    }

    /** The capture-loss accounting of this flow's requests (made with the first answer to them). */
    private CaptureIntegrity.FlowState captureLoss;
    CaptureIntegrity.FlowState captureLoss() { return captureLoss == null ? captureLoss = new CaptureIntegrity.FlowState() : captureLoss; }

    MessageAssembler messages() { return messages == null ? messages = new MessageAssembler() : messages; }
    MessageAssembler readResponseMessages() {
        return readResponseMessages == null ? readResponseMessages = new MessageAssembler() : readResponseMessages;
    }
    /** The other direction of this flow's connection (null while unpaired or unknown). */
    Flow peer() {
        Connection c = connection;
        return c == null ? null : c.ab == this ? c.ba : c.ab;
    }

    AckTracker answers() { return answers == null ? answers = new AckTracker() : answers; }
    EventLog nakEvents() { return nakEvents == null ? nakEvents = new EventLog() : nakEvents; }
    EventLog rnrEvents() { return rnrEvents == null ? rnrEvents = new EventLog() : rnrEvents; }
    EventLog cnpEvents() { return cnpEvents == null ? cnpEvents = new EventLog() : cnpEvents; }
    java.util.Map<String, EventLog> naksByCode() { return naksByCode == null ? naksByCode = new java.util.TreeMap<>() : naksByCode; }
    ReadTracker reads() { return reads == null ? reads = new ReadTracker() : reads; }
    MessageAssembler orphanReadMessages() { return orphanReadMessages == null ? orphanReadMessages = new MessageAssembler() : orphanReadMessages; }
    FrameSet ceFrames() { return ceFrames == null ? ceFrames = new FrameSet() : ceFrames; }
    FrameSet cnpFrames() { return cnpFrames == null ? cnpFrames = new FrameSet() : cnpFrames; }

    TransportObservations observations() { return observations == null ? observations = new TransportObservations() : observations; }
    TransportObservations observationsOrNull() { return observations; }
    MessageAssembler messagesOrNull() { return messages; }
    MessageAssembler readResponseMessagesOrNull() { return readResponseMessages; }
    AckTracker answersOrNull() { return answers; }
    EventLog nakEventsOrNull() { return nakEvents; }
    EventLog rnrEventsOrNull() { return rnrEvents; }
    EventLog cnpEventsOrNull() { return cnpEvents; }
    java.util.Map<String, EventLog> naksByCodeOrNull() { return naksByCode; }
    ReadTracker readsOrNull() { return reads; }
    MessageAssembler orphanReadMessagesOrNull() { return orphanReadMessages; }
    FrameSet ceFramesOrNull() { return ceFrames; }
    FrameSet cnpFramesOrNull() { return cnpFrames; }

    public FlowKey key() { return key; }
    public Connection connection() { return connection; }
}
