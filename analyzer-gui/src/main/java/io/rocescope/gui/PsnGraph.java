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
 * (ACKs, READ and atomic responses), NAKs as purple crosses and RNR NAKs as orange triangles; the credits
 * the ACKs advertise as a window line above it (tcptrace's receive window, {@link CreditWindow}), CNPs to
 * the requester as ticks along the top and its CE-marked requests as ticks along the bottom. Drag a
 * rectangle or turn the wheel to zoom, drag with the right button to pan, double-click to see all;
 * click a point to go to its frame.
 */
final class PsnGraph extends PlotArea {
    static final Color DATA = Color.web("#2b5797"), RESENT = Color.web("#d62728"), ACK = Color.web("#2ca02c"),
        NAK = Color.web("#7b1fa2"), RNR = Color.web("#ef6c00"), RESPONSE = Color.web("#2ca02c"),
        WINDOW = Color.web("#b8860b"), CNP = Color.web("#00838f"), CE = Color.web("#c2185b");
    /** How tall (pixels) the CNP and CE ticks are. */
    static final double TICK = 12;
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
        if (points != null && hx >= lx) {
            // the window too, but an edge far beyond the data (many credits) must not flatten the data
            double reach = hy + Math.max(hy - ly, 8);
            CreditWindow w = points.credits;
            for (int i = 0; i < w.size(); i++) if (w.credits[i] != CreditWindow.UNLIMITED) hy = Math.max(hy, Math.min(reach, w.edges[i]));
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
        if (best < 0) best = tickAt(px, py);
        return best;
    }

    /** The frame of the CNP tick (top) or CE tick (bottom) under pixel (px, py), or -1. */
    private long tickAt(double px, double py) {
        SequencePoints.Series s = py <= TOP + TICK + 2 && py >= TOP - 2 ? points.cnps
            : py >= TOP + plotHeight() - TICK - 2 && py <= TOP + plotHeight() + 2 ? points.ce : null;
        if (s == null) return -1;
        long best = -1;
        double bestD = 3;
        for (int i = 0; i < s.size; i++) {
            double d = Math.abs(px(s.nanos[i] / 1e9) - px);
            if (d <= bestD) { bestD = d; best = s.frames[i]; }
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
        window(g, points.credits);
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
        ticks(g, points.cnps, CNP, TOP, TOP + TICK);
        ticks(g, points.ce, CE, TOP + plotHeight(), TOP + plotHeight() - TICK);
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

    /**
     * The credit window: a step line through each ACK's window edge, held until the next ACK; an ACK with
     * unlimited credits ends it (until a counted one starts it again).
     */
    private void window(GraphicsContext g, CreditWindow w) {
        g.setStroke(WINDOW);
        g.setLineWidth(1.5);
        g.beginPath();
        double lastY = Double.NaN;
        for (int i = 0; i < w.size(); i++) {
            double x = px(w.nanos[i] / 1e9);
            if (!Double.isNaN(lastY)) g.lineTo(x, lastY);
            if (w.credits[i] == CreditWindow.UNLIMITED) { lastY = Double.NaN; continue; }
            double y = py(w.edges[i]);
            if (Double.isNaN(lastY)) g.moveTo(x, y); else g.lineTo(x, y);
            lastY = y;
        }
        // the last advertisement holds to the end of the capture's time
        if (!Double.isNaN(lastY)) g.lineTo(px(x1), lastY);
        g.stroke();
    }

    /** Short vertical ticks from {@code from} to {@code to} (pixels) at the series' times. */
    private void ticks(GraphicsContext g, SequencePoints.Series s, Color color, double from, double to) {
        g.setStroke(color);
        g.setLineWidth(1.5);
        for (int i = 0; i < s.size; i++) {
            double x = px(s.nanos[i] / 1e9);
            g.strokeLine(x, from, x, to);
        }
    }

    /** What the legend shows, in order; the last three are drawn as a line and two ticks. */
    static final String[] LEGEND = {"request", "retransmitted", "ACK / response", "NAK", "RNR NAK", "credit window", "CNP (top)", "ECN CE (bottom)"};

    private void legend(GraphicsContext g) {
        Color[] colors = {DATA, RESENT, ACK, NAK, RNR, WINDOW, CNP, CE};
        String[] names = LEGEND;
        g.setFont(FONT);
        g.setTextBaseline(VPos.CENTER);
        g.setTextAlign(TextAlignment.LEFT);
        double x = LEFT;
        for (int i = 0; i < names.length; i++) {
            g.setFill(colors[i]);
            g.setStroke(colors[i]);
            g.setLineWidth(2);
            if (colors[i] == WINDOW) g.strokeLine(x, TOP / 2, x + 10, TOP / 2);
            else if (colors[i] == CNP || colors[i] == CE) g.strokeLine(x + 4.5, TOP / 2 - 6, x + 4.5, TOP / 2 + 6);
            else g.fillRect(x, TOP / 2 - 4, 9, 9);
            g.setFill(AXIS);
            g.fillText(names[i], x + 14, TOP / 2);
            x += 30 + names[i].length() * 6.6;
        }
        if (points != null && (points.requests.leftOut > 0 || points.answers.leftOut > 0)) {
            g.setFill(RESENT);
            g.setTextAlign(TextAlignment.RIGHT);
            g.fillText(String.format(Locale.ROOT, "capped: the first %,d points of each series (%,d left out)", SequencePoints.MAX_POINTS,
                points.requests.leftOut + points.answers.leftOut), canvas.getWidth() - RIGHT, TOP / 2);
        }
    }
}
