package io.rocescope.dissector.encode;

/**
 * Writes a field where a .ksy puts it: the generated {@code OFF_}, {@code LEN_}, {@code SHIFT_} and {@code MASK_}
 * constants of a type (see {@code io.rocescope.dissector.field.ksy}) say which bytes, read big-endian, hold it and
 * which bits of them; the encoder ORs the value in, so fields sharing a byte are written one after the other.
 */
public final class Layout {
    private Layout() {}

    /** ORs {@code value}, masked and shifted, into the {@code len} big-endian bytes of {@code a} at {@code at}. */
    public static void put(byte[] a, int at, int len, int shift, long mask, long value) {
        long bits = (value & mask) << shift;
        for (int i = len - 1; i >= 0; i--, bits >>>= 8) a[at + i] |= (byte) bits;
    }
}
