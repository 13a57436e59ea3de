package io.rocescope.gui;

import io.rocescope.flow.Reports;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.ToLongFunction;

/** What the per-direction views (PSN graph, RTT) share: the list of a capture's directions, and the bar to pick one. */
final class Directions {
    private Directions() {}

    /**
     * Each direction of {@code a}'s connections whose {@code weight} (a count of its) is above zero, made
     * into an entry by {@code make} (connection, A→B?), the heaviest first.
     */
    static <T> List<T> of(Reports.Analysis a, ToLongFunction<Reports.FlowReport> weight, BiFunction<Reports.ConnectionReport, Boolean, T> make) {
        record Weighed<T>(T entry, long weight) {}
        List<Weighed<T>> out = new ArrayList<>();
        if (a == null) return List.of();
        for (Reports.ConnectionReport c : a.connections()) {
            for (boolean ab : new boolean[] {true, false}) {
                Reports.FlowReport f = ab ? c.aToB() : c.bToA();
                long w = f == null ? 0 : weight.applyAsLong(f);
                if (w > 0) out.add(new Weighed<>(make.apply(c, ab), w));
            }
        }
        out.sort(Comparator.comparingLong((Weighed<T> x) -> x.weight()).reversed());
        return out.stream().map(Weighed::entry).toList();
    }

    /** "Direction [choice] …": the bar above a per-direction view. */
    static HBox bar(ComboBox<?> direction, Node... rest) {
        Label label = new Label("Direction");
        label.setMinWidth(Region.USE_PREF_SIZE);
        direction.setMinWidth(300);
        direction.setPrefWidth(460);
        HBox bar = new HBox(8, label, direction);
        bar.getChildren().addAll(rest);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.setPadding(new Insets(4, 8, 4, 8));
        return bar;
    }
}
