package io.rocescope.gui;

import javafx.geometry.VPos;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import javafx.scene.paint.Color;
import javafx.scene.text.TextAlignment;

import java.util.Locale;
import java.util.function.LongConsumer;

/**
 * The PSN time-sequence plot of one direction (Stevens' and tcptrace's graph): each request's PSN
 * against its time, retransmitted ones in red, the responder's cumulative answer as a green step line
 * (ACKs, READ and atomic responses), NAKs as red crosses and RNR NAKs as orange triangles. Drag a
 * rectangle or turn the wheel to zoom, drag with the right button to pan, double-click to see all;
 * click a point to go to its frame.
 */
final class PsnGraph extends PlotArea {
    static final Color DATA = Color.web("#2b5797"), RESENT = Color.web("#d62728"), ACK = Color.web("#2ca02c"),
        NAK = Color.web("#7b1fa2"), RNR = Color.web("#ef6c00"), RESPONSE = Color.web("#2ca02c");
    /** How near (pixels) a click must be to a point to select it. */
    static final double PICK = 8;

    private SequencePoints points;
    private final LongConsumer goTo;
    private double pressX, pressY, dragX, dragY;
    private boolean dragging, panning;
    private double fx0, fx1, fy0, fy1;

    PsnGraph(LongConsumer goTo) {
        this.goTo = goTo;
        setId("psngraph");
        setOnMousePressed(this::pressed);
        setOnMouseDragged(this::dragged);
        setOnMouseReleased(this::released);
        setOnScroll(this::scrolled);
    }

    SequencePoints points() { return points; }

    void show(SequencePoints p) {
        points = p;
        fullRange();
        redraw();
    }

    /** The whole of both series, with a little room around. */
    void fullRange() {
        double lx = Double.MAX_VALUE, hx = -Double.MAX_VALUE, ly = Double.MAX_VALUE, hy = -Double.MAX_VALUE;
        if (points != null) {
            for (SequencePoints.Series s : new SequencePoints.Series[] {points.requests, points.answers}) {
                for (int i = 0; i < s.size; i++) {
                    double t = s.nanos[i] / 1e9;
                    lx = Math.min(lx, t); hx = Math.max(hx, t);
                    ly = Math.min(ly, s.psns[i]); hy = Math.max(hy, s.psns[i]);
                }
            }
        }
        if (lx > hx) { lx = 0; hx = 1; ly = 0; hy = 1; }
        double padX = Math.max((hx - lx) * 0.03, 1e-6), padY = Math.max((hy - ly) * 0.05, 3);
        fx0 = x0 = lx - padX; fx1 = x1 = hx + padX; fy0 = y0 = ly - padY; fy1 = y1 = hy + padY;
    }

    /** Shows data range [ax, bx] × [ay, by] (zoom). */
    void zoomTo(double ax, double bx, double ay, double by) {
        if (bx - ax < 1e-9 || by - ay < 1e-3) return;
        x0 = ax; x1 = bx; y0 = ay; y1 = by;
        redraw();
    }

    /** Zooms by {@code factor} (< 1: in) around pixel (px, py). */
    void zoomAround(double px, double py, double factor) {
        double cx = dataX(px), cy = dataY(py);
        zoomTo(cx - (cx - x0) * factor, cx + (x1 - cx) * factor, cy - (cy - y0) * factor, cy + (y1 - cy) * factor);
    }

    void resetZoom() {
        x0 = fx0; x1 = fx1; y0 = fy0; y1 = fy1;
        redraw();
    }

    boolean zoomed() { return x0 != fx0 || x1 != fx1 || y0 != fy0 || y1 != fy1; }

    /** The frame number of the point nearest pixel (px, py) within {@link #PICK} pixels, or -1. */
    long frameAt(double px, double py) {
        if (points == null) return -1;
        long best = -1;
        double bestD = PICK * PICK;
        for (SequencePoints.Series s : new SequencePoints.Series[] {points.requests, points.answers}) {
            for (int i = 0; i < s.size; i++) {
                double dx = px(s.nanos[i] / 1e9) - px, dy = py(s.psns[i]) - py, d = dx * dx + dy * dy;
                if (d <= bestD) { bestD = d; best = s.frames[i]; }
            }
        }
        return best;
    }

    private void pressed(MouseEvent e) {
        pressX = dragX = e.getX();
        pressY = dragY = e.getY();
        panning = e.getButton() == MouseButton.SECONDARY || e.getButton() == MouseButton.MIDDLE;
        dragging = false;
    }

    private void dragged(MouseEvent e) {
        if (panning) {
            double dx = dataX(e.getX()) - dataX(dragX), dy = dataY(e.getY()) - dataY(dragY);
            x0 -= dx; x1 -= dx; y0 -= dy; y1 -= dy;
        } else if (Math.abs(e.getX() - pressX) > 4 || Math.abs(e.getY() - pressY) > 4) {
            dragging = true;
        }
        dragX = e.getX();
        dragY = e.getY();
        redraw();
    }

