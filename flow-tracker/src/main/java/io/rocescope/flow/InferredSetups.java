package io.rocescope.flow;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.Fields;

import java.util.ArrayDeque;
import java.util.Iterator;

/**
 * Socket set-ups of a format nobody decodes: many RDMA programs exchange QPNs over a TCP connection of
 * their own before the first RoCE packet. When a QP without a set-up starts, a TCP segment between the
 * same two hosts shortly before, sent by the QP's owner to its peer, that carries the QPN (binary
 * big- or little-endian 32-bit, or text hex of six digits or with 0x) links it as an inferred socket
 * set-up. Only the last {@link #MAX_SEGMENTS} segments (their first {@link #MAX_BYTES} bytes) are kept.
 */
final class InferredSetups {
    static final int MAX_SEGMENTS = 64, MAX_BYTES = 512;
    /** How long before a QP's first packet a TCP segment may have told its QPN. */
    static final long WINDOW_NANOS = 10_000_000_000L;

    private record Segment(long frame, long ts, Address src, Address dst, int sport, int dport, byte[] data) {}

    /** Where a QPN was found: the segment and how it was written. */
    record Match(long frame, long ts, Address src, Address dst, int sport, int dport, String how) {}

    private final ArrayDeque<Segment> recent = new ArrayDeque<>();

    /** Keeps a TCP segment's payload (the first bytes) for a while. */
    void onTcp(DecodedFrame f, PacketView v) {
        int p = f.find(Fields.TCP_PAYLOAD);
        if (p < 0 || f.length(p) == 0) return;
        int n = Math.min(MAX_BYTES, f.length(p));
        byte[] copy = new byte[n];
        System.arraycopy(f.data(), f.offset(p), copy, 0, n);
        if (recent.size() >= MAX_SEGMENTS) recent.pollFirst();
        recent.addLast(new Segment(v.frame, v.ts, v.src, v.dst, (int) f.get(Fields.TCP_SRCPORT, -1),
            (int) f.get(Fields.TCP_DSTPORT, -1), copy));
    }

    /** The latest segment from {@code owner} to {@code peer} in the window before {@code now} that carries {@code qpn}. */
    Match find(Address owner, Address peer, int qpn, long now) {
        if (qpn < 0 || recent.isEmpty()) return null;   // no TCP in the capture (most): no iterator for each new QP
        for (Iterator<Segment> it = recent.descendingIterator(); it.hasNext(); ) {
            Segment s = it.next();
            if (now - s.ts > WINDOW_NANOS) break;
            if (!s.src.equals(owner) || !s.dst.equals(peer)) continue;
            String how = carries(s.data, qpn);
            if (how != null) return new Match(s.frame, s.ts, s.src, s.dst, s.sport, s.dport, how);
        }
        return null;
    }

    /** How {@code d} carries the 24-bit {@code qpn}, or null. */
    static String carries(byte[] d, int qpn) {
        for (int i = 0; i + 4 <= d.length; i++) {
            if (d[i] == 0 && u24(d, i + 1) == qpn) return "binary big-endian at payload offset " + i;
            if (d[i + 3] == 0 && (u24le(d, i)) == qpn) return "binary little-endian at payload offset " + i;
        }
        String six = String.format("%06x", qpn);
        int at = textHex(d, six);
        if (at >= 0) return "text hex \"" + new String(d, at, 6, java.nio.charset.StandardCharsets.ISO_8859_1) + "\" at payload offset " + at;
        String ox = "0x" + Integer.toHexString(qpn);
        at = textHex(d, ox);
        if (at >= 0) return "text hex \"" + ox + "\" at payload offset " + at;
        return null;
    }

    private static int u24(byte[] d, int i) {
        return (d[i] & 0xFF) << 16 | (d[i + 1] & 0xFF) << 8 | (d[i + 2] & 0xFF);
    }

    private static int u24le(byte[] d, int i) {
        return (d[i + 2] & 0xFF) << 16 | (d[i + 1] & 0xFF) << 8 | (d[i] & 0xFF);
    }

    /** Offset of {@code word} (case-insensitive) in {@code d}, not inside a longer run of hex digits; or -1. */
    private static int textHex(byte[] d, String word) {
        int n = word.length();
        outer:
        for (int i = 0; i + n <= d.length; i++) {
            for (int k = 0; k < n; k++) if (Character.toLowerCase((char) (d[i + k] & 0xFF)) != word.charAt(k)) continue outer;
            if (i > 0 && hex(d[i - 1]) && !word.startsWith("0x")) continue;
            if (i + n < d.length && hex(d[i + n])) continue;
            return i;
        }
        return -1;
    }

    private static boolean hex(byte b) {
        return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'f') || (b >= 'A' && b <= 'F');
    }
}
