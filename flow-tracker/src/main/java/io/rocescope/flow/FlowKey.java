package io.rocescope.flow;

import io.rocescope.dissector.text.LineBuffer;
import io.rocescope.dissector.text.Text;

/** One direction of RoCE traffic: source and destination address, destination QP (and the UD source QP). */
record FlowKey(Address src, Address dst, int destQp, int srcQp) {
    FlowKey reverse(int peerQp) {
        return new FlowKey(dst, src, peerQp, -1);
    }

    /**
     * Mixed, not the record's 31-multiplier sum: addresses one apart and QPNs counting up give that sum a
     * collision every 31 QPNs, and a million flows' buckets then turn into trees.
     */
    @Override
    public int hashCode() {
        return Hashes.mix(Hashes.mix(Hashes.mix(src.hashCode(), dst.hashCode()), destQp), srcQp);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FlowKey k && destQp == k.destQp && srcQp == k.srcQp && src.equals(k.src) && dst.equals(k.dst);
    }

    @Override
    public String toString() {
        return src + " → " + dst + " QP " + qp(destQp) + (srcQp >= 0 ? " (from QP " + qp(srcQp) + ")" : "");
    }

    private static LineBuffer qp(int qpn) {
        return Text.hex0x(new LineBuffer(8), qpn, 6);
    }
}
