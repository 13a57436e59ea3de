package io.rocescope.cli.report;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.OpcodeTable;
import io.rocescope.dissector.text.Addresses;
import io.rocescope.flow.Psn;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * PSN over time for the charts: each charted flow's RoCE packets (frame, time, PSN), gathered in the
 * evidence pass. Bounded: at most {@link #MAX_POINTS} a flow; beyond that every other point in order is
 * dropped and the stride doubles, while packets whose PSN went back (resent, late) are kept up to
 * {@link #MAX_BACK}, so the chart keeps what matters.
 */
public final class PsnSeries implements EvidenceScanner.FrameVisitor {
    static final int MAX_POINTS = 1500, MAX_BACK = 500;

    /** A flow as the reports name it. */
    record Key(String src, String dst, int destQp) {}

    /** {@code response}: an ACK, READ response or atomic ACK (its PSN is in the other direction's request space). */
    record Point(long frame, long ts, int psn, boolean back, boolean response) {}

    static final class Series {
        final List<Point> points = new ArrayList<>();
        int stride = 1, skipped, backs;
        int highest = -1;
    }

    private final Map<Key, Series> series = new HashMap<>();
    /** The first frame's time: the origin of the charts' time axes, as of the flow tracker's relative times. */
    private long firstTs = Long.MIN_VALUE;

    long firstTs() { return firstTs == Long.MIN_VALUE ? 0 : firstTs; }

    PsnSeries(List<Key> flows) {
        for (Key k : flows) series.put(k, new Series());
    }

    @Override
    public void frame(DecodedFrame f) {
        if (firstTs == Long.MIN_VALUE) firstTs = f.timestampNanos();
        if (!f.isRoce() || f.ib() == null) return;
        int opcode = f.ib().opcode();
        if (OpcodeTable.isCnp(opcode)) return;   // CNPs carry no PSN of the flow
        Series s = series.get(new Key(Addresses.source(f), Addresses.destination(f), f.ib().destQp()));
        if (s == null) return;
        int psn = f.ib().psn();
        int d = Psn.diff(psn, s.highest);
        boolean back = s.highest >= 0 && d <= 0;
        if (!back) s.highest = psn;
        if (back) {
            if (s.backs >= MAX_BACK) return;
            s.backs++;
        } else if (++s.skipped < s.stride) {
            return;
        }
        s.skipped = 0;
        boolean response = OpcodeTable.isResponse(opcode);   // READ responses, ACKs, atomic ACKs of RC, XRC
        s.points.add(new Point(f.number(), f.timestampNanos(), psn, back, response));
        if (s.points.size() - s.backs >= MAX_POINTS) {
            // thin the in-order points: keep every other one
            List<Point> kept = new ArrayList<>();
            int n = 0;
            for (Point p : s.points) if (p.back() || (n++ & 1) == 0) kept.add(p);
            s.points.clear();
            s.points.addAll(kept);
            s.stride *= 2;
        }
    }

    /** Keys of the flows of these connections (both directions). */
    static List<Key> keys(List<io.rocescope.flow.Reports.ConnectionReport> conns) {
        List<Key> out = new ArrayList<>();
        for (var c : conns) {
            for (var f : new io.rocescope.flow.Reports.FlowReport[] {c.aToB(), c.bToA()}) if (f != null) out.add(key(f));
        }
        return out;
    }

    static Key key(io.rocescope.flow.Reports.FlowReport f) { return new Key(f.src(), f.dst(), f.destQp()); }

    List<Point> points(Key k) {
        Series s = series.get(k);
        return s == null ? List.of() : s.points;
    }
}
