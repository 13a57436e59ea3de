package io.rocescope.gui;

import javafx.geometry.VPos;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.layout.Pane;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.TextAlignment;

import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * A canvas that fills its pane, with a data range mapped onto it inside margins for the axes: the
 * drawing surface of the PSN graph and the RTT histogram (thousands of points: one canvas, not a node
 * each, as a JavaFX chart would make). Subclasses draw; this class maps, draws axes, grid and ticks.
 */
abstract class PlotArea extends Pane {
    static final Font FONT = Font.font("DejaVu Sans", 11), TITLE = Font.font("DejaVu Sans", 12);
    static final Color AXIS = Color.web("#37474f"), GRID = Color.web("#e3e7ec"), BACKGROUND = Color.WHITE;
    static final double LEFT = 86, RIGHT = 18, TOP = 30, BOTTOM = 44;

    final Canvas canvas = new Canvas(600, 300);
    /** The data range shown. */
    double x0, x1 = 1, y0, y1 = 1;

    PlotArea() {
        getChildren().add(canvas);
        setMinSize(200, 150);
        setPrefSize(900, 360);
    }

    @Override
    protected void layoutChildren() {
        double w = Math.max(1, getWidth()), h = Math.max(1, getHeight());
        if (canvas.getWidth() != w || canvas.getHeight() != h) {
            canvas.setWidth(w);
            canvas.setHeight(h);
        }
        redraw();
    }

    double plotWidth() { return Math.max(1, canvas.getWidth() - LEFT - RIGHT); }

    double plotHeight() { return Math.max(1, canvas.getHeight() - TOP - BOTTOM); }

    double px(double x) { return LEFT + (x - x0) / (x1 - x0) * plotWidth(); }

    double py(double y) { return TOP + plotHeight() - (y - y0) / (y1 - y0) * plotHeight(); }

    double dataX(double px) { return x0 + (px - LEFT) / plotWidth() * (x1 - x0); }

    double dataY(double py) { return y0 + (TOP + plotHeight() - py) / plotHeight() * (y1 - y0); }

    boolean inside(double px, double py) {
        return px >= LEFT && px <= LEFT + plotWidth() && py >= TOP && py <= TOP + plotHeight();
    }

    abstract void redraw();

    /** Clears the canvas and draws grid, axes, tick labels and axis titles; leaves a clip on the plot area. Y ticks are whole numbers. */
    GraphicsContext axes(String xTitle, String yTitle, DoubleFunction<String> xLabel, DoubleFunction<String> yLabel) {
        GraphicsContext g = canvas.getGraphicsContext2D();
        double w = canvas.getWidth(), h = canvas.getHeight();
        g.restore();
        g.save();
        g.setFill(BACKGROUND);
        g.fillRect(0, 0, w, h);
        g.setFont(FONT);
        g.setLineWidth(1);
        double[] xt = ticks(x0, x1, Math.max(2, (int) (plotWidth() / 110)), 0), yt = ticks(y0, y1, Math.max(2, (int) (plotHeight() / 50)), 1);
        g.setStroke(GRID);
        for (double t : xt) g.strokeLine(snap(px(t)), TOP, snap(px(t)), TOP + plotHeight());
        for (double t : yt) g.strokeLine(LEFT, snap(py(t)), LEFT + plotWidth(), snap(py(t)));
        g.setStroke(AXIS);
        g.strokeRect(snap(LEFT), snap(TOP), Math.round(plotWidth()), Math.round(plotHeight()));
        g.setFill(AXIS);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.TOP);
        for (double t : xt) g.fillText(xLabel.apply(t), px(t), TOP + plotHeight() + 5);
        g.setTextAlign(TextAlignment.RIGHT);
        g.setTextBaseline(VPos.CENTER);
        for (double t : yt) g.fillText(yLabel.apply(t), LEFT - 6, py(t));
        g.setFont(TITLE);
        g.setTextAlign(TextAlignment.CENTER);
        g.setTextBaseline(VPos.BOTTOM);
        g.fillText(xTitle, LEFT + plotWidth() / 2, h - 4);
        g.save();
        g.translate(14, TOP + plotHeight() / 2);
        g.rotate(-90);
        g.setTextBaseline(VPos.CENTER);
        g.fillText(yTitle, 0, 0);
        g.restore();
        g.beginPath();
        g.rect(LEFT, TOP, plotWidth(), plotHeight());
        g.clip();
        return g;
    }

    static double snap(double v) { return Math.floor(v) + 0.5; }

    /** Round tick values (1, 2, 5 × 10^k apart, at least {@code minStep}) inside [lo, hi], about {@code n} of them. */
    static double[] ticks(double lo, double hi, int n, double minStep) {
        if (!(hi > lo)) return new double[] {lo};
        double raw = (hi - lo) / n, mag = Math.pow(10, Math.floor(Math.log10(raw))), step;
        double f = raw / mag;
        step = Math.max(minStep, (f < 1.5 ? 1 : f < 3.5 ? 2 : f < 7.5 ? 5 : 10) * mag);
        double first = Math.ceil(lo / step) * step;
        int count = (int) Math.floor((hi - first) / step) + 1;
        double[] out = new double[Math.max(0, Math.min(count, 100))];
        for (int i = 0; i < out.length; i++) out[i] = first + i * step;
        return out;
    }

    /** A tick label: as few decimals as the range needs. */
    static String number(double v, double span) {
        int decimals = span <= 0 ? 0 : Math.max(0, Math.min(9, (int) Math.ceil(-Math.log10(span / 10)) ));
        if (Math.abs(v) < 1e-12) v = 0;
        return String.format(Locale.ROOT, "%." + decimals + "f", v);
    }
}
