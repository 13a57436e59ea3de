package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.FieldDef;

/** A protocol node and its fields in one statement: {@code t.open(f, RETH, o).add(...).add(...).close(o + 16)}. */
final class FieldSubtree {
    private DecodedFrame f;
    private int node;

    FieldSubtree open(DecodedFrame f, FieldDef def, int off) {
        this.f = f;
        node = f.open(def, off);
        return this;
    }

    FieldSubtree add(FieldDef def, int off, int len, long value) {
        f.add(def, off, len, value);
        if (def.alias() != null) f.add(def.alias(), off, len, value);   // right after it: see DecodedFrame#isAlias
        return this;
    }

    void close(int end) { f.close(node, end); }
}
