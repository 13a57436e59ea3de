package io.rocescope.dissector.filter;

import io.rocescope.dissector.decode.DecodedFrame;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code x[...]}: bytes of each value of x, as Wireshark's ranges: {@code [i:n]} n bytes from i,
 * {@code [i-j]} bytes i to j, {@code [i]} one byte, {@code [i:]} to the end, {@code [:n]} the first n;
 * negative offsets count from the end; several ranges separated by commas are joined. A value too
 * short for the slice gives nothing (the test is then false for it).
 */
final class Slice extends Operand {
    private final Operand base;
    private final int[][] ranges;   // {start, length}; length -1 = to the end

    private Slice(Operand base, int[][] ranges, int pos) {
        super(VType.BYTES, pos);
        this.base = base;
        this.ranges = ranges;
    }

    static Slice of(Operand base, Lexer.Token t, String filter) throws FilterSyntaxException {
        if (base.type == VType.INT || base.type == VType.DOUBLE || base.type == VType.TIME || base.type == VType.ABSTIME) {
            throw FilterSyntaxException.at(filter, t.pos(), "a slice needs bytes, a string or an address; this is " + base.type.word());
        }
        List<int[]> out = new ArrayList<>();
        for (String part : t.text().split(",", -1)) {
            int[] r = range(part.trim());
            if (r == null) throw FilterSyntaxException.at(filter, t.pos(), "'[" + t.text() + "]' is not a slice (e.g. [0:2], [2-3], [-1])");
            out.add(r);
        }
        return new Slice(base, out.toArray(new int[0][]), base.pos);
    }

    private static int[] range(String s) {
        try {
            int colon = s.indexOf(':');
            if (colon >= 0) {
                String a = s.substring(0, colon).trim(), b = s.substring(colon + 1).trim();
                int start = a.isEmpty() ? 0 : Integer.parseInt(a);
                int len = b.isEmpty() ? -1 : Integer.parseInt(b);
                return len < -1 || len == 0 && !b.isEmpty() ? null : new int[] {start, len};
            }
            int dash = s.indexOf('-', 1);   // a leading '-' is a negative offset
            if (dash >= 0) {
                int start = Integer.parseInt(s.substring(0, dash).trim()), end = Integer.parseInt(s.substring(dash + 1).trim());
                return end < start ? null : new int[] {start, end - start + 1};
            }
            return new int[] {Integer.parseInt(s), 1};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    @Override
    void values(DecodedFrame f, List<Object> out) {
        List<Object> in = new ArrayList<>(2);
        base.values(f, in);
        for (Object v : in) {
            byte[] b = bytesOf(v);
            ByteArrayOutputStream joined = new ByteArrayOutputStream();
            boolean ok = true;
            for (int[] r : ranges) {
                int start = r[0] < 0 ? b.length + r[0] : r[0];
                int len = r[1] < 0 ? b.length - start : r[1];
                if (start < 0 || len <= 0 || start + len > b.length) { ok = false; break; }
                joined.write(b, start, len);
            }
            if (ok) out.add(joined.toByteArray());
        }
    }
}
