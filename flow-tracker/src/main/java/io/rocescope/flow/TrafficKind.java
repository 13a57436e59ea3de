package io.rocescope.flow;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.Fields;

/** What a frame carries, as the per-priority table counts it: RoCE data, CNPs, CM, TCP (socket set-ups), other. */
public enum TrafficKind {
    ROCE_DATA("RoCE data"), CNP("CNP"), CM("CM"), TCP("TCP"), OTHER("other");

    private final String label;

    TrafficKind(String label) { this.label = label; }

    public String label() { return label; }

    /** The kind of {@code f}; null for MAC Control (PFC/PAUSE) frames, which ride no priority. */
    static TrafficKind of(DecodedFrame f, boolean roce, int opcode) {
        if (f.has(Fields.MACC_OPCODE)) return null;
        if (roce) return f.mad() != null ? CM : Opcodes.isCnp(opcode) ? CNP : ROCE_DATA;
        return f.has(Fields.TCP_SRCPORT) ? TCP : OTHER;
    }
}
