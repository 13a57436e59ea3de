package io.rocescope.cli.report;

import io.rocescope.flow.Psn;
import io.rocescope.flow.Reports;
import io.rocescope.flow.TimelineEvent;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The per-connection charts of a report, as inline SVG: PSN over time (a requester's packets, and the
 * answers that came back for them), throughput over time (both directions), the RTT histogram, and the
 * set-up ladder (CM or socket exchange) with the time of each message. Each mark carries the frame or
 * the JSON pointer it was drawn from, so a test can check the picture against tshark and the CLI.
 */
final class Charts {
    private static final int W = 640, H = 240, L = 58, R = 14, T = 30, B = 36;

    private Charts() {}

    /** PSN (relative to the first) over time (relative to the capture start) of one requester direction. */
    static String psn(String title, List<PsnSeries.Point> requests, List<PsnSeries.Point> answers, long captureStart) {
        List<PsnSeries.Point> all = new ArrayList<>(requests);
        all.addAll(answers);
        if (requests.isEmpty()) return null;
        int base = requests.get(0).psn();
        long t0 = Long.MAX_VALUE, t1 = Long.MIN_VALUE;
        double ymin = 0, ymax = 1;
        for (PsnSeries.Point p : all) {
            t0 = Math.min(t0, p.ts());
            t1 = Math.max(t1, p.ts());
            double y = rel(p.psn(), base);
            ymin = Math.min(ymin, y);
            ymax = Math.max(ymax, y);
        }
        double x0 = (t0 - captureStart) / 1e9, x1 = Math.max((t1 - captureStart) / 1e9, x0 + 1e-6);
        Svg s = frame(title, "psn", x0, x1, ymin, ymax, "time (s)", "PSN − first");
        for (PsnSeries.Point p : answers) {
            s.rect(x(p.ts(), captureStart, x0, x1) - 1.5, y(rel(p.psn(), base), ymin, ymax) - 1.5, 3, 3, Svg.ORANGE,
                " data-frame=\"" + p.frame() + "\" data-psn=\"" + p.psn() + "\"");
        }
        for (PsnSeries.Point p : requests) {
            s.circle(x(p.ts(), captureStart, x0, x1), y(rel(p.psn(), base), ymin, ymax), p.back() ? 2.6 : 1.6, p.back() ? Svg.RED : Svg.BLUE,
                " data-frame=\"" + p.frame() + "\" data-psn=\"" + p.psn() + "\"");
        }
        s.legend(L, 14, Svg.BLUE, "request").legend(L + 80, 14, Svg.RED, "PSN went back (resent)");
        if (!answers.isEmpty()) s.legend(L + 260, 14, Svg.ORANGE, "answer (ACK/NAK/response)");
        return s.toString();
    }

    /** The 24-bit PSN distance from {@code base}, signed (a PSN that wrapped reads as ahead). */
    private static double rel(int psn, int base) { return Psn.diff(psn, base); }

    private static double x(long ts, long start, double x0, double x1) {
        return L + ((ts - start) / 1e9 - x0) / (x1 - x0) * (W - L - R);
    }

    private static double y(double v, double ymin, double ymax) {
        return H - B - (v - ymin) / (ymax - ymin) * (H - T - B);
    }

    /** Axes, grid and tick labels for data in [x0, x1] × [ymin, ymax]. */
    private static Svg frame(String title, String cls, double x0, double x1, double ymin, double ymax, String xl, String yl) {
        return frame(title, cls, x0, x1, ymin, ymax, xl, yl, true);
    }

