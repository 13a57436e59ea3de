package io.rocescope.cli;

import io.rocescope.flow.Finding;
import io.rocescope.flow.Reports;

import java.util.Locale;

/** Small text helpers for the analysis views. */
final class Fmt {
    private Fmt() {}

    static String qp(Integer qpn) { return qpn == null ? "QP ?" : String.format("QP 0x%06x", qpn); }

    static String endpoint(Reports.EndpointReport e) { return e.ip() + " " + qp(e.qpn()); }

    static String bytes(long n) {
        if (n < 10_000) return n + " B";
        if (n < 10_000_000) return String.format(Locale.ROOT, "%.1f kB", n / 1e3);
        if (n < 10_000_000_000L) return String.format(Locale.ROOT, "%.1f MB", n / 1e6);
        return String.format(Locale.ROOT, "%.1f GB", n / 1e9);
    }

    static String micros(double us) {
        if (us < 1000) return String.format(Locale.ROOT, "%.0f us", us);
        if (us < 1_000_000) return String.format(Locale.ROOT, "%.2f ms", us / 1e3);
        return String.format(Locale.ROOT, "%.3f s", us / 1e6);
    }

    /** "frame 7", "frames 380–506", "frames 3, 4", "frames 54, 59–70 …" (… : later ones only counted). */
    static String frames(Finding f) {
        StringBuilder sb = new StringBuilder();
        int n = 0;
        for (Finding.FrameRange r : f.frameRanges()) {
            if (n++ > 0) sb.append(", ");
            sb.append(r.first());
            if (r.last() != r.first()) { sb.append('–').append(r.last()); n++; }
        }
        if (f.moreFrames()) sb.append(" …");
        return (n == 1 && !f.moreFrames() ? "frame " : "frames ") + sb;
    }
}
