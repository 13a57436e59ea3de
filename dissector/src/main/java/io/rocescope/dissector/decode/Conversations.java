package io.rocescope.dissector.decode;

import java.nio.charset.StandardCharsets;
import io.rocescope.dissector.util.LruMap;
import java.util.Map;

/**
 * Wireshark's conversation indexes: {@code udp.stream} and {@code tcp.stream} number each 5-tuple
 * (either direction) from 0 in order of first appearance, and TCP's relative sequence numbers count
 * from the first sequence number seen in each direction (the SYN's, or one before the first segment's
 * when the capture starts mid-stream, so that its first byte is 1).
 *
 * <p>State of a decode in capture order. Bounded: at most {@code max} conversations of each kind are
 * remembered, the least recently seen forgotten first (one seen again after that gets a new index).
 */
final class Conversations {
    /** One TCP or UDP conversation: its index and, for TCP, each direction's base sequence number. */
    static final class Conversation {
        final long index;
        final long[] base = {-1, -1};

        Conversation(long index) { this.index = index; }
    }

    private final int max;
    private final Map<String, Conversation> udp, tcp;
    private long nextUdp, nextTcp;

    Conversations(int max) {
        this.max = max;
        this.udp = new LruMap<>(max);
        this.tcp = new LruMap<>(max);
    }

    /** The conversation of this frame's addresses and ports; {@code forward()} tells the direction. */
    Conversation find(boolean isTcp, byte[] d, int src, int dst, int addrLen, int sport, int dport) {
        int c = compare(d, src, dst, addrLen);
        forward = c < 0 || (c == 0 && sport <= dport);
        StringBuilder key = new StringBuilder(2 * addrLen + 4);
        int a = forward ? src : dst, b = forward ? dst : src;
        key.append(new String(d, a, addrLen, StandardCharsets.ISO_8859_1)).append(new String(d, b, addrLen, StandardCharsets.ISO_8859_1))
            .append((char) (forward ? sport : dport)).append((char) (forward ? dport : sport));
        Map<String, Conversation> map = isTcp ? tcp : udp;
        Conversation conv = map.get(key.toString());
        if (conv == null) {
            conv = new Conversation(isTcp ? nextTcp++ : nextUdp++);
            map.put(key.toString(), conv);
        }
        return conv;
    }

    /** The direction of the last {@link #find}: true from the lower endpoint to the higher. */
    boolean forward;

    private static int compare(byte[] d, int a, int b, int n) {
        for (int i = 0; i < n; i++) {
            int x = d[a + i] & 0xFF, y = d[b + i] & 0xFF;
            if (x != y) return x < y ? -1 : 1;
        }
        return 0;
    }
}
