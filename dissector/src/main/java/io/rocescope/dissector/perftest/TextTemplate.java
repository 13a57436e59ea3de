package io.rocescope.dissector.perftest;

import java.util.Arrays;

/**
 * A fixed-size text message of ksy/perftest_exchange.ksy or ksy/pingpong_exchange.ksy, byte by byte: where the .ksy
 * has fixed bytes ({@code contents:}, its separators and terminators) those, everywhere else a lower-case hex digit
 * (the fields are {@code %0Nx}). Built from the generated layout's offsets and contents, so the parsers check a
 * message against the .ksy, not against positions of their own.
 */
final class TextTemplate {
    /** A byte that must be a lower-case hex digit. */
    private static final int HEX = -1;
    private final int[] expected;

    /** A message of {@code size} bytes, all hex digits until {@link #fixed} says otherwise. */
    TextTemplate(int size) {
        expected = new int[size];
        Arrays.fill(expected, HEX);
    }

    /** The .ksy's fixed bytes (a layout's {@code CONTENTS_} string, one char a byte) at {@code off}. */
    TextTemplate fixed(int off, String contents) {
        for (int i = 0; i < contents.length(); i++) expected[off + i] = contents.charAt(i);
        return this;
    }

    int size() { return expected.length; }

    /** Whether {@code b} may be byte {@code pos} of the message. */
    boolean fits(int pos, byte b) {
        int e = expected[pos];
        return e == HEX ? hex(b) : (b & 0xFF) == e;
    }

    /** Whether the {@link #size} bytes of {@code b} from {@code pos} are this message. */
    boolean matches(byte[] b, int pos) {
        for (int i = 0; i < expected.length; i++) if (!fits(i, b[pos + i])) return false;
        return true;
    }

    /** Whether {@code b} holds the .ksy's fixed bytes {@code contents} at {@code pos}. */
    static boolean has(byte[] b, int pos, String contents) {
        for (int i = 0; i < contents.length(); i++) if ((b[pos + i] & 0xFF) != contents.charAt(i)) return false;
        return true;
    }

    /** The first byte at which two messages differ (what tells them apart), or -1 if one begins the other. */
    static int firstDifference(TextTemplate a, TextTemplate b) {
        int n = Math.min(a.size(), b.size());
        for (int i = 0; i < n; i++) if (a.expected[i] != b.expected[i]) return i;
        return -1;
    }

    static boolean hex(byte b) {
        return (b >= '0' && b <= '9') || (b >= 'a' && b <= 'f');
    }
}
