package io.rocescope.gui;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.Expert;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.text.FieldText;
import javafx.scene.control.TreeItem;

/** Turns a decoded frame into the tree the detail pane shows: one item per field, nested by protocol. */
final class FieldTree {
    private FieldTree() {}

    /** A field as the tree shows it; {@code offset}/{@code length} pick the bytes to highlight. */
    record Node(String text, String abbrev, int offset, int length) {
        @Override
        public String toString() { return text; }
    }

    static TreeItem<Node> build(DecodedFrame f) {
        TreeItem<Node> root = new TreeItem<>(new Node("Frame " + f.number(), "frame", 0, f.capturedLength()));
        root.setExpanded(true);
        TreeItem<Node>[] parents = newStack(32);
        parents[0] = root;
        for (int i = 0; i < f.fieldCount(); i++) {
            if (f.isAlias(i)) continue;   // the same value under Wireshark's name: shown once
            FieldDef def = f.def(i);
            if (def.hidden()) continue;   // ip.addr and the like: filterable, not shown (as in Wireshark)
            String text = def.type() == FieldType.PROTOCOL ? def.label() : def.label() + ": " + FieldText.display(f, i);
            TreeItem<Node> item = new TreeItem<>(new Node(text, def.abbrev(), f.offset(i), f.length(i)));
            int depth = Math.min(f.depth(i), parents.length - 2);
            parents[depth].getChildren().add(item);
            parents[depth + 1] = item;
            if (def.type() == FieldType.PROTOCOL) item.setExpanded(def.abbrev().startsWith("infiniband") || def.abbrev().equals("perftest"));
        }
        for (Expert e : f.experts()) {
            root.getChildren().add(new TreeItem<>(new Node("[" + e.severity().name().toLowerCase() + "] " + e.message(), e.key(), 0, 0)));
        }
        return root;
    }

    @SuppressWarnings("unchecked")
    private static TreeItem<Node>[] newStack(int n) {
        return (TreeItem<Node>[]) new TreeItem[n];
    }
}
