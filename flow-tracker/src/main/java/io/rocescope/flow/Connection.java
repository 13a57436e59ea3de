package io.rocescope.flow;

import io.rocescope.dissector.field.CmNames;

import java.util.ArrayList;
import java.util.List;

/** A pair of QPs and the two flows between them, with how the pair was set up and found. */
public final class Connection {
    final int id;
    SetupKind setup = SetupKind.UNKNOWN;
    /** How the two directions were paired. */
    PairedBy pairedBy = PairedBy.UNPAIRED;
    String transport = Opcodes.RC;
    final Endpoint a, b;
    Flow ab, ba;
    int mtu = -1;
    String mtuSource = "unknown";
    List<TimelineEvent> timeline = new ArrayList<>(2);
    long setupStartTs = -1, firstDataTs = -1, firstDataFrame = -1;
    String serviceId;
    /** UD: the Q_Key a SIDR_REP told the requester to use (-1 when no SIDR set it up). */
    long qkey = -1;
    boolean qkeyMismatchSeen;
    /** The parameters its set-up carried (CM REQ/REP, perftest's keys), or null. */
    NegotiatedParameters negotiated;
    /** All its flows were evicted: its report is kept, its state dropped. */
    boolean retired;

    Connection(int id, Endpoint a, Endpoint b) {
        this.id = id;
        this.a = a;
        this.b = b;
    }

    public int id() { return id; }
    public Endpoint a() { return a; }
    public Endpoint b() { return b; }
    public SetupKind setup() { return setup; }

    /** "10.0.0.1 QP 0x000011 ↔ 10.0.0.2 QP 0x000011" */
    String describe() {
        return "connection " + id + " (" + a + " ↔ " + b + ")";
    }

    int inferredMtu() {
        int m = Math.max(ab == null ? 0 : ab.maxSegmentPayload, ba == null ? 0 : ba.maxSegmentPayload);
        return CmNames.mtuCode(m) >= 0 ? m : -1;   // a path MTU, or no MTU at all
    }

    void event(TimelineEvent e) {
        if (setupStartTs < 0) setupStartTs = e.timestampNanos();
        timeline.add(e);
    }
}
