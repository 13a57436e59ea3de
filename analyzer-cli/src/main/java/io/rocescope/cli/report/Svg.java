package io.rocescope.cli.report;

import java.util.Locale;

/**
 * A little SVG writer for the report's charts: made by the project, inline, nothing fetched. Text is
 * escaped as XML; every chart scales to its container (viewBox) so it reads on a phone and prints.
 */
final class Svg {
    static final String BLUE = "#1f6fb2", ORANGE = "#d9731a", RED = "#c62828", GREY = "#8a94a3", GRID = "#e3e7ec";
    private final StringBuilder sb = new StringBuilder(4096);
    final int width, height;

    Svg(int width, int height, String cls, String title) {
        this.width = width;
        this.height = height;
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart ").append(cls).append("\" viewBox=\"0 0 ").append(width).append(' ')
            .append(height).append("\" role=\"img\" preserveAspectRatio=\"xMidYMid meet\"><title>").append(esc(title)).append("</title>");
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
    }

    static String n(double v) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
        return String.format(Locale.ROOT, "%.2f", v);
    }

    Svg raw(String s) { sb.append(s); return this; }

    Svg line(double x1, double y1, double x2, double y2, String stroke, double w, String extra) {
        sb.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2)).append("\" y2=\"")
            .append(n(y2)).append("\" stroke=\"").append(stroke).append("\" stroke-width=\"").append(n(w)).append('"').append(extra).append("/>");
        return this;
    }

    Svg text(double x, double y, String anchor, String cls, String text) {
        sb.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" text-anchor=\"").append(anchor).append("\" class=\"")
            .append(cls).append("\">").append(esc(text)).append("</text>");
        return this;
    }

    Svg rect(double x, double y, double w, double h, String fill, String extra) {
        sb.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(w)).append("\" height=\"")
            .append(n(h)).append("\" fill=\"").append(fill).append('"').append(extra).append("/>");
        return this;
    }

    Svg circle(double x, double y, double r, String fill, String extra) {
        sb.append("<circle cx=\"").append(n(x)).append("\" cy=\"").append(n(y)).append("\" r=\"").append(n(r)).append("\" fill=\"").append(fill)
            .append('"').append(extra).append("/>");
        return this;
    }

    /** A legend entry: a swatch and its label. */
    Svg legend(double x, double y, String color, String label) {
        rect(x, y - 8, 10, 10, color, "");
        return text(x + 14, y, "start", "lg", label);
    }

    @Override
    public String toString() { return sb + "</svg>"; }

    /** "Nice" axis steps: 1, 2 or 5 times a power of ten, about {@code n} of them over {@code range}. */
    static double step(double range, int n) {
        if (range <= 0) return 1;
        double raw = range / n, p = Math.pow(10, Math.floor(Math.log10(raw)));
        double m = raw / p;
        return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
    }

    static String tick(double v) {
        if (v == 0) return "0";
        double a = Math.abs(v);
        if (a >= 1e9) return n(v / 1e9) + "G";
        if (a >= 1e6) return n(v / 1e6) + "M";
        if (a >= 1e4) return n(v / 1e3) + "k";
        return new java.math.BigDecimal(String.format(Locale.ROOT, "%.3g", v)).stripTrailingZeros().toPlainString();
    }
}
