package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.filter.DisplayFilter;
import io.rocescope.dissector.pipeline.FrameJob;
import io.rocescope.dissector.text.Addresses;
import io.rocescope.dissector.text.LineBuffer;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * tshark's -z statistics over the frames a run reads: {@code conv,udp} (UDP conversations, both
 * directions and the total, relative start and duration) and {@code io,stat,INTERVAL[,FILTER]}
 * (frames and bytes per interval, of all frames or of those a filter keeps). Each decoding thread
 * notes per frame what the statistics need; the notes are counted in capture order.
 */
final class Statistics implements FrameJob<Statistics.Notes> {
    /** One batch's notes: per frame its time, length, io-stat filter result and UDP endpoints (text, null without UDP). */
    static final class Notes {
        final List<long[]> times = new ArrayList<>();
        final List<String[]> udp = new ArrayList<>();
        final List<boolean[]> io = new ArrayList<>();
        int size;
    }

    private final boolean conv;
    private final long intervalNanos;
    private final List<DisplayFilter> ioFilters;
    private long first = Long.MIN_VALUE, last;
    private final List<long[]> ioRows = new ArrayList<>();   // per interval: frames and bytes per column
    private final Map<String, long[]> conversations = new LinkedHashMap<>();   // key -> A→B frames, bytes, B→A frames, bytes, start, end

    private final List<String> ioFilterTexts;

    Statistics(boolean conv, long intervalNanos, List<DisplayFilter> ioFilters, List<String> ioFilterTexts) {
        this.ioFilterTexts = ioFilterTexts;
        this.conv = conv;
        this.intervalNanos = intervalNanos;
        this.ioFilters = ioFilters;
    }

    @Override public Notes newOutput() { return new Notes(); }
    @Override public void clear(Notes n) { n.size = 0; }
    @Override public int mark(Notes n) { return n.size; }
    @Override public void rewind(Notes n, int mark) { n.size = mark; }

    @Override
    public void frame(DecodedFrame f, Notes n) {
        int i = n.size++;
        long[] t = {f.timestampNanos(), f.originalLength(), f.timestampNanos() - f.relativeNanos()};
        String[] u = null;
        if (conv && f.udpLength() >= 0 && f.sourceOffset() >= 0 && (f.addressType() == FieldType.IPV4 || f.addressType() == FieldType.IPV6)) {
            u = new String[] {address(f, f.sourceOffset()) + ":" + f.srcPort(), address(f, f.destinationOffset()) + ":" + f.dstPort()};
        }
        // one column per filter, as tshark's io,stat,INTERVAL,FILTER,…; without a filter one of every frame
        boolean[] io = new boolean[Math.max(1, ioFilters.size())];
        if (ioFilters.isEmpty()) io[0] = true;
        for (int k = 0; k < ioFilters.size(); k++) io[k] = ioFilters.get(k).matches(f);
        if (i == n.times.size()) { n.times.add(t); n.udp.add(u); n.io.add(io); }
        else { n.times.set(i, t); n.udp.set(i, u); n.io.set(i, io); }
    }

    private static String address(DecodedFrame f, int off) {
        return Addresses.of(new LineBuffer(48), f.addressType(), f.data(), off).toString();
    }

    @Override
    public void emit(Notes n, int from, int to) {
        for (int i = from; i < to; i++) {
            long ts = n.times.get(i)[0], len = n.times.get(i)[1];
            if (first == Long.MIN_VALUE) first = n.times.get(i)[2];   // the capture's first frame, even when -Y left it out
            last = Math.max(last, ts);
            if (intervalNanos > 0) {
                int row = (int) Math.max(0, (ts - first) / intervalNanos);
                while (ioRows.size() <= row) ioRows.add(new long[2 * Math.max(1, ioFilters.size())]);
                boolean[] io = n.io.get(i);
                for (int k = 0; k < io.length; k++) {
                    if (!io[k]) continue;
                    ioRows.get(row)[2 * k]++;
                    ioRows.get(row)[2 * k + 1] += len;
                }
            }
            String[] u = n.udp.get(i);
            if (u != null) {
                String ab = u[0] + " <-> " + u[1], ba = u[1] + " <-> " + u[0];
                long[] c = conversations.get(ba);
                int dir = 2;
                if (c == null) {
                    c = conversations.computeIfAbsent(ab, k -> new long[] {0, 0, 0, 0, ts, ts});
                    dir = 0;
                }
                c[dir]++;
                c[dir + 1] += len;
                c[5] = Math.max(c[5], ts);
            }
        }
    }

