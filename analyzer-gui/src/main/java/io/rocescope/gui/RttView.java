package io.rocescope.gui;

import io.rocescope.flow.Reports;
import javafx.collections.FXCollections;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;

import java.util.List;
import java.util.Locale;

/**
 * Statistics ▸ RTT Distribution: per connection direction, the round-trip times the tracker measured
 * (a request with AckReq, a READ or an atomic, to the ACK or response that covers it; requests sent
 * once only, Karn's rule): its count, min, median, p99 and max as {@code flows -T json} gives them
 * ({@code rttMicros}), and a histogram of the tracker's sample of the values themselves (every one while
 * there were at most 512, else a fair sample, which the view says). Nothing is measured again here.
 */
final class RttView {
    record Choice(Reports.ConnectionReport connection, boolean aToB) {
        Reports.FlowReport flow() { return aToB ? connection.aToB() : connection.bToA(); }

        Reports.DistReport rtt() { return flow().answers().rttMicros(); }

        long[] sampleNanos() {
            Reports.FlowEvents e = flow().events();
            return e == null || e.rttSampleNanos() == null ? new long[0] : e.rttSampleNanos();
        }

        @Override
        public String toString() {
            Reports.FlowReport f = flow();
            return String.format(Locale.ROOT, "#%d %s → %s  QP 0x%06x  (%s)", connection.id(), f.src(), f.dst(), f.destQp(), Plural.grouped(rtt().count(), "RTT"));
        }
    }

    final ComboBox<Choice> direction = new ComboBox<>();
    final Label stats = new Label("The distribution appears when the analysis of the capture has run.");
    final RttHistogram histogram = new RttHistogram();
    final BorderPane pane;

    RttView() {
        direction.setId("rtt-direction");
        stats.setId("rtt-stats");
        stats.getStyleClass().add("view-header");
        direction.valueProperty().addListener((o, old, c) -> draw(c));
        pane = new BorderPane(histogram);
        pane.setTop(Directions.bar(direction, stats));
    }

    /** Directions whose requests the tracker timed, most round trips first. */
    static List<Choice> choices(Reports.Analysis a) {
        return Directions.of(a, f -> f.answers() == null || f.answers().rttMicros() == null ? 0 : f.answers().rttMicros().count(), Choice::new);
    }

    void show(Reports.Analysis a) {
        List<Choice> cs = choices(a);
        direction.setItems(FXCollections.observableArrayList(cs));
        if (a == null) {
            stats.setText("The distribution appears when the analysis of the capture has run.");
            histogram.show(new double[0], Double.NaN, Double.NaN);
        } else if (cs.isEmpty()) {
            stats.setText("No round-trip time measured in this capture (no answered request sent once).");
            histogram.show(new double[0], Double.NaN, Double.NaN);
        } else {
            direction.getSelectionModel().select(0);
        }
    }

    private void draw(Choice c) {
        if (c == null) return;
        Reports.DistReport d = c.rtt();
        long[] sample = c.sampleNanos();
        double[] micros = new double[sample.length];
        for (int i = 0; i < sample.length; i++) micros[i] = sample[i] / 1000.0;
        histogram.show(micros, d.median(), d.p99());
        stats.setText(text(d, sample.length));
    }

    static String text(Reports.DistReport d, int sampled) {
        String s = Plural.grouped(d.count(), "RTT") + String.format(Locale.ROOT, "   min %,d µs   median %,d µs   p99 %,d µs   max %,d µs   mean %,.1f µs",
            d.min(), d.median(), d.p99(), d.max(), d.mean());
        if (sampled < d.count()) s += String.format(Locale.ROOT, "   (histogram: the tracker's sample of %,d)", sampled);
        return s;
    }
}
