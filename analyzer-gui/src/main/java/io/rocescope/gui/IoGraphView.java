package io.rocescope.gui;

import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.scene.chart.AreaChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;

import java.util.List;
import java.util.Locale;

/**
 * Wireshark's IO graph over every frame: packets or bytes per interval, the interval chosen (or
 * picked so that the capture spans at most {@link #MAX_BINS} of them), counted from the index.
 */
final class IoGraphView {
    static final int MAX_BINS = 400;
    static final List<String> INTERVALS = List.of("auto", "1 µs", "10 µs", "100 µs", "1 ms", "10 ms", "100 ms", "1 s", "10 s");

    final NumberAxis x = new NumberAxis(), y = new NumberAxis();
    final AreaChart<Number, Number> chart = new AreaChart<>(x, y);
    final ComboBox<String> interval = new ComboBox<>(FXCollections.observableArrayList(INTERVALS));
    final ComboBox<String> unit = new ComboBox<>(FXCollections.observableArrayList("Packets", "Bytes"));
    final Label info = new Label("");
    final BorderPane pane = new BorderPane(chart);
    private FrameIndex index;
    /** The counts last drawn (tests compare them with the CLI's -z io,stat). */
    long[] bins = new long[0];
    long binNanos;

    IoGraphView() {
        chart.setId("iograph");
        chart.setLegendVisible(false);
        chart.setCreateSymbols(false);
        chart.setAnimated(false);
        x.setLabel("Time (s)");
        x.setForceZeroInRange(true);
        interval.getSelectionModel().select(0);
        unit.getSelectionModel().select(0);
        interval.setOnAction(e -> redraw());
        unit.setOnAction(e -> redraw());
        HBox bar = new HBox(8, new Label("Interval"), interval, new Label("Unit"), unit, info);
        bar.setPadding(new Insets(4, 8, 4, 8));
        bar.setAlignment(javafx.geometry.Pos.CENTER_LEFT);
        pane.setTop(bar);
    }

    void clear() {
        index = null;
        chart.getData().clear();
        info.setText("");
    }

    void show(FrameIndex idx) {
        index = idx;
        redraw();
    }

    static long intervalNanos(String s) {
        return switch (s) {
            case "1 µs" -> 1_000L;
            case "10 µs" -> 10_000L;
            case "100 µs" -> 100_000L;
            case "1 ms" -> 1_000_000L;
            case "10 ms" -> 10_000_000L;
            case "100 ms" -> 100_000_000L;
            case "1 s" -> 1_000_000_000L;
            case "10 s" -> 10_000_000_000L;
            default -> 0;
        };
    }

    /** Counts per interval of {@code binNanos} from the first frame's time (as tshark's -z io,stat). */
    static long[] count(FrameIndex idx, long binNanos, boolean bytes) {
        int n = idx.size();
        if (n == 0) return new long[0];
        // the index is read a block at a time (it is kept in a temporary file but for a few pages)
        long[] t = new long[BLOCK], len = new long[BLOCK];
        long t0 = idx.firstTime(), last = t0;
        for (int from = 0; from < n; from += BLOCK) {
            int k = Math.min(BLOCK, n - from);
            idx.times(from, t, k);
            for (int i = 0; i < k; i++) last = Math.max(last, t[i]);
        }
        int bins = (int) Math.min(Integer.MAX_VALUE - 8, (last - t0) / binNanos + 1);
        long[] out = new long[bins];
        for (int from = 0; from < n; from += BLOCK) {
            int k = Math.min(BLOCK, n - from);
            idx.times(from, t, k);
            if (bytes) idx.lengths(from, len, k);
            for (int i = 0; i < k; i++) {
                long d = t[i] - t0;
                if (d < 0) continue;   // before the first frame: tshark leaves it out too
                out[(int) (d / binNanos)] += bytes ? len[i] : 1;
            }
        }
        return out;
    }

    private static final int BLOCK = 1 << 14;

    void redraw() {
        chart.getData().clear();
        if (index == null || index.size() == 0) return;
        long bin = intervalNanos(interval.getValue());
        long span = index.time(index.size() - 1) - index.firstTime();
        if (bin == 0) {
            bin = 1_000;
            while (span / bin + 1 > MAX_BINS) bin *= 10;
        }
        if (span / bin + 1 > 200_000) {
            info.setText("interval too small for this capture (more than 200 000 points)");
            return;
        }
        boolean bytes = "Bytes".equals(unit.getValue());
        bins = count(index, bin, bytes);
        binNanos = bin;
        XYChart.Series<Number, Number> s = new XYChart.Series<>();
        for (int i = 0; i < bins.length; i++) s.getData().add(new XYChart.Data<>(i * bin / 1e9, bins[i]));
        chart.getData().add(s);
        y.setLabel((bytes ? "Bytes" : "Packets") + " / " + label(bin));
        long max = 0;
        for (long b : bins) max = Math.max(max, b);
        info.setText(String.format(Locale.ROOT, "%d intervals of %s, peak %d", bins.length, label(bin), max));
    }

    static String label(long nanos) {
        if (nanos >= 1_000_000_000L) return nanos / 1_000_000_000L + " s";
        if (nanos >= 1_000_000L) return nanos / 1_000_000L + " ms";
        return nanos / 1_000L + " µs";
    }
}
