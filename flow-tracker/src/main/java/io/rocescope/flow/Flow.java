package io.rocescope.flow;

/**
 * Everything known about one direction of a connection: counts, PSNs, messages, and the answers its requests got.
 * A capture may hold millions of flows, most of them a few packets long: the counters are inline, and each
 * part that only some flows need (answers, messages, READ responses, NAK/RNR/CNP event times) is made on its
 * first use. The accessors without "OrNull" make the part; reports read the "OrNull" ones and make nothing.
 */
public final class Flow {
    final FlowKey key;
    Connection connection;
    long packets, bytes, payloadBytes, firstFrame, lastFrame, firstTs, lastTs;
    final OpcodeCounts opcodes = new OpcodeCounts();
    long ceMarked, cnps, badIcrc;
    final PsnTracker psn = new PsnTracker();
    private MessageAssembler messages, readResponseMessages;
    private AckTracker answers;
    final ThroughputSeries throughput = new ThroughputSeries();
    int maxSegmentPayload;
    /** A READ whose PSN span depends on an MTU not yet known. */
    int readPsn = -1;
    long readLength;
    boolean readGuessed;
    long requests, responses;
    boolean ud;
    /** NAKs (any code) and RNR NAKs this flow's requests got, and CNPs that throttled it. */
    private EventLog nakEvents, rnrEvents, cnpEvents;
    /** NAKs by code name, with their frames. */
    private java.util.Map<String, EventLog> naksByCode;
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
        if (v.opcode >= 0) opcodes.add(v.opcode & 0xFF);
        if (v.ecn == 3) ceMarked++;
        if (v.badIcrc) badIcrc++;
        throughput.add(v.ts, v.length);
        if ((Opcodes.isFirst(v.opcode) || Opcodes.isMiddle(v.opcode)) && v.payload > maxSegmentPayload) maxSegmentPayload = v.payload;
    }

    MessageAssembler messages() { return messages == null ? messages = new MessageAssembler() : messages; }
    MessageAssembler readResponseMessages() {
        return readResponseMessages == null ? readResponseMessages = new MessageAssembler() : readResponseMessages;
    }
    AckTracker answers() { return answers == null ? answers = new AckTracker() : answers; }
    EventLog nakEvents() { return nakEvents == null ? nakEvents = new EventLog() : nakEvents; }
    EventLog rnrEvents() { return rnrEvents == null ? rnrEvents = new EventLog() : rnrEvents; }
    EventLog cnpEvents() { return cnpEvents == null ? cnpEvents = new EventLog() : cnpEvents; }
    java.util.Map<String, EventLog> naksByCode() { return naksByCode == null ? naksByCode = new java.util.TreeMap<>() : naksByCode; }

    MessageAssembler messagesOrNull() { return messages; }
    MessageAssembler readResponseMessagesOrNull() { return readResponseMessages; }
    AckTracker answersOrNull() { return answers; }
    EventLog nakEventsOrNull() { return nakEvents; }
    EventLog rnrEventsOrNull() { return rnrEvents; }
    EventLog cnpEventsOrNull() { return cnpEvents; }
    java.util.Map<String, EventLog> naksByCodeOrNull() { return naksByCode; }

    /** At the end of the capture (or when the flow leaves the table): messages still open are incomplete. */
    void finishMessages() {
        if (messages != null) messages.finish();
        if (readResponseMessages != null) readResponseMessages.finish();
    }

    public FlowKey key() { return key; }
    public Connection connection() { return connection; }
}
