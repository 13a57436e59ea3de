package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.ExtendedHeaders;
import io.rocescope.dissector.field.HeaderField;

import java.util.List;

/**
 * Decodes an extended header from its description alone ({@link io.rocescope.dissector.field.ExtendedHeader},
 * generated from a .ksy): a protocol node, then each field where the layout puts it. Its fields are not of
 * {@link io.rocescope.dissector.field.Fields#detail()}, so they are recorded whenever the decode keeps them.
 */
final class DescribedHeaderDissector {
    private DescribedHeaderDissector() {}

    /** The header at {@code off}, whose bytes the caller checked were captured. */
    static void dissect(Packet p, ExtendedHeaders.Entry e, int off) {
        DecodedFrame f = p.f;
        List<HeaderField> fields = e.header().fields();
        int node = f.open(e.protocol(), off);
        for (int i = 0; i < fields.size(); i++) {
            HeaderField h = fields.get(i);
            f.add(e.fields()[i], off + h.offset(), h.length(), h.read(p.d, off));
        }
        f.close(node, off + e.header().size());
    }
}
