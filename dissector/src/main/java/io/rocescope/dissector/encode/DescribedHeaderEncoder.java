package io.rocescope.dissector.encode;

import io.rocescope.dissector.field.ExtendedHeader;
import io.rocescope.dissector.field.FieldSpec;
import io.rocescope.dissector.field.HeaderField;

/**
 * Writes an extended header from its description alone ({@link ExtendedHeader}, generated from a .ksy), each
 * value where the layout puts it ({@link Layout#put}); the bytes it gives go to {@link RoceFrames#roce} as the
 * extended headers of a frame with one of the header's opcodes.
 */
public final class DescribedHeaderEncoder {
    private DescribedHeaderEncoder() {}

    /** The header with {@code values} in {@link ExtendedHeader#fields()} order (a BYTES field's is ignored: zeros). */
    public static byte[] encode(ExtendedHeader header, long... values) {
        if (values.length != header.fields().size()) {
            throw new IllegalArgumentException(header.name() + " has " + header.fields().size() + " fields, not " + values.length);
        }
        byte[] h = new byte[header.size()];
        for (int i = 0; i < values.length; i++) {
            HeaderField f = header.fields().get(i);
            if (f.spec().kind() == FieldSpec.Kind.BYTES) continue;
            if ((values[i] & ~f.mask()) != 0) {
                throw new IllegalArgumentException(f.spec().abbrev() + ": " + values[i] + " does not fit in its bits");
            }
            Layout.put(h, f.offset(), f.length(), f.shift(), f.mask(), values[i]);
        }
        return h;
    }
}
