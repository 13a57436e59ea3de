package io.rocescope.dissector.filter;

import io.rocescope.dissector.decode.DecodedFrame;

/**
 * A Wireshark-style display filter, compiled once and tested on each frame:
 * {@code infiniband.aeth.syndrome.opcode == 3 && ip.src == 10.0.0.2}, {@code perftest || infiniband.cm},
 * {@code !(infiniband.bth.psn < 100)}. See {@link FilterParser} for the grammar.
 */
@FunctionalInterface
public interface DisplayFilter {
    boolean matches(DecodedFrame f);

    static DisplayFilter parse(String text) throws FilterSyntaxException {
        return new FilterParser(text).parse();
    }
}
