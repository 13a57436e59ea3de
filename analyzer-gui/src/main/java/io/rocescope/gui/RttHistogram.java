package io.rocescope.gui;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;

import java.util.Locale;

/**
 * A histogram of round-trip times (microseconds): {@link #BINS} equal bins from the smallest to the
 * largest value, the median and p99 as dashed lines.
 */
final class RttHistogram extends PlotArea {
    static final int BINS = 40;
    static final Color BAR = Color.web("#2b5797"), BAR_EDGE = Color.web("#1d3d6b"), MARK = Color.web("#d62728");

    /** The values drawn (µs), the counts per bin and the bins' lower edge and width. */
    double[] values = new double[0];
    long[] counts = new long[0];
    double lo, width;
    private double median = Double.NaN, p99 = Double.NaN;

    RttHistogram() { setId("rtthistogram"); }

    void show(double[] micros, double medianMicros, double p99Micros) {
        values = micros.clone();
        median = medianMicros;
        p99 = p99Micros;
        counts = new long[values.length == 0 ? 0 : BINS];
        double min = Double.MAX_VALUE, max = -Double.MAX_VALUE;
        for (double v : values) { min = Math.min(min, v); max = Math.max(max, v); }
        if (values.length > 0) {
            lo = min;
            width = max > min ? (max - min) / BINS : 1;
            for (double v : values) counts[Math.min(BINS - 1, (int) ((v - lo) / width))]++;
            long top = 0;
            for (long c : counts) top = Math.max(top, c);
            x0 = lo - width; x1 = lo + width * (BINS + 1);
            y0 = 0; y1 = Math.max(1, top * 1.12);
        } else {
            x0 = 0; x1 = 1; y0 = 0; y1 = 1;
        }
        redraw();
    }

    /** Values counted in the bars (all of them: each falls in one bin). */
    long counted() {
        long n = 0;
        for (long c : counts) n += c;
        return n;
    }

    @Override
    void redraw() {
        double span = x1 - x0;
        GraphicsContext g = axes("Round-trip time (µs)", "Requests", v -> number(v, span), v -> String.format(Locale.ROOT, "%.0f", v));
        for (int i = 0; i < counts.length; i++) {
            if (counts[i] == 0) continue;
            double a = px(lo + i * width), b = px(lo + (i + 1) * width), top = py(counts[i]), base = py(0);
            g.setFill(BAR);
            g.fillRect(a + 0.5, top, Math.max(1, b - a - 1), base - top);
            g.setStroke(BAR_EDGE);
            g.setLineWidth(1);
            g.strokeRect(snap(a) + 0.5, snap(top), Math.max(1, Math.round(b - a - 1)), Math.round(base - top));
        }
        g.setFont(FONT);
        g.setTextBaseline(VPos.TOP);
        g.setTextAlign(TextAlignment.LEFT);
        mark(g, median, "median");
        mark(g, p99, "p99");
        if (counts.length == 0) {
            g.setFill(AXIS);
            g.setTextAlign(TextAlignment.CENTER);
            g.fillText("no round-trip time measured in this direction", LEFT + plotWidth() / 2, TOP + plotHeight() / 2);
        }
        g.restore();
    }

    private void mark(GraphicsContext g, double v, String name) {
        if (Double.isNaN(v) || counts.length == 0) return;
        double x = snap(px(v));
        g.setStroke(MARK);
        g.setLineWidth(1.2);
        g.setLineDashes(5, 4);
        g.strokeLine(x, TOP, x, TOP + plotHeight());
        g.setLineDashes();
        g.setFill(MARK);
        boolean right = x > LEFT + plotWidth() - 60;   // near the right edge: the label goes to the line's left
        g.setTextAlign(right ? TextAlignment.RIGHT : TextAlignment.LEFT);
        g.fillText(name, right ? x - 4 : x + 4, TOP + 4 + ("p99".equals(name) ? 14 : 0));
        g.setTextAlign(TextAlignment.LEFT);
    }
}
