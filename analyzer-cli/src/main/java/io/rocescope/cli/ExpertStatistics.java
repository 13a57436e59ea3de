package io.rocescope.cli;

import io.rocescope.analysis.TrackerJob;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.Expert;
import io.rocescope.dissector.filter.DisplayFilter;
import io.rocescope.dissector.pipeline.FrameJob;
import io.rocescope.dissector.text.ExpertGroups;
import io.rocescope.flow.Finding;
import io.rocescope.flow.FindingKind;
import io.rocescope.flow.Reports;
import io.rocescope.dissector.decode.Expert.Severity;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * tshark's {@code -z expert[,error|warn|note|chat][,FILTER]}: the expert infos of the frames read, per
 * severity a table of how often each (group, protocol, summary) occurred, in tshark's layout. Two sources:
 * the dissector's per-frame experts (their message is the summary, as tshark's; a bad ICRC or VCRC is one
 * summary, {@code Bad ICRC}, whatever its values) and the flow tracker's
 * findings (one row per kind: its meaning, its registry group). Findings that only restate a frame's
 * expert ({@code malformed}, {@code icrc.bad}) are counted once, from the frame.
 */
final class ExpertStatistics implements FrameJob<ExpertStatistics.Notes> {
    /** One batch's notes: per frame its experts' rows (severity, group, protocol, summary), and the tracker's batch. */
    static final class Notes {
        final List<List<Row>> rows = new ArrayList<>();
        final TrackerJob.Batch tracked;
        /** trackedMarks[i]: where frame i's entry in the tracker's batch starts (a frame the filter leaves out has none). */
        int[] trackedMarks = new int[64];
        int size;

        Notes(TrackerJob.Batch tracked) { this.tracked = tracked; }
    }

    record Row(Severity severity, String group, String protocol, String summary) {}

    private final TrackerJob trackerJob;
    private final Severity lowest;
    private final DisplayFilter filter;
    private final Map<Row, Long> counts = new LinkedHashMap<>();   // first occurrence first, as tshark lists them

    ExpertStatistics(TrackerJob trackerJob, Severity lowest, DisplayFilter filter) {
        this.trackerJob = trackerJob;
        this.lowest = lowest;
        this.filter = filter;
    }

    DisplayFilter filter() { return filter; }

    @Override public Notes newOutput() { return new Notes(trackerJob.newOutput()); }
    @Override public void clear(Notes n) { n.size = 0; trackerJob.clear(n.tracked); n.trackedMarks[0] = 0; }

    @Override
    public int mark(Notes n) {
        if (n.size == n.trackedMarks.length) n.trackedMarks = java.util.Arrays.copyOf(n.trackedMarks, n.size * 2);
        n.trackedMarks[n.size] = trackerJob.mark(n.tracked);
        return n.size;
    }

    @Override public void rewind(Notes n, int mark) { n.size = mark; trackerJob.rewind(n.tracked, n.trackedMarks[mark]); }

    @Override
    public void frame(DecodedFrame f, Notes n) {
        int i = n.size++;
        if (i == n.rows.size()) n.rows.add(new ArrayList<>());
        List<Row> rows = n.rows.get(i);
        rows.clear();
        if (filter != null && !filter.matches(f)) return;   // as tshark's tap filter: the frame is not counted, nor tracked
        for (Expert e : f.experts()) {
            rows.add(new Row(e.severity(), ExpertGroups.group(e).label(), ExpertGroups.protocol(e, f), ExpertGroups.summary(e)));
        }
        trackerJob.frame(f, n.tracked);
    }

    @Override
    public void emit(Notes n, int from, int to) throws IOException {
        for (int i = from; i < to; i++) for (Row r : n.rows.get(i)) counts.merge(r, 1L, Long::sum);
        trackerJob.emit(n.tracked, n.trackedMarks[from], n.trackedMarks[to]);
    }

    /** The tables, as tshark prints them after the frames: Errors, Warns, Notes; a severity without entries is left out. */
    String report() {
        Map<Row, Long> all = new LinkedHashMap<>(counts);
        findings(trackerJob.finish(), all);
        Map<Severity, List<Map.Entry<Row, Long>>> bySeverity = new EnumMap<>(Severity.class);
        for (Map.Entry<Row, Long> e : all.entrySet()) {
            if (e.getKey().severity().compareTo(lowest) < 0) continue;
            bySeverity.computeIfAbsent(e.getKey().severity(), s -> new ArrayList<>()).add(e);
        }
        StringBuilder sb = new StringBuilder();
        for (Severity s : new Severity[] {Severity.ERROR, Severity.WARNING, Severity.NOTE}) {
            List<Map.Entry<Row, Long>> rows = bySeverity.get(s);
            if (rows == null) continue;
            long total = 0;
            for (Map.Entry<Row, Long> e : rows) total += e.getValue();
            sb.append('\n').append(TITLES.get(s)).append(" (").append(total).append(")\n=============\n");
            sb.append("   Frequency      Group           Protocol  Summary\n");
            for (Map.Entry<Row, Long> e : rows) {
                Row r = e.getKey();
                sb.append(String.format(java.util.Locale.ROOT, "%12d %10s %18s  %s%n", e.getValue(), r.group(), r.protocol(), r.summary()));
            }
        }
        return sb.toString();
    }

    private static final Map<Severity, String> TITLES = Map.of(Severity.ERROR, "Errors", Severity.WARNING, "Warns", Severity.NOTE, "Notes");

    /** Adds one row per finding kind and severity (a kind's findings may differ: a NAK after an RNR NAK is a note). */
    private static void findings(Reports.Analysis a, Map<Row, Long> into) {
        Map<String, Map<Severity, Long>> listed = new HashMap<>();
        for (Finding f : a.findings()) listed.computeIfAbsent(f.kind(), k -> new EnumMap<>(Severity.class)).merge(f.severity(), 1L, Long::sum);
        for (Map.Entry<String, Long> c : a.findingCounts().entrySet()) {
            FindingKind kind = FindingKind.of(c.getKey());
            if (kind == null || kind == FindingKind.MALFORMED || kind == FindingKind.ICRC_BAD) continue;
            Map<Severity, Long> bySeverity = new EnumMap<>(Severity.class);
            bySeverity.putAll(listed.getOrDefault(kind.key(), Map.of()));
            long unlisted = c.getValue() - bySeverity.values().stream().mapToLong(Long::longValue).sum();
            if (unlisted > 0) bySeverity.merge(kind.severity(), unlisted, Long::sum);   // beyond the listing limit: the kind's own
            for (Map.Entry<Severity, Long> s : bySeverity.entrySet()) {
                into.merge(new Row(s.getKey(), kind.group().label(), protocol(kind), kind.key() + ": " + kind.meaning()), s.getValue(), Long::sum);
            }
        }
    }

    /** The protocol a finding is about, by Wireshark's short names. */
    private static String protocol(FindingKind k) {
        String key = k.key();
        if (key.startsWith("capture.") || key.startsWith("flows.")) return "Frame";
        if (key.startsWith("pfc.")) return "MAC CTRL";
        if (key.startsWith("ecn.")) return "IP";
        if (k == FindingKind.SETUP_UNRECOGNIZED) return "TCP";
        return "IB";
    }

    /** The lowest severity a -z expert argument asks for ("error", "warn", "note", "chat"; chat and comment: all). */
    static Severity lowest(String level) {
        return switch (level) {
            case "error" -> Severity.ERROR;
            case "warn" -> Severity.WARNING;
            default -> Severity.NOTE;
        };
    }
}