    private void released(MouseEvent e) {
        if (panning) { panning = false; return; }
        if (dragging) {
            dragging = false;
            double ax = dataX(Math.min(pressX, e.getX())), bx = dataX(Math.max(pressX, e.getX()));
            double ay = dataY(Math.max(pressY, e.getY())), by = dataY(Math.min(pressY, e.getY()));
            zoomTo(ax, bx, ay, by);
            return;
        }
        if (e.getClickCount() >= 2) { resetZoom(); return; }
        long f = frameAt(e.getX(), e.getY());
        if (f > 0) goTo.accept(f);
    }

    private void scrolled(ScrollEvent e) {
        if (e.getDeltaY() == 0) return;
        zoomAround(e.getX(), e.getY(), e.getDeltaY() > 0 ? 0.8 : 1.25);
    }

    @Override
    void redraw() {
        double spanX = x1 - x0, spanY = y1 - y0;
        GraphicsContext g = axes("Time (s, from the first frame)", "PSN (unwrapped)",
            t -> number(t, spanX), v -> String.format(Locale.ROOT, "%.0f", v));
        if (points == null) {
            g.restore();
            return;
        }
        SequencePoints.Series a = points.answers, r = points.requests;
        // the responder's cumulative answer: a step line through ACKs and responses
        g.setStroke(ACK);
        g.setLineWidth(1.5);
        double lastX = Double.NaN, lastY = Double.NaN, high = Double.NEGATIVE_INFINITY;
        g.beginPath();
        for (int i = 0; i < a.size; i++) {
            SequencePoints.Kind k = a.kinds[i];
            if (k != SequencePoints.Kind.ACK && k != SequencePoints.Kind.RESPONSE) continue;
            high = Math.max(high, a.psns[i]);
            double x = px(a.nanos[i] / 1e9), y = py(high);
            if (Double.isNaN(lastX)) g.moveTo(x, y);
            else { g.lineTo(x, lastY); g.lineTo(x, y); }
            lastX = x; lastY = y;
        }
        g.stroke();
        double size = r.size > 20_000 ? 2 : r.size > 2_000 ? 3 : 5;
        for (int i = 0; i < r.size; i++) {
            if (r.kinds[i] == SequencePoints.Kind.RESENT) continue;
            double x = px(r.nanos[i] / 1e9), y = py(r.psns[i]);
            if (x < LEFT - 5 || x > LEFT + plotWidth() + 5) continue;
            g.setFill(DATA);
            g.fillRect(x - size / 2, y - size / 2, size, size);
        }
        for (int i = 0; i < r.size; i++) {   // on top: the retransmissions are what one looks for
            if (r.kinds[i] != SequencePoints.Kind.RESENT) continue;
            double x = px(r.nanos[i] / 1e9), y = py(r.psns[i]);
            g.setFill(RESENT);
            g.fillRect(x - 3.5, y - 3.5, 7, 7);
        }
        g.setLineWidth(2);
        for (int i = 0; i < a.size; i++) {
            double x = px(a.nanos[i] / 1e9), y = py(a.psns[i]);
            switch (a.kinds[i]) {
                case NAK -> {
                    g.setStroke(NAK);
                    g.strokeLine(x - 5, y - 5, x + 5, y + 5);
                    g.strokeLine(x - 5, y + 5, x + 5, y - 5);
                }
                case RNR_NAK -> {
                    g.setFill(RNR);
                    g.fillPolygon(new double[] {x - 6, x + 6, x}, new double[] {y + 5, y + 5, y - 6}, 3);
                }
                case ACK, RESPONSE -> {
                    g.setFill(ACK);
                    g.fillOval(x - 2, y - 2, 4, 4);
                }
                default -> { }
            }
        }
        if (dragging) {
            g.setStroke(Color.web("#2b5797"));
            g.setLineWidth(1);
            g.setLineDashes(4, 3);
            g.strokeRect(Math.min(pressX, dragX), Math.min(pressY, dragY), Math.abs(dragX - pressX), Math.abs(dragY - pressY));
            g.setLineDashes();
        }
        g.restore();
        legend(g);
    }

    private void legend(GraphicsContext g) {
        String[] names = {"request", "retransmitted", "ACK / response", "NAK", "RNR NAK"};
        Color[] colors = {DATA, RESENT, ACK, NAK, RNR};
        g.setFont(FONT);
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);
        double x = LEFT;
        for (int i = 0; i < names.length; i++) {
            g.setFill(colors[i]);
            g.fillRect(x, TOP / 2 - 4, 9, 9);
            g.setFill(AXIS);
            g.fillText(names[i], x + 14, TOP / 2);
            x += 24 + names[i].length() * 6.6;
        }
        if (points != null && (points.requests.leftOut > 0 || points.answers.leftOut > 0)) {
            g.setFill(RESENT);
            g.setTextAlign(TextAlignment.RIGHT);
            g.fillText(String.format(Locale.ROOT, "capped: the first %,d points of each series (%,d left out)", SequencePoints.MAX_POINTS,
                points.requests.leftOut + points.answers.leftOut), canvas.getWidth() - RIGHT, TOP / 2);
        }
    }
}
