package io.rocescope.flow;

import io.rocescope.dissector.text.LineBuffer;
import io.rocescope.dissector.text.Text;

/** One direction of RoCE traffic: source and destination IP, destination QP (and the UD source QP). */
record FlowKey(String src, String dst, int destQp, int srcQp) {
    FlowKey reverse(int peerQp) {
        return new FlowKey(dst, src, peerQp, -1);
    }

    @Override
    public String toString() {
        return src + " → " + dst + " QP " + qp(destQp) + (srcQp >= 0 ? " (from QP " + qp(srcQp) + ")" : "");
    }

    private static LineBuffer qp(int qpn) {
        return Text.hex0x(new LineBuffer(8), qpn, 6);
    }
}
