package io.rocescope.gui;

import io.rocescope.flow.Reports;
import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Statistics ▸ PSN Time-Sequence Graph: pick a connection's direction; its points are collected in the
 * background ({@link SequencePoints}) and drawn ({@link PsnGraph}).
 */
final class PsnGraphView {
    /** One direction of a connection with requests. */
    record Choice(Reports.ConnectionReport connection, boolean aToB) {
        Reports.FlowReport flow() { return aToB ? connection.aToB() : connection.bToA(); }

        @Override
        public String toString() {
            Reports.FlowReport f = flow();
            return String.format(Locale.ROOT, "#%d %s → %s  QP 0x%06x  (%s)", connection.id(), f.src(), f.dst(), f.destQp(),
                Plural.grouped(f.psn() == null ? f.packets() : f.psn().requests(), "packet"));
        }
    }

    final ComboBox<Choice> direction = new ComboBox<>();
    final Label info = new Label("The graph appears when the analysis of the capture has run.");
    final Button reset = new Button("Reset Zoom");
    final PsnGraph graph;
    final BorderPane pane;
    private final Consumer<Runnable> background;
    private final AtomicInteger generation = new AtomicInteger();
    private CaptureFile file;
    private Retransmissions resent = Retransmissions.none();
    /** The graph is collected only while its tab shows (a pass over the whole capture); until then the choice waits. */
    private boolean visible;
    private Choice waiting;

    PsnGraphView(LongConsumer goTo, Consumer<Runnable> background) {
        this.background = background;
        graph = new PsnGraph(goTo);
        direction.setId("psn-direction");
        info.getStyleClass().add("view-header");
        reset.setOnAction(e -> graph.resetZoom());
        direction.valueProperty().addListener((o, old, c) -> load(c));
        reset.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        javafx.scene.control.Tooltip.install(graph, new javafx.scene.control.Tooltip(
            "Drag to zoom, wheel to zoom, right-drag to pan, double-click for all; click a point to go to its frame"));
        pane = new BorderPane(graph);
        // the summary on a line of its own, wrapped: beside the direction it was cut off in a 1280-pixel window
        info.setWrapText(true);
        info.setPadding(new javafx.geometry.Insets(0, 8, 4, 8));
        pane.setTop(new javafx.scene.layout.VBox(Directions.bar(direction, reset), info));
    }

    /** The directions of {@code a}'s connections that carry requests (PSN-sequenced), busiest first. */
    static List<Choice> choices(Reports.Analysis a) {
        return Directions.of(a, f -> f.psn() == null ? 0 : f.psn().requests(), Choice::new);
    }

    void show(CaptureFile f, Reports.Analysis a) {
        generation.incrementAndGet();
        file = f;
        resent = a == null ? Retransmissions.none() : Retransmissions.frames(a);
        List<Choice> cs = choices(a);
        direction.setItems(FXCollections.observableArrayList(cs));
        graph.show(null);
        if (a == null) info.setText("The graph appears when the analysis of the capture has run.");
        else if (cs.isEmpty()) info.setText("No connection with PSN-sequenced requests in this capture.");
        else direction.getSelectionModel().select(0);
    }

    /** Shows this direction (e.g. the one selected in Connections). */
    void select(Reports.ConnectionReport c, boolean aToB) {
        for (Choice ch : direction.getItems()) if (ch.connection() == c && ch.aToB() == aToB) direction.getSelectionModel().select(ch);
    }

    /** Its tab was selected or left: a waiting choice is collected now. */
    void visible(boolean v) {
        visible = v;
        if (v && waiting != null) load(waiting);
    }

    private void load(Choice c) {
        int gen = generation.incrementAndGet();
        graph.show(null);
        waiting = null;
        if (c == null || file == null) return;
        if (!visible) {
            waiting = c;
            return;
        }
        CaptureFile f = file;
        Retransmissions r = resent;
        info.setText("Collecting the PSNs …");
        SequencePoints.Direction d = SequencePoints.Direction.of(c.connection(), c.aToB(), f.index.size() == 0 ? 0 : f.index.time(0));
        background.accept(() -> {
            try {
                SequencePoints p = SequencePoints.collect(f.readPath.toString(), f.index.size(), d, r, () -> generation.get() != gen);
                Platform.runLater(() -> {
                    if (generation.get() != gen) return;
                    graph.show(p);
                    info.setText(summary(p));
                });
            } catch (CancellationException e) {
                // a newer choice replaced this one
            } catch (IOException e) {
                Platform.runLater(() -> { if (generation.get() == gen) info.setText("Read error: " + e.getMessage()); });
            }
        });
    }

    /** "credits 0–16" over the ACKs that counted them, "credits unlimited", or "no credits" (no ACK). */
    static String credits(CreditWindow w) {
        int lo = Integer.MAX_VALUE, hi = Integer.MIN_VALUE;
        for (int c : w.credits) if (c != CreditWindow.UNLIMITED) { lo = Math.min(lo, c); hi = Math.max(hi, c); }
        if (w.size() == 0) return "no credits";
        if (lo > hi) return "credits unlimited";
        return lo == hi ? String.format(Locale.ROOT, "credits %,d", lo) : String.format(Locale.ROOT, "credits %,d–%,d", lo, hi);
    }

    static String summary(SequencePoints p) {
        long resent = 0, naks = 0, rnr = 0, answers = 0;
        for (int i = 0; i < p.requests.size; i++) if (p.requests.kinds[i] == SequencePoints.Kind.RESENT) resent++;
        for (int i = 0; i < p.answers.size; i++) {
            switch (p.answers.kinds[i]) {
                case NAK -> naks++;
                case RNR_NAK -> rnr++;
                default -> answers++;
            }
        }
        String s = Plural.grouped(p.requests.size, "request") + String.format(Locale.ROOT, " (%,d retransmitted), ", resent)
            + Plural.grouped(answers, "ACK/response", "ACKs/responses") + ", " + Plural.grouped(naks, "NAK") + ", " + Plural.grouped(rnr, "RNR NAK")
            + ", " + credits(p.credits) + ", " + Plural.grouped(p.cnps.size, "CNP") + String.format(Locale.ROOT, ", %,d CE-marked", p.ce.size);
        if (p.requests.leftOut + p.answers.leftOut > 0) {
            s += String.format(Locale.ROOT, " — capped at %,d points a series, %,d left out", SequencePoints.MAX_POINTS,
                p.requests.leftOut + p.answers.leftOut);
        }
        return s;
    }
}
