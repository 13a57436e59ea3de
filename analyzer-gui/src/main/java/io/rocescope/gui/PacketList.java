package io.rocescope.gui;

import io.rocescope.dissector.field.FieldSpec;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

import java.util.List;
import java.util.function.Consumer;

import static io.rocescope.dissector.field.ksy.EthernetFrameFieldsKsy.ETHERNET_FRAME_ADDR;
import static io.rocescope.dissector.field.ksy.EthernetFrameFieldsKsy.ETHERNET_FRAME_DST;
import static io.rocescope.dissector.field.ksy.EthernetFrameFieldsKsy.ETHERNET_FRAME_SRC;
import static io.rocescope.dissector.field.ksy.Ipv4PacketFieldsKsy.IPV4_PACKET_ADDR;
import static io.rocescope.dissector.field.ksy.Ipv4PacketFieldsKsy.IPV4_PACKET_DST;
import static io.rocescope.dissector.field.ksy.Ipv4PacketFieldsKsy.IPV4_PACKET_SRC;
import static io.rocescope.dissector.field.ksy.Ipv6PacketFieldsKsy.IPV6_PACKET_ADDR;
import static io.rocescope.dissector.field.ksy.Ipv6PacketFieldsKsy.IPV6_PACKET_DST;
import static io.rocescope.dissector.field.ksy.Ipv6PacketFieldsKsy.IPV6_PACKET_SRC;

/**
 * Wireshark's packet list: one row per displayed frame, virtualized (only the rows on screen are
 * decoded, through {@link PacketRows}), rows of a fixed height, coloured by the first matching rule.
 * Sorting by a column is handed to {@code onSort} (it runs in the background over every displayed frame).
 */
final class PacketList {
    static final double ROW_HEIGHT = 22;

    final TableView<Integer> table = new TableView<>();
    private PacketRows rows;

    PacketList(Consumer<TableColumn<Integer, ?>> onSort, Consumer<String> applyFilter) {
        table.setId("frames");
        table.setFixedCellSize(ROW_HEIGHT);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.setPlaceholder(new javafx.scene.control.Label("No frames. Open a capture with File → Open, or drop one here."));
        double[] widths = {70, 100, 150, 150, 80, 70, 720};
        for (int c = 0; c < PacketRows.TITLES.length; c++) {
            int col = c;
            TableColumn<Integer, String> tc = new TableColumn<>(PacketRows.TITLES[c]);
            tc.setPrefWidth(widths[c]);
            tc.setCellValueFactory(cell -> new ReadOnlyStringWrapper(rows == null ? "" : rows.row(cell.getValue()).columns()[col]));
            if (c == 0 || c == 1 || c == 5) tc.setStyle("-fx-alignment: CENTER-RIGHT;");
            table.getColumns().add(tc);
        }
        table.setRowFactory(t -> {
            TableRow<Integer> row = new TableRow<>() {
                @Override
                protected void updateItem(Integer frame, boolean empty) {
                    super.updateItem(frame, empty);
                    colour(this);
                }
            };
            row.selectedProperty().addListener((o, was, is) -> colour(row));
            return row;
        });
        table.setSortPolicy(t -> {
            onSort.accept(t.getSortOrder().isEmpty() ? null : t.getSortOrder().get(0));
            return true;
        });
        MenuItem text = new MenuItem("Copy as Text");
        MenuItem csv = new MenuItem("Copy as CSV");
        MenuItem src = new MenuItem("Apply as Filter: Source");
        MenuItem dst = new MenuItem("Apply as Filter: Destination");
        MenuItem conv = new MenuItem("Apply as Filter: Conversation");
        text.setOnAction(e -> copy(false));
        csv.setOnAction(e -> copy(true));
        src.setOnAction(e -> selectedColumnFilter(2, applyFilter));
        dst.setOnAction(e -> selectedColumnFilter(3, applyFilter));
        conv.setOnAction(e -> {
            Integer f = table.getSelectionModel().getSelectedItem();
            if (f == null || rows == null) return;
            String[] c = rows.row(f).columns();
            FieldSpec[] a = addressFields(c[2]), b = addressFields(c[3]);
            if (a == null || b == null) return;
            String x = a[EITHER].abbrev();
            applyFilter.accept(x + " == " + c[2] + " && " + x + " == " + c[3]);
        });
        table.setContextMenu(new ContextMenu(src, dst, conv, new SeparatorMenuItem(), text, csv));
    }

    /** A row's colouring rule as its background; a selected row shows the selection colour instead. */
    private void colour(TableRow<Integer> row) {
        Integer frame = row.getItem();
        ColourRule r = row.isEmpty() || frame == null || rows == null || row.isSelected() ? null : rows.row(frame).rule();
        row.setStyle(r == null ? "" : "-fx-background-color: " + r.background + "; -fx-text-background-color: " + r.foreground + ";");
    }

    void rows(PacketRows rows) { this.rows = rows; }

    PacketRows rows() { return rows; }

    private void selectedColumnFilter(int col, Consumer<String> applyFilter) {
        Integer f = table.getSelectionModel().getSelectedItem();
        if (f == null || rows == null) return;
        String v = rows.row(f).columns()[col];
        FieldSpec[] fields = addressFields(v);
        if (fields != null) applyFilter.accept(fields[col == 2 ? SOURCE : DESTINATION].abbrev() + " == " + v);
    }

    /** An address kind's fields (the .ksy's), indexed by SOURCE, DESTINATION and EITHER. */
    private static final int SOURCE = 0, DESTINATION = 1, EITHER = 2;
    private static final FieldSpec[] IPV4 = {IPV4_PACKET_SRC, IPV4_PACKET_DST, IPV4_PACKET_ADDR},
        ETHER = {ETHERNET_FRAME_SRC, ETHERNET_FRAME_DST, ETHERNET_FRAME_ADDR}, IPV6 = {IPV6_PACKET_SRC, IPV6_PACKET_DST, IPV6_PACKET_ADDR};

    /** The fields of the address a Source/Destination column text is: IPv4's, Ethernet's or IPv6's; null for none. */
    static FieldSpec[] addressFields(String text) {
        if (text.isEmpty() || text.equals("Broadcast")) return null;
        if (text.matches("\\d+\\.\\d+\\.\\d+\\.\\d+")) return IPV4;
        if (text.matches("([0-9a-f]{2}:){5}[0-9a-f]{2}")) return ETHER;
        if (text.contains(":")) return IPV6;
        return null;
    }

    /** The selected rows' columns, as text (the CLI's summary lines) or CSV with a header, to the clipboard. */
    void copy(boolean csv) {
        List<Integer> sel = List.copyOf(table.getSelectionModel().getSelectedItems());
        ClipboardContent c = new ClipboardContent();
        c.putString(selectionText(sel, csv));
        Clipboard.getSystemClipboard().setContent(c);
    }

    String selectionText(List<Integer> frames, boolean csv) {
        StringBuilder sb = new StringBuilder();
        if (csv) sb.append(csvLine(PacketRows.TITLES));
        for (Integer f : frames) {
            String[] c = rows.row(f).columns();
            if (csv) {
                sb.append(csvLine(c));
            } else {
                sb.append(String.format("%5s %11s %17s → %-17s %s %s %s%n", c[0], c[1], c[2], c[3], c[4], c[5], c[6]));
            }
        }
        return sb.toString();
    }

    private static String csvLine(String[] cells) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < cells.length; i++) {
            if (i > 0) sb.append(',');
            sb.append('"').append(cells[i].replace("\"", "\"\"")).append('"');
        }
        return sb.append('\n').toString();
    }
}
