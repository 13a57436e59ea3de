package io.rocescope.flow;

import io.rocescope.dissector.field.ksy.Ipv4PacketKsy;

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
    private MessageAssembler messages;
    private AckTracker answers;
    /** The parts few flows need, made with the first of them (a flow's own field each would cost every flow). */
    private Rare rare;

    /** What only some flows need, each part made on its first use. */
    private static final class Rare {
        MessageAssembler readResponseMessages;
        /** This flow's READ requests, matched with the responses of the other direction. */
        ReadTracker reads;
        /** READ responses' messages when the responses' flow was never seen (so they have nowhere to go). */
        MessageAssembler orphanReadMessages;
        /** Frames of CE-marked packets and of CNPs to this sender, for their findings. */
        FrameSet ceFrames, cnpFrames;
        /** NAKs (any code) and RNR NAKs this flow's requests got, and CNPs that throttled it. */
        EventLog nakEvents, rnrEvents, cnpEvents;
        /** NAKs by code name, with their frames. */
        java.util.Map<String, EventLog> naksByCode;
        /** Timeout and RNR retry series, error NAKs: the transport parameters the traffic shows. */
        TransportObservations observations;
        /** The capture-loss accounting of this flow's requests. */
        CaptureIntegrity.FlowState captureLoss;
    }

    private Rare rare() { return rare == null ? rare = new Rare() : rare; }
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
    /** The last request's opcode, and the last new (not resent) request's PSN: how a QP's traffic ended. */
    int lastRequestOpcode = -1, lastFreshPsn = -1;
    /** The R_Key and VA of the last request that carried them (RETH, AtomicETH): what a Remote Access Error NAK refused. */
    int lastRkey;
    long lastVa = -1;
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
        if (v.ecn == Ipv4PacketKsy.ECN_CE) { ceMarked++; ceFrames().add(v.frame, packets); }
        if (v.badIcrc) badIcrc++;
        throughput.add(v.ts, v.length);
        // the payload on the wire: a frame cut by the snaplen still tells the MTU
        if ((Opcodes.isFirst(v.opcode) || Opcodes.isMiddle(v.opcode)) && v.payloadWire > maxSegmentPayload) maxSegmentPayload = v.payloadWire;
    }

    /** The capture-loss accounting of this flow's requests (made when an answer first leaves something to carry over). */
    CaptureIntegrity.FlowState captureLoss() { Rare r = rare(); return r.captureLoss == null ? r.captureLoss = new CaptureIntegrity.FlowState() : r.captureLoss; }
    CaptureIntegrity.FlowState captureLossOrNull() { return rare == null ? null : rare.captureLoss; }

    MessageAssembler messages() { return messages == null ? messages = new MessageAssembler() : messages; }
    MessageAssembler readResponseMessages() {
        Rare r = rare();
        return r.readResponseMessages == null ? r.readResponseMessages = new MessageAssembler() : r.readResponseMessages;
    }
    /** Where this requester's READ response messages are counted: on the flow that carries them, else its own orphans. */
    MessageAssembler readResponseSink() {
        Flow other = peer();
        return other != null ? other.readResponseMessages() : orphanReadMessages();
    }

    /** Where a finding about this flow happened, in words (built only when there is a finding: it is not cheap). */
    String where() {
        return key + " (" + connection.describe() + ")";
    }

    /** The other direction of this flow's connection (null while unpaired or unknown). */
    Flow peer() {
        Connection c = connection;
        return c == null ? null : c.ab == this ? c.ba : c.ab;
    }

    AckTracker answers() { return answers == null ? answers = new AckTracker() : answers; }
    EventLog nakEvents() { Rare r = rare(); return r.nakEvents == null ? r.nakEvents = new EventLog() : r.nakEvents; }
    EventLog rnrEvents() { Rare r = rare(); return r.rnrEvents == null ? r.rnrEvents = new EventLog() : r.rnrEvents; }
    EventLog cnpEvents() { Rare r = rare(); return r.cnpEvents == null ? r.cnpEvents = new EventLog() : r.cnpEvents; }
    java.util.Map<String, EventLog> naksByCode() {
        Rare r = rare();
        return r.naksByCode == null ? r.naksByCode = new java.util.TreeMap<>() : r.naksByCode;
    }
    ReadTracker reads() { Rare r = rare(); return r.reads == null ? r.reads = new ReadTracker() : r.reads; }
    MessageAssembler orphanReadMessages() {
        Rare r = rare();
        return r.orphanReadMessages == null ? r.orphanReadMessages = new MessageAssembler() : r.orphanReadMessages;
    }
    FrameSet ceFrames() { Rare r = rare(); return r.ceFrames == null ? r.ceFrames = new FrameSet() : r.ceFrames; }
    FrameSet cnpFrames() { Rare r = rare(); return r.cnpFrames == null ? r.cnpFrames = new FrameSet() : r.cnpFrames; }
    TransportObservations observations() {
        Rare r = rare();
        return r.observations == null ? r.observations = new TransportObservations() : r.observations;
    }

    TransportObservations observationsOrNull() { return rare == null ? null : rare.observations; }
    MessageAssembler messagesOrNull() { return messages; }
    MessageAssembler readResponseMessagesOrNull() { return rare == null ? null : rare.readResponseMessages; }
    AckTracker answersOrNull() { return answers; }
    EventLog nakEventsOrNull() { return rare == null ? null : rare.nakEvents; }
    EventLog rnrEventsOrNull() { return rare == null ? null : rare.rnrEvents; }
    EventLog cnpEventsOrNull() { return rare == null ? null : rare.cnpEvents; }
    java.util.Map<String, EventLog> naksByCodeOrNull() { return rare == null ? null : rare.naksByCode; }
    ReadTracker readsOrNull() { return rare == null ? null : rare.reads; }
    MessageAssembler orphanReadMessagesOrNull() { return rare == null ? null : rare.orphanReadMessages; }
    FrameSet ceFramesOrNull() { return rare == null ? null : rare.ceFrames; }
    FrameSet cnpFramesOrNull() { return rare == null ? null : rare.cnpFrames; }

    public FlowKey key() { return key; }
    public Connection connection() { return connection; }
}
