package io.rocescope.gui;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.Fields;
import io.rocescope.flow.Reports;
import io.rocescope.flow.TimelineEvent;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Pane;
import javafx.scene.shape.Rectangle;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongFunction;
import java.util.stream.Collectors;

/**
 * One row per connection (QP pair) with the figures of {@code rocescope flows -T json}: set-up,
 * endpoints, MTU, packets and bytes each way, messages, PSN gaps, retransmissions, NAKs by kind, RNR
 * NAKs, CNPs, CE marks, RTT, a bar showing when in the capture it was active, and per direction its
 * fabric ({@link ConnectionFabric}). Selecting a row filters the packet list to the connection's frames
 * (its data both ways and its set-up) and shows its parameters and ending ({@link ConnectionDetails}).
 */
final class ConnectionsView {
    final TableView<Reports.ConnectionReport> table = new TableView<>();
    final Label header = new Label("Connections appear when the analysis of the capture has run.");
    final ConnectionDetails details = new ConnectionDetails();
    final BorderPane pane = new BorderPane();
    private double durationNanos = 1;
    private Reports.Analysis analysis;
    /** Decodes a frame by number (the details place findings by their frames); set by the window. */
    LongFunction<DecodedFrame> frames = n -> null;

    ConnectionsView(Consumer<String> filter) {
        table.setId("connections");
        header.getStyleClass().add("view-header");
        BorderPane.setMargin(header, new Insets(4, 8, 4, 8));
        pane.setTop(header);
        table.setPlaceholder(new Label("No RoCE connections"));
        col("ID", 34, c -> c.id());
        col("Set-up", 70, c -> c.setup().json());
        col("Tr", 34, Reports.ConnectionReport::transport);
        col("Endpoint A", 180, c -> endpoint(c.a()));
        col("Endpoint B", 180, c -> endpoint(c.b()));
        col("MTU", 48, c -> c.mtu() == null ? "?" : c.mtu());
        col("Packets A→B", 100, c -> c.aToB() == null ? 0L : c.aToB().packets());
        col("Packets B→A", 100, c -> c.bToA() == null ? 0L : c.bToA().packets());
        col("Bytes", 80, c -> both(c, Reports.FlowReport::bytes));
        col("Msgs", 54, c -> both(c, f -> f.messages().count() + f.readResponseMessages().count()));
        col("Gaps", 46, c -> both(c, f -> f.psn().gaps()));
        col("Resent", 54, c -> both(c, f -> f.psn().retransmittedPackets()));
        col("NAKs", 120, ConnectionsView::naks);
        col("RNR", 42, c -> both(c, f -> f.answers().rnrNaks()));
        col("CNPs", 48, c -> both(c, Reports.FlowReport::cnps));
        col("CE", 48, c -> both(c, Reports.FlowReport::ceMarked));
        col("RTT p50", 90, ConnectionsView::rtt);
        TableColumn<Reports.ConnectionReport, Reports.ConnectionReport> bar = new TableColumn<>("Active");
        bar.setPrefWidth(150);
        bar.setSortable(false);
        bar.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        bar.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(Reports.ConnectionReport r, boolean empty) {
                super.updateItem(r, empty);
                setGraphic(empty || r == null ? null : timeBar(r, Math.max(40, getTableColumn().getWidth() - 12)));
            }
        });
        table.getColumns().add(bar);
        ConnectionFabric.addColumns(table);
        table.getSelectionModel().selectedItemProperty().addListener((o, old, c) -> {
            details.show(c, analysis, frames);
            if (c != null) filter.accept(filter(c));
        });
        SplitPane split = new SplitPane(table, details.pane);
        split.setDividerPositions(0.62);
        pane.setCenter(split);
    }

    private <T> void col(String title, double width, Function<Reports.ConnectionReport, T> value) {
        TableColumn<Reports.ConnectionReport, T> c = new TableColumn<>(title);
        c.setPrefWidth(width);
        c.setCellValueFactory(cell -> new ReadOnlyObjectWrapper<>(value.apply(cell.getValue())));
        table.getColumns().add(c);
    }

    void show(Reports.Analysis a) {
        analysis = a;
        details.show(null, null, frames);
        if (a == null) {
            table.setItems(FXCollections.observableArrayList());
            header.setText("Connections appear when the analysis of the capture has run.");
            return;
        }
        durationNanos = Math.max(1, a.summary().durationSeconds().nanos());
        table.setItems(FXCollections.observableArrayList(a.connections()));
        // no "select one" when there is none to select (a capture of CM REJs, of ARP only)
        header.setText(a.connections().isEmpty() ? "No RoCE connections (" + Plural.of(a.summary().flows(), "flow") + ")"
            : Plural.of(a.connections().size(), "connection") + ", " + Plural.of(a.summary().flows(), "flow")
            + " — select one to show its frames, parameters and how it ended");
    }

    static String endpoint(Reports.EndpointReport e) {
        if (e == null) return "?";
        return e.ip() + (e.qpn() == null ? "" : String.format(Locale.ROOT, " QP 0x%06x", e.qpn()));
    }

    private static long both(Reports.ConnectionReport c, Function<Reports.FlowReport, Long> v) {
        long n = 0;
        if (c.aToB() != null) n += v.apply(c.aToB());
        if (c.bToA() != null) n += v.apply(c.bToA());
        return n;
    }

    /** NAKs by kind, both directions: "PSN Sequence Error 4". */
    static String naks(Reports.ConnectionReport c) {
        java.util.Map<String, Long> m = new java.util.TreeMap<>();
        for (Reports.FlowReport f : new Reports.FlowReport[] {c.aToB(), c.bToA()}) {
            if (f != null) f.answers().naks().forEach((k, v) -> m.merge(k, v, Long::sum));
        }
        return m.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "));
    }

    static String rtt(Reports.ConnectionReport c) {
        List<String> out = new ArrayList<>();
        for (Reports.FlowReport f : new Reports.FlowReport[] {c.aToB(), c.bToA()}) {
            if (f != null && f.answers().rttMicros().count() > 0) out.add(f.answers().rttMicros().median() + " µs");
        }
        return String.join(" / ", out);
    }

    /** The display filter for a connection's frames: each direction's packets to its QP ({@link FollowQp#filter}), and its set-up frames. */
    static String filter(Reports.ConnectionReport c) {
        String data = FollowQp.filter(c);
        TreeSet<Long> setup = new TreeSet<>();
        if (c.timeline() != null) for (TimelineEvent e : c.timeline()) setup.add(e.frame());
        if (setup.isEmpty()) return data;
        String frames = Fields.FRAME_NUMBER.abbrev() + " in {" + setup.stream().map(String::valueOf).collect(Collectors.joining(",")) + "}";
        return data.isEmpty() ? frames : data + " || " + frames;
    }

    private Pane timeBar(Reports.ConnectionReport c, double width) {
        double first = Double.MAX_VALUE, last = 0;
        for (Reports.FlowReport f : new Reports.FlowReport[] {c.aToB(), c.bToA()}) {
            if (f == null) continue;
            first = Math.min(first, f.firstTime().nanos());
            last = Math.max(last, f.lastTime().nanos());
        }
        Pane p = new Pane();
        Rectangle track = new Rectangle(0, 3, width, 10);
        track.getStyleClass().add("bar-track");
        p.getChildren().add(track);
        if (first != Double.MAX_VALUE) {
            double x = width * first / durationNanos, w = Math.max(2, width * (last - first) / durationNanos);
            Rectangle r = new Rectangle(x, 3, Math.min(w, width - x), 10);
            r.getStyleClass().add("bar-active");
            p.getChildren().add(r);
        }
        p.setPrefSize(width, 16);
        return p;
    }
}
