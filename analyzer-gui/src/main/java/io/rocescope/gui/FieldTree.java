package io.rocescope.gui;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.Expert;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.text.FieldText;
import javafx.scene.control.TreeItem;

import static io.rocescope.dissector.field.ksy.IbTransportFieldsKsy.IB_TRANSPORT;
import static io.rocescope.dissector.field.ksy.PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE;

/** Turns a decoded frame into the tree the detail pane shows: one item per field, nested by protocol. */
final class FieldTree {
    private FieldTree() {}

    /**
     * A field as the tree shows it; {@code offset}/{@code length} pick the bytes to highlight;
     * {@code filter} is the display filter that selects frames with this field's value (Apply as Filter).
     */
    record Node(String text, String abbrev, int offset, int length, String filter) {
        @Override
        public String toString() { return text; }
    }

    /** The tree of a frame; its root (not shown) holds one item per protocol, as Wireshark's details pane. */
    static TreeItem<Node> build(DecodedFrame f) {
        TreeItem<Node> root = new TreeItem<>(new Node("Frame " + f.number(), "", 0, f.capturedLength(), null));
        root.setExpanded(true);
        TreeItem<Node>[] parents = newStack(32);
        parents[0] = root;
        for (int i = 0; i < f.fieldCount(); i++) {
            if (f.isAlias(i)) continue;   // the same value under Wireshark's name: shown once
            FieldDef def = f.def(i);
            if (def.hidden()) continue;   // ip.addr and the like: filterable, not shown (as in Wireshark)
            String text;
            if (def.abbrev().equals(Fields.FRAME.abbrev())) {
                text = "Frame " + f.number() + ": " + f.originalLength() + " bytes on wire (" + f.originalLength() * 8 + " bits), "
                    + f.capturedLength() + " bytes captured (" + f.capturedLength() * 8L + " bits)";
            } else {
                text = def.type() == FieldType.PROTOCOL ? def.label() : def.label() + ": " + FieldText.display(f, i);
            }
            TreeItem<Node> item = new TreeItem<>(new Node(text, def.abbrev(), f.offset(i), f.length(i), filter(f, i)));
            int depth = Math.min(f.depth(i), parents.length - 2);
            TreeItem<Node> parent = parents[depth] == null ? root : parents[depth];
            parent.getChildren().add(item);
            parents[depth + 1] = item;
            if (def.type() == FieldType.PROTOCOL) item.setExpanded(def.abbrev().startsWith(IB_TRANSPORT.abbrev()) || def.abbrev().equals(PERFTEST_EXCHANGE.abbrev()));   // InfiniBand's and perftest's open
        }
        if (!f.experts().isEmpty()) {
            TreeItem<Node> ex = new TreeItem<>(new Node("[Expert Info]", "_ws.expert", 0, 0, "_ws.expert"));
            for (Expert e : f.experts()) {
                ex.getChildren().add(new TreeItem<>(new Node("[" + e.severity().name().toLowerCase() + "] " + e.message(), e.key(), 0, 0, null)));
            }
            ex.setExpanded(true);
            root.getChildren().add(ex);
        }
        return root;
    }

    /** abbrev == value, the value as a filter literal; the protocol's name alone for a protocol. */
    static String filter(DecodedFrame f, int i) {
        FieldDef def = f.def(i);
        if (def.type() == FieldType.PROTOCOL) return def.abbrev();
        String v = FieldText.value(f, i);
        if (def.type() == FieldType.STRING) v = "\"" + v.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
        else if (def.type() == FieldType.BYTES && v.isEmpty()) return def.abbrev();
        return def.abbrev() + " == " + v;
    }

    @SuppressWarnings("unchecked")
    private static TreeItem<Node>[] newStack(int n) {
        return (TreeItem<Node>[]) new TreeItem[n];
    }
}
