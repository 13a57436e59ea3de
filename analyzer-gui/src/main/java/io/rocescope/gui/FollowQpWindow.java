package io.rocescope.gui;

import io.rocescope.dissector.field.InfinibandNames;
import io.rocescope.flow.Reports;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import javafx.stage.Window;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.LongPredicate;

/**
 * The Follow QP window: the connection, the display filter that selects it (set in the main window too),
 * its packets both ways ({@link FollowQp}), A→B and B→A told apart by colour as Wireshark's client and
 * server; double-click a packet to go to it; Back restores the filter the main window had before.
 */
final class FollowQpWindow {
    final Stage stage = new Stage();
    final TableView<FollowQp.Packet> table = new TableView<>();
    final Label summary = new Label();
    final TextField filter = new TextField();
    final Button back = new Button("Back");
    final Button close = new Button("Close");

    FollowQpWindow(Window owner, Reports.ConnectionReport c, String filterText, List<FollowQp.Packet> packets, long total,
                   LongPredicate goTo, Runnable onBack) {
        stage.initOwner(owner);
        stage.setTitle(String.format(Locale.ROOT, "Follow QP (connection %d: %s ↔ %s) — RoCEscope", c.id(),
            ConnectionsView.endpoint(c.a()), ConnectionsView.endpoint(c.b())));
        table.setId("follow-qp");
        table.setFixedCellSize(PacketList.ROW_HEIGHT);
        col("No.", 64, FollowQp.Packet::frame);
        col("Time", 96, FollowQp.Packet::time);
        col("Dir", 46, FollowQp.Packet::direction);
        col("Opcode", 214, FollowQp.Packet::opcode);
        col("PSN", 84, FollowQp.Packet::psn);
        col("Payload", 70, FollowQp.Packet::payload);
        col("Message", 236, FollowQp.Packet::message);
        col("ACK/NAK", 290, FollowQp.Packet::answer);
        table.setItems(FXCollections.observableArrayList(packets));
        table.setRowFactory(t -> {
            TableRow<FollowQp.Packet> row = new TableRow<>() {
                @Override
                protected void updateItem(FollowQp.Packet p, boolean empty) {
                    super.updateItem(p, empty);
                    getStyleClass().removeAll("follow-a", "follow-b", "follow-nak", "follow-rnr");
                    if (empty || p == null) return;
                    int type = p.syndrome() < 0 ? -1 : InfinibandNames.aethType(p.syndrome());
                    getStyleClass().add(type == InfinibandNames.AETH_NAK ? "follow-nak" : type == InfinibandNames.AETH_RNR_NAK ? "follow-rnr"
                        : p.direction().equals("A→B") ? "follow-a" : "follow-b");
                }
            };
            row.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2 && row.getItem() != null) goTo.test(row.getItem().frame());
            });
            return row;
        });
        Label head = new Label(String.format(Locale.ROOT, "Connection %d (%s, set-up %s): A = %s, B = %s", c.id(), c.transport(),
            c.setup().json(), ConnectionsView.endpoint(c.a()), ConnectionsView.endpoint(c.b())));
        head.getStyleClass().add("view-header");
        filter.setText(filterText);
        filter.setEditable(false);
        filter.getStyleClass().add("filter-field");
        HBox filterRow = new HBox(6, new Label("Filter"), filter);
        HBox.setHgrow(filter, Priority.ALWAYS);
        filterRow.setStyle("-fx-alignment: center-left;");
        long a = packets.stream().filter(p -> p.direction().equals("A→B")).count();
        long msgs = packets.stream().filter(p -> p.message().endsWith(" B)") && !p.message().contains("resent")).count();
        summary.setText(Plural.of(total, "packet") + (total > packets.size() ? " (the first " + packets.size() + " listed)" : "")
            + String.format(Locale.ROOT, ": %d A→B, %d B→A; %s complete", a, packets.size() - a, Plural.of(msgs, "message"))
            + (packets.stream().anyMatch(p -> p.message().contains("resent")) ? " (and resent copies)" : "")
            + " — double-click a packet to go to it");
        back.setOnAction(e -> { onBack.run(); stage.close(); });
        close.setOnAction(e -> stage.close());
        back.setTooltip(new javafx.scene.control.Tooltip("Close, and restore the display filter the window had before"));
        Region gap = new Region();
        HBox.setHgrow(gap, Priority.ALWAYS);
        HBox buttons = new HBox(8, summary, gap, back, close);
        buttons.setStyle("-fx-alignment: center-left;");
        VBox top = new VBox(6, head, filterRow);
        BorderPane root = new BorderPane(table, top, null, buttons, null);
        root.setPadding(new Insets(8));
        BorderPane.setMargin(table, new Insets(6, 0, 6, 0));
        Scene scene = new Scene(root, 1180, 560);
        scene.getStylesheets().add(RoceScopeGui.class.getResource("rocescope.css").toExternalForm());
        stage.setScene(scene);
    }

    private <T> void col(String title, double width, Function<FollowQp.Packet, T> value) {
        TableColumn<FollowQp.Packet, T> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        if (List.of("No.", "Time", "PSN", "Payload").contains(title)) c.setStyle("-fx-alignment: CENTER-RIGHT;");
        table.getColumns().add(c);
    }
}
