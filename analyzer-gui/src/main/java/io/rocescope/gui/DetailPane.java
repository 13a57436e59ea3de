package io.rocescope.gui;

import io.rocescope.dissector.decode.DecodedFrame;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

import java.util.function.BiConsumer;

/**
 * The selected frame: its fields as a tree (Wireshark's details pane) beside its bytes (hex and ASCII).
 * Linked both ways: selecting a field selects its bytes, clicking a byte selects the innermost field
 * that covers it. Right-click on a field: Apply as Filter, Prepare as Filter, copy.
 */
final class DetailPane {
    final TreeView<FieldTree.Node> fields = new TreeView<>();
    final TextArea bytes = new TextArea();
    final SplitPane pane = new SplitPane(fields, bytes);
    private DecodedFrame shown;
    private boolean selectingFromBytes;

    /** {@code filterAction} gets a field's filter and whether to apply it (else only put it in the bar). */
    DetailPane(BiConsumer<String, Boolean> filterAction) {
        fields.setId("fields");
        bytes.setId("bytes");
        bytes.setEditable(false);
        bytes.getStyleClass().add("hex");
        fields.setShowRoot(false);
        pane.setDividerPositions(0.55);
        fields.getSelectionModel().selectedItemProperty().addListener((o, old, item) -> {
            if (item != null && !selectingFromBytes) highlight(item.getValue());
        });
        bytes.setOnMouseClicked(e -> selectFieldAt(bytes.getCaretPosition()));
        MenuItem apply = new MenuItem("Apply as Filter");
        MenuItem prepare = new MenuItem("Prepare as Filter");
        MenuItem copyValue = new MenuItem("Copy Value");
        MenuItem copyName = new MenuItem("Copy Field Name");
        apply.setOnAction(e -> withSelected(n -> filterAction.accept(n.filter(), true)));
        prepare.setOnAction(e -> withSelected(n -> filterAction.accept(n.filter(), false)));
        copyValue.setOnAction(e -> withSelected(n -> copy(n.text().contains(": ") ? n.text().substring(n.text().indexOf(": ") + 2) : n.text())));
        copyName.setOnAction(e -> withSelected(n -> copy(n.abbrev())));
        fields.setContextMenu(new ContextMenu(apply, prepare, copyValue, copyName));
    }

    private void withSelected(java.util.function.Consumer<FieldTree.Node> action) {
        TreeItem<FieldTree.Node> item = fields.getSelectionModel().getSelectedItem();
        if (item != null && item.getValue().filter() != null) action.accept(item.getValue());
    }

    private static void copy(String s) {
        ClipboardContent c = new ClipboardContent();
        c.putString(s);
        Clipboard.getSystemClipboard().setContent(c);
    }

    void show(DecodedFrame f) {
        shown = f;
        if (f == null) {
            fields.setRoot(null);
            bytes.clear();
            return;
        }
        fields.setRoot(FieldTree.build(f));
        bytes.setText(HexDump.render(f.data(), f.capturedLength()));
    }

    DecodedFrame shown() { return shown; }

    private void highlight(FieldTree.Node n) {
        if (shown == null || n.length() <= 0 || n.offset() >= shown.capturedLength()) {
            bytes.deselect();
            return;
        }
        int[] r = HexDump.hexRange(n.offset(), Math.min(n.length(), shown.capturedLength() - n.offset()));
        bytes.selectRange(r[0], r[1]);
    }

    /** The byte under text position {@code pos}: its innermost field is selected (and shown in the tree). */
    void selectFieldAt(int pos) {
        if (shown == null || fields.getRoot() == null) return;
        int b = HexDump.byteAt(pos);
        if (b < 0 || b >= shown.capturedLength()) return;
        TreeItem<FieldTree.Node> best = innermost(fields.getRoot(), b, null);
        if (best == null) return;
        for (TreeItem<FieldTree.Node> p = best.getParent(); p != null; p = p.getParent()) p.setExpanded(true);
        fields.getSelectionModel().select(best);
        int row = fields.getRow(best);
        if (row >= 0) fields.scrollTo(Math.max(0, row - 3));
        highlight(best.getValue());
    }

    private static TreeItem<FieldTree.Node> innermost(TreeItem<FieldTree.Node> item, int b, TreeItem<FieldTree.Node> best) {
        FieldTree.Node n = item.getValue();
        if (n.length() > 0 && n.offset() <= b && b < n.offset() + n.length() && !n.abbrev().isEmpty()
            && (best == null || n.length() <= best.getValue().length())) {
            best = item;
        }
        for (TreeItem<FieldTree.Node> c : item.getChildren()) best = innermost(c, b, best);
        return best;
    }
}