    private static Svg frame(String title, String cls, double x0, double x1, double ymin, double ymax, String xl, String yl, boolean xTicks) {
        Svg s = new Svg(W, H, cls, title);
        double ys = Svg.step(ymax - ymin, 4);
        if (!xTicks) ys = Math.max(1, Math.round(ys));   // the histogram counts requests: whole steps
        for (double v = Math.ceil(ymin / ys) * ys; v <= ymax + 1e-9; v += ys) {
            double yy = y(v, ymin, ymax);
            s.line(L, yy, W - R, yy, Svg.GRID, 1, "").text(L - 6, yy + 4, "end", "tk", Svg.tick(v));
        }
        double xs = Svg.step(x1 - x0, 6);
        for (double v = Math.ceil(x0 / xs) * xs; xTicks && v <= x1 + 1e-12; v += xs) {
            double xx = L + (v - x0) / (x1 - x0) * (W - L - R);
            s.line(xx, T, xx, H - B, Svg.GRID, 1, "").text(xx, H - B + 14, "middle", "tk", Svg.tick(v));
        }
        s.line(L, H - B, W - R, H - B, Svg.GREY, 1, "").line(L, T, L, H - B, Svg.GREY, 1, "");
        s.text((L + W - R) / 2.0, H - 6, "middle", "ax", xl);
        s.raw("<text x=\"14\" y=\"" + Svg.n((T + H - B) / 2.0) + "\" text-anchor=\"middle\" class=\"ax\" transform=\"rotate(-90 14 "
            + Svg.n((T + H - B) / 2.0) + ")\">" + Svg.esc(yl) + "</text>");
        return s;
    }

    /** Throughput of both directions, Mbit/s per bucket of the flow tracker's series. */
    static String throughput(String title, Reports.FlowReport ab, String abPtr, Reports.FlowReport ba, String baPtr) {
        double x0 = Double.MAX_VALUE, x1 = -Double.MAX_VALUE, ymax = 0;
        Reports.FlowReport[] flows = {ab, ba};
        for (Reports.FlowReport f : flows) {
            if (f == null || f.throughput().bytesPerBucket().length == 0) continue;
            Reports.ThroughputReport t = f.throughput();
            x0 = Math.min(x0, t.startTime().toDouble());
            x1 = Math.max(x1, t.startTime().toDouble() + t.bytesPerBucket().length * t.bucketNanos() / 1e9);
            for (long b : t.bytesPerBucket()) ymax = Math.max(ymax, mbps(b, t.bucketNanos()));
        }
        if (x0 == Double.MAX_VALUE) return null;
        Svg s = frame(title, "throughput", x0, x1, 0, Math.max(ymax * 1.05, 1e-3), "time (s)", "Mbit/s");
        String[] colors = {Svg.BLUE, Svg.ORANGE};
        String[] ptrs = {abPtr, baPtr};
        for (int k = 0; k < 2; k++) {
            Reports.FlowReport f = flows[k];
            if (f == null) continue;
            Reports.ThroughputReport t = f.throughput();
            long[] b = t.bytesPerBucket();
            double yTop = Math.max(ymax * 1.05, 1e-3);
            StringBuilder path = new StringBuilder();
            for (int i = 0; i < b.length; i++) {
                double xa = L + (t.startTime().toDouble() + i * t.bucketNanos() / 1e9 - x0) / (x1 - x0) * (W - L - R);
                double xb = L + (t.startTime().toDouble() + (i + 1) * t.bucketNanos() / 1e9 - x0) / (x1 - x0) * (W - L - R);
                double yy = y(mbps(b[i], t.bucketNanos()), 0, yTop);
                path.append(i == 0 ? "M" : "L").append(Svg.n(xa)).append(' ').append(Svg.n(yy)).append(" L").append(Svg.n(xb)).append(' ').append(Svg.n(yy)).append(' ');
                // an invisible mark per bucket with the value it was drawn from
                s.rect(xa, yy, Math.max(xb - xa, 0.5), 0.01, "none", " data-ptr=\"" + ptrs[k] + "/throughput/bytesPerBucket/" + i
                    + "\" data-v=\"" + b[i] + "\"");
            }
            s.raw("<path d=\"" + path.toString().trim() + "\" fill=\"none\" stroke=\"" + colors[k] + "\" stroke-width=\"1.6\"/>");
        }
        if (ab != null) s.legend(L, 14, Svg.BLUE, "A → B");
        if (ba != null) s.legend(L + 70, 14, Svg.ORANGE, "B → A");
        return s.toString();
    }

    static double mbps(long bytes, long bucketNanos) { return bytes * 8000.0 / bucketNanos; }

