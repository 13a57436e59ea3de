package io.rocescope.dissector.field;

/**
 * One field of a described {@link ExtendedHeader}: its registry entry and where the .ksy puts it, as the
 * generated {@code OFF_}, {@code LEN_}, {@code SHIFT_} and {@code MASK_} constants say: the {@code length} bytes
 * at {@code offset} from the header's start, read big-endian, hold it in {@code (word >>> shift) & mask}.
 * A field of kind BYTES is its bytes (no value).
 */
public record HeaderField(FieldSpec spec, int offset, int length, int shift, long mask) {
    public HeaderField {
        if (spec.kind() != FieldSpec.Kind.BYTES && (length < 1 || length > 8)) {
            throw new IllegalArgumentException(spec.abbrev() + ": a value spans 1 to 8 bytes, not " + length);
        }
    }

    /** The field's value in the header at {@code headerOffset} of {@code d} (0 for bytes). */
    public long read(byte[] d, int headerOffset) {
        if (spec.kind() == FieldSpec.Kind.BYTES) return 0;
        long w = 0;
        for (int i = 0; i < length; i++) w = (w << 8) | (d[headerOffset + offset + i] & 0xFF);
        return (w >>> shift) & mask;
    }
}
