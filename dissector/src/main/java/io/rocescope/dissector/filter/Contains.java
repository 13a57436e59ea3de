package io.rocescope.dissector.filter;

import io.rocescope.dissector.decode.DecodedFrame;

import java.util.ArrayList;
import java.util.List;

/** {@code x contains y}: some value of x holds some value of y (bytes in bytes, text in text; case matters). */
final class Contains implements DisplayFilter {
    private final Operand left, right;

    Contains(Operand left, Operand right) {
        this.left = left;
        this.right = right;
    }

    @Override
    public boolean matches(DecodedFrame f) {
        List<Object> a = new ArrayList<>(2), b = new ArrayList<>(1);
        left.values(f, a);
        if (a.isEmpty()) return false;
        right.values(f, b);
        for (Object x : a) {
            for (Object y : b) {
                if (x instanceof String s && y instanceof String t ? s.contains(t) : indexOf(Operand.bytesOf(x), Operand.bytesOf(y)) >= 0) return true;
            }
        }
        return false;
    }

    static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int k = 0; k < needle.length; k++) if (hay[i + k] != needle[k]) continue outer;
            return i;
        }
        return -1;
    }
}