    List<DisplayFilter> filters() { return ioFilters; }

    /** The tables, as tshark prints them after the frames. */
    String report() {
        StringBuilder sb = new StringBuilder();
        if (conv) conversations(sb);
        if (intervalNanos > 0) io(sb);
        return sb.toString();
    }

    private void conversations(StringBuilder sb) {
        String rule = "=".repeat(80) + "\n";
        sb.append(rule).append("UDP Conversations\nFilter:<No Filter>\n");
        sb.append(String.format(Locale.ROOT, "%-58s |       <-      | |       ->      | |     Total     |    Relative    |   Duration   |%n", ""));
        sb.append(String.format(Locale.ROOT, "%-58s | Frames  Bytes | | Frames  Bytes | | Frames  Bytes |      Start     |              |%n", ""));
        List<Map.Entry<String, long[]>> rows = new ArrayList<>(conversations.entrySet());
        rows.sort((x, y) -> Long.compare(y.getValue()[0] + y.getValue()[2], x.getValue()[0] + x.getValue()[2]));
        for (Map.Entry<String, long[]> e : rows) {
            String[] ab = e.getKey().split(" <-> ");
            long[] c = e.getValue();
            sb.append(String.format(Locale.ROOT, "%-26s <-> %-26s %6d %s %6d %s %6d %s %16s %12.4f%n", ab[0], ab[1],
                c[2], size(c[3]), c[0], size(c[1]), c[0] + c[2], size(c[1] + c[3]),
                String.format(Locale.ROOT, "%.9f", (c[4] - first) / 1e9), (c[5] - c[4]) / 1e9));
        }
        sb.append(rule);
    }

    /** Wireshark's format_size: bytes below 10000, then kB, MB, GB (powers of 1000, truncated). */
    static String size(long n) {
        if (n < 10_000) return n + " bytes";
        if (n < 10_000_000) return n / 1000 + " kB";
        if (n < 10_000_000_000L) return n / 1_000_000 + " MB";
        return n / 1_000_000_000L + " GB";
    }

    private void io(StringBuilder sb) {
        double duration = (last - first) / 1e9;
        long secs = intervalNanos / 1_000_000_000L;
        sb.append("\n===================================================================\n");
        sb.append(String.format(Locale.ROOT, "| IO Statistics%n| Duration: %.6f secs%n| Interval: %s secs%n", duration,
            intervalNanos % 1_000_000_000L == 0 ? Long.toString(secs) : Double.toString(intervalNanos / 1e9)));
        int columns = Math.max(1, ioFilters.size());
        if (ioFilters.isEmpty()) sb.append("| Col 1: Frames and bytes\n");
        for (int k = 0; k < ioFilters.size(); k++) sb.append("| Col ").append(k + 1).append(": ").append(ioFilterTexts.get(k)).append('\n');
        sb.append("|-------------------------------------------------------------------\n| Interval");
        for (int k = 0; k < columns; k++) sb.append(" | Frames |   Bytes");
        sb.append(" |\n");
        for (int r = 0; r < ioRows.size(); r++) {
            double from = r * intervalNanos / 1e9, to = (r + 1) * intervalNanos / 1e9;
            String end = to >= duration && r == ioRows.size() - 1 ? "Dur" : trim(to);
            sb.append(String.format(Locale.ROOT, "| %s <> %s", trim(from), end));
            long[] row = ioRows.get(r);
            for (int k = 0; k < columns; k++) sb.append(String.format(Locale.ROOT, " | %6d | %7d", row[2 * k], row[2 * k + 1]));
            sb.append(" |\n");
        }
        sb.append("===================================================================\n");
    }

    private static String trim(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
