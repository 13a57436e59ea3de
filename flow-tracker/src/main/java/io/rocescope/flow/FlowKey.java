package io.rocescope.flow;

/** One direction of RoCE traffic: source and destination IP, destination QP (and the UD source QP). */
record FlowKey(String src, String dst, int destQp, int srcQp) {
    FlowKey reverse(int peerQp) {
        return new FlowKey(dst, src, peerQp, -1);
    }

    @Override
    public String toString() {
        return src + " → " + dst + " QP " + Hex.qp(destQp) + (srcQp >= 0 ? " (from QP " + Hex.qp(srcQp) + ")" : "");
    }
}
