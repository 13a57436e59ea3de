package io.rocescope.dissector.filter;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldDef;

import java.util.Collection;

/**
 * A Wireshark-style display filter, compiled once and tested on each frame:
 * {@code infiniband.aeth.syndrome.opcode == 3 && ip.src == 10.0.0.2}, {@code perftest || infiniband.cm},
 * {@code !(infiniband.bth.psn < 100)}. See {@link FilterParser} for the grammar.
 */
@FunctionalInterface
public interface DisplayFilter {
    boolean matches(DecodedFrame f);

    /** The fields the filter reads, which the decoder must keep; null when unknown (keep every field). */
    default Collection<FieldDef> fields() { return null; }

    static DisplayFilter parse(String text) throws FilterSyntaxException {
        return new FilterParser(text).parse();
    }
}
