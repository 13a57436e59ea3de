package io.rocescope.gui;

import io.rocescope.flow.Reports;
import io.rocescope.flow.TimelineEvent;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A set-up drawn as a sequence diagram: one lifeline per endpoint, one arrow per timeline event (CM
 * REQ/REP/RTU/REJ/DREQ/DREP, the TCP handshake and the perftest key exchange, the first data packet),
 * top to bottom in capture order, each with its frame and its time since the first. The geometry is
 * worked out here once, for the window and for the PNG and SVG exports alike.
 */
final class Ladder {
    static final double WIDTH = 900, TOP = 70, STEP = 46, LEFT = 150, RIGHT = 750;

    record Arrow(long frame, String event, TimelineEvent.Step step, String detail, boolean leftToRight, double y, String time, String delta) {}

    final String title;
    final String left, right;
    final List<Arrow> arrows = new ArrayList<>();

    Ladder(String title, String left, String right, List<TimelineEvent> events) {
        this.title = title;
        this.left = left;
        this.right = right;
        long t0 = events.isEmpty() ? 0 : events.get(0).timestampNanos();
        long prev = t0;
        for (int i = 0; i < events.size(); i++) {
            TimelineEvent e = events.get(i);
            arrows.add(new Arrow(e.frame(), e.event(), e.step(), e.detail() == null ? "" : e.detail(), !e.from().equals(right),
                TOP + 30 + i * STEP, millis(e.timestampNanos() - t0), "+" + millis(e.timestampNanos() - prev)));
            prev = e.timestampNanos();
        }
    }

    double height() { return TOP + 60 + arrows.size() * STEP; }

    static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.3f ms", nanos / 1e6);
    }

    /** A connection's set-up; null when it has no timeline. */
    static Ladder of(Reports.ConnectionReport c) {
        if (c.timeline() == null || c.timeline().isEmpty()) return null;
        String latency = c.setupLatencyNanos() == null ? "" : ", set-up " + millis(c.setupLatencyNanos());
        String a = c.a() == null ? c.timeline().get(0).from() : c.a().ip(), b = c.b() == null ? c.timeline().get(0).to() : c.b().ip();
        return new Ladder("Connection " + c.id() + " (" + c.setup().json() + latency + ")", a, b, c.timeline());
    }

    static Ladder of(Reports.SetupReport s) {
        return new Ladder(s.setup() + " set-up " + s.outcome() + (s.reason() == null ? "" : ": " + s.reason()), s.from(), s.to(), s.events());
    }

    /** Every set-up of an analysis: the connections', then the failed ones. */
    static List<Ladder> all(Reports.Analysis a) {
        List<Ladder> out = new ArrayList<>();
        for (Reports.ConnectionReport c : a.connections()) {
            Ladder l = of(c);
            if (l != null) out.add(l);
        }
        for (Reports.SetupReport s : a.failedSetups()) out.add(of(s));
        return out;
    }

    @Override
    public String toString() { return title; }

    /** The diagram as SVG, drawn as the window draws it. */
    String svg() {
        StringBuilder sb = new StringBuilder();
        double h = height();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\""
            + " font-family=\"DejaVu Sans, Arial, sans-serif\">%n", WIDTH, h, WIDTH, h));
        sb.append("<defs><marker id=\"head\" markerWidth=\"10\" markerHeight=\"8\" refX=\"10\" refY=\"4\" orient=\"auto\">"
            + "<path d=\"M0,0 L10,4 L0,8 z\" fill=\"#2b5797\"/></marker></defs>\n");
        sb.append(String.format(Locale.ROOT, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>%n", WIDTH, h));
        sb.append(String.format(Locale.ROOT, "<text x=\"20\" y=\"28\" font-size=\"16\" font-weight=\"bold\">%s</text>%n", esc(title)));
        for (double x : new double[] {LEFT, RIGHT}) {
            sb.append(String.format(Locale.ROOT, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#9aa5b1\" stroke-width=\"2\"/>%n",
                x, TOP + 10, x, h - 20));
        }
        sb.append(String.format(Locale.ROOT, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\">%s</text>%n", LEFT, TOP, esc(left)));
        sb.append(String.format(Locale.ROOT, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\">%s</text>%n", RIGHT, TOP, esc(right)));
        for (Arrow a : arrows) {
            double x1 = a.leftToRight() ? LEFT : RIGHT, x2 = a.leftToRight() ? RIGHT : LEFT;
            sb.append(String.format(Locale.ROOT, "<g class=\"arrow\" data-frame=\"%d\">", a.frame()));
            sb.append(String.format(Locale.ROOT, "<line x1=\"%.0f\" y1=\"%.0f\" x2=\"%.0f\" y2=\"%.0f\" stroke=\"#2b5797\" stroke-width=\"2\" marker-end=\"url(#head)\"/>",
                x1, a.y(), x2, a.y()));
            sb.append(String.format(Locale.ROOT, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"13\" font-weight=\"bold\" text-anchor=\"middle\">%s</text>",
                (LEFT + RIGHT) / 2, a.y() - 6, esc(a.event())));
            sb.append(String.format(Locale.ROOT, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" fill=\"#444\" text-anchor=\"middle\">%s</text>",
                (LEFT + RIGHT) / 2, a.y() + 15, esc(a.detail())));
            sb.append(String.format(Locale.ROOT, "<text x=\"12\" y=\"%.0f\" font-size=\"11\" fill=\"#555\">frame %d</text>", a.y() - 4, a.frame()));
            sb.append(String.format(Locale.ROOT, "<text x=\"12\" y=\"%.0f\" font-size=\"11\" fill=\"#555\">%s</text>", a.y() + 11, esc(a.time())));
            sb.append(String.format(Locale.ROOT, "<text x=\"%.0f\" y=\"%.0f\" font-size=\"11\" fill=\"#555\">%s</text></g>%n", RIGHT + 14, a.y() + 4, esc(a.delta())));
        }
        return sb.append("</svg>\n").toString();
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
