package io.rocescope.gui;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.text.InfoColumn;
import io.rocescope.dissector.text.LineBuffer;
import io.rocescope.dissector.text.SummaryLine;
import io.rocescope.dissector.text.Text;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The packet list's rows, decoded when a row is shown and kept for the last {@link #CACHED} rows: the
 * CLI's columns (the same text as {@code rocescope dissect}) and the colouring rule that matched.
 * Used on the JavaFX thread only.
 */
final class PacketRows {
    static final int CACHED = 4096;
    static final String[] TITLES = {"No.", "Time", "Source", "Destination", "Protocol", "Length", "Info"};

    record Row(String[] columns, ColourRule rule) {
        static final Row UNREADABLE = new Row(new String[] {"", "", "", "", "", "", "[frame cannot be read]"}, null);
    }

    private final FrameSource source;
    private final List<ColourRule> rules;
    private Retransmissions retransmitted = Retransmissions.none();
    private final Map<Integer, Row> cache = new LinkedHashMap<>(CACHED * 2, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Integer, Row> e) { return size() > CACHED; }
    };

    PacketRows(FrameSource source, List<ColourRule> rules) {
        this.source = source;
        this.rules = rules;
    }

    /** When a row was first asked for (the table draws it), nanoTime; 0 = not yet. For the benchmark. */
    long firstRowAt;

    Row row(int frame) {
        if (firstRowAt == 0) firstRowAt = System.nanoTime();
        Row r = cache.get(frame);
        if (r == null) {
            if (frame >= source.indexed()) return Row.UNREADABLE;   // a row of a list being replaced
            DecodedFrame f = source.decode(frame);
            r = f == null ? Row.UNREADABLE : new Row(columns(f), rule(f));
            cache.put(frame, r);
        }
        return r;
    }

    /** The columns of a frame, as {@code rocescope dissect} prints them (without its padding). */
    static String[] columns(DecodedFrame f) {
        return new String[] {
            Long.toString(f.number()),
            Text.seconds(new LineBuffer(), f.relativeNanos(), 6).toString(),
            SummaryLine.address(new LineBuffer(), f, true).toString(),
            SummaryLine.address(new LineBuffer(), f, false).toString(),
            f.protocol().column(),
            Long.toString(f.originalLength()),
            InfoColumn.of(f)};
    }

    private ColourRule rule(DecodedFrame f) {
        for (ColourRule c : rules) if (c.matches(f, retransmitted)) return c;
        return null;
    }

    /** Frames (by number) the analysis found retransmitted: their rows are coloured again. */
    void retransmitted(Retransmissions frames) {
        retransmitted = frames;
        cache.clear();
    }

    /** Rules changed: every row's colour is worked out again. */
    void rulesChanged() { cache.clear(); }

    FrameSource source() { return source; }
}
