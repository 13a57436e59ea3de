package io.rocescope.flow;

/** One direction of RoCE traffic: source and destination IP, destination QP (and the UD source QP). */
record FlowKey(String src, String dst, int destQp, int srcQp) {
    FlowKey reverse(int peerQp) {
        return new FlowKey(dst, src, peerQp, -1);
    }

    @Override
    public String toString() {
        return src + " → " + dst + String.format(" QP 0x%06x", destQp) + (srcQp >= 0 ? String.format(" (from QP 0x%06x)", srcQp) : "");
    }
}
