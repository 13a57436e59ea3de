package io.rocescope.flow;

/** Everything known about one direction of a connection: counts, PSNs, messages, and the answers its requests got. */
public final class Flow {
    final FlowKey key;
    Connection connection;
    long packets, bytes, payloadBytes, firstFrame, lastFrame, firstTs, lastTs;
    final long[] opcodeCounts = new long[256];
    long ceMarked, cnps, badIcrc;
    final PsnTracker psn = new PsnTracker();
    final MessageAssembler messages = new MessageAssembler();
    final MessageAssembler readResponseMessages = new MessageAssembler();
    final AckTracker answers = new AckTracker();
    /** This flow's READ requests, matched with the responses of the other direction. */
    final ReadTracker reads = new ReadTracker();
    /** READ responses' messages when the responses' flow was never seen (so they have nowhere to go). */
    final MessageAssembler orphanReadMessages = new MessageAssembler();
    /** Frames of CE-marked packets and of CNPs to this sender, for their findings. */
    final FrameSet ceFrames = new FrameSet(), cnpFrames = new FrameSet();
    /** The latest request with a bad ICRC (a NAK asking for its PSN names it as the cause). */
    int lastBadIcrcPsn = -1;
    long lastBadIcrcFrame = -1;
    final ThroughputSeries throughput = new ThroughputSeries();
    int maxSegmentPayload;
    /** A READ whose PSN span depends on an MTU not yet known. */
    int readPsn = -1;
    long readLength;
    int readSpan;
    boolean readGuessed;
    long requests, responses;
    boolean ud;
    /** NAKs (any code) and RNR NAKs this flow's requests got, and CNPs that throttled it. */
    final EventLog nakEvents = new EventLog(), rnrEvents = new EventLog(), cnpEvents = new EventLog();
    /** NAKs by code name, with their frames. */
    final java.util.Map<String, EventLog> naksByCode = new java.util.TreeMap<>();
    /** Dropped from the flow table (too many flows at once). */
    boolean evicted;
    /** Still in the flow table (false once evicted or replaced by a new connection on the same QPs). */
    boolean inTable = true;

    Flow(FlowKey key) {
        this.key = key;
    }

    void count(PacketView v) {
        if (packets == 0) { firstFrame = v.frame; firstTs = v.ts; }
        packets++;
        bytes += v.length;
        payloadBytes += v.payload;
        lastFrame = v.frame;
        lastTs = v.ts;
        if (v.opcode >= 0) opcodeCounts[v.opcode & 0xFF]++;
        if (v.ecn == 3) { ceMarked++; ceFrames.add(v.frame, packets); }
        if (v.badIcrc) badIcrc++;
        throughput.add(v.ts, v.length);
        if ((Opcodes.isFirst(v.opcode) || Opcodes.isMiddle(v.opcode)) && v.payload > maxSegmentPayload) maxSegmentPayload = v.payload;
    }

    public FlowKey key() { return key; }
    public Connection connection() { return connection; }
}
