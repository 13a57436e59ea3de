package io.rocescope.flow;

/** Hex text of QP numbers and PSNs for findings and timelines, without String.format (slow per event). */
final class Hex {
    private Hex() {}

    /** "0x000011": a 24-bit value as Wireshark shows QPNs. */
    static String qp(int v) {
        String h = Integer.toHexString(v & 0xFFFFFF);
        return "0x" + "000000".substring(h.length()) + h;
    }
}
