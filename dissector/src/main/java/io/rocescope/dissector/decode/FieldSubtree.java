package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.FieldDef;

/** A protocol node and its fields in one statement: {@code t.open(RETH, o).add(...).add(...).close(o + 16)}. */
final class FieldSubtree {
    private final DecodedFrame f;
    private int node;

    FieldSubtree(DecodedFrame f) { this.f = f; }

    FieldSubtree open(FieldDef def, int off) {
        node = f.open(def, off);
        return this;
    }

    FieldSubtree add(FieldDef def, int off, int len, long value) {
        f.add(def, off, len, value);
        return this;
    }

    void close(int end) { f.close(node, end); }
}