    /** Round-trip times in powers-of-two bins of microseconds (linear bins when they span less than one power). */
    static String rttHistogram(String title, long[] sampleNanos) {
        if (sampleNanos.length == 0) return null;
        long min = Long.MAX_VALUE, max = 0;
        for (long v : sampleNanos) { min = Math.min(min, v); max = Math.max(max, v); }
        int lo = 63 - Long.numberOfLeadingZeros(Math.max(1, min / 1000)), hi = 64 - Long.numberOfLeadingZeros(Math.max(1, max / 1000));
        int bins = Math.max(1, hi - lo);
        long[] counts = new long[bins];
        for (long v : sampleNanos) {
            int b = (63 - Long.numberOfLeadingZeros(Math.max(1, v / 1000))) - lo;
            counts[Math.max(0, Math.min(bins - 1, b))]++;
        }
        long top = 1;
        for (long c : counts) top = Math.max(top, c);
        Svg s = frame(title, "rtt", 0, bins, 0, top * 1.1, "RTT (µs, bins of powers of two)", "requests", false);
        // the frame's x ticks are bin indexes: label the bins by their lower edge instead
        double bw = (W - L - R) / (double) bins;
        for (int i = 0; i < bins; i++) {
            double hgt = counts[i] / (top * 1.1) * (H - T - B);
            s.rect(L + i * bw + 1, H - B - hgt, Math.max(bw - 2, 1), hgt, Svg.BLUE, " data-n=\"" + counts[i] + "\" data-from-us=\"" + (1L << (lo + i)) + "\"");
            s.text(L + i * bw + bw / 2, H - B - hgt - 3, "middle", "tk", Long.toString(counts[i]));
        }
        String svg = s.toString();
        // replace the index ticks drawn by frame() with the bins' edges
        StringBuilder edges = new StringBuilder();
        for (int i = 0; i <= bins; i++) {
            edges.append("<text x=\"").append(Svg.n(L + i * bw)).append("\" y=\"").append(H - B + 14).append("\" text-anchor=\"middle\" class=\"tk\">")
                .append(Svg.tick(1L << (lo + i))).append("</text>");
        }
        return svg.replace("</svg>", edges + "</svg>");
    }

    /** The set-up ladder: A on the left, B on the right, each message an arrow at its time after the first. */
    static String ladder(String title, String a, String b, List<TimelineEvent> events) {
        if (events.isEmpty()) return null;
        int n = Math.min(events.size(), 40), rowH = 26, h = 46 + n * rowH;
        Svg s = new Svg(W, h, "ladder", title);
        int xa = 150, xb = W - 110;
        s.text(xa, 16, "middle", "ax", "A " + a).text(xb, 16, "middle", "ax", "B " + b);
        s.line(xa, 24, xa, h - 8, Svg.GREY, 1.5, "").line(xb, 24, xb, h - 8, Svg.GREY, 1.5, "");
        s.raw("<defs><marker id=\"arr\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">"
            + "<path d=\"M0 0 L10 5 L0 10 z\" fill=\"" + Svg.BLUE + "\"/></marker></defs>");
        long t0 = events.get(0).timestampNanos();
        for (int i = 0; i < n; i++) {
            TimelineEvent e = events.get(i);
            double yy = 44 + i * rowH;
            boolean fromA = e.from() != null && e.from().equals(a);
            boolean toA = e.to() != null && e.to().equals(a);
            double x1 = fromA ? xa : xb, x2 = fromA ? (toA ? xa + 40 : xb) : (toA ? xa : xb - 40);
            s.line(x1, yy, x2, yy + 10, Svg.BLUE, 1.4, " marker-end=\"url(#arr)\" data-frame=\"" + e.frame() + "\"");
            s.text((xa + xb) / 2.0, yy + 1, "middle", "ev", e.event());
            s.text(8, yy + 9, "start", "tk", String.format(Locale.ROOT, "+%.3f ms", (e.timestampNanos() - t0) / 1e6));
            s.text(W - 8, yy + 9, "end", "tk", "frame " + e.frame());
        }
        return s.toString();
    }
}
