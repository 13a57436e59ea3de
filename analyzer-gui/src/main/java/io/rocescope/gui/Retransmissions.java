package io.rocescope.gui;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.flow.Finding;
import io.rocescope.flow.PsnTracker;
import io.rocescope.flow.Reports;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The packets the analysis found resent (its Go-Back-N episodes), by destination QP: an episode's frame
 * ranges are runs of its flow's packets, with the other direction's packets between them, so a frame
 * counts when its number is in a range of its own destination QP's flow. Kept as the ranges themselves
 * (merged, sorted), not a bit per frame number: as many as the analysis reports, whatever the capture's size.
 */
final class Retransmissions {
    /** Per destination QP: first0, last0, first1, last1 … sorted, not overlapping nor touching. */
    private final Map<Integer, long[]> byDestQp = new HashMap<>();

    static Retransmissions frames(Reports.Analysis a) {
        Map<Integer, List<long[]>> ranges = new HashMap<>();
        for (Reports.ConnectionReport c : a.connections()) {
            for (Reports.FlowReport f : new Reports.FlowReport[] {c.aToB(), c.bToA()}) {
                if (f == null || f.psn() == null || f.psn().episodes() == null) continue;
                List<long[]> list = ranges.computeIfAbsent(f.destQp(), q -> new ArrayList<>());
                for (PsnTracker.Episode e : f.psn().episodes()) {
                    for (Finding.FrameRange fr : e.frameRanges()) if (fr.last() >= fr.first()) list.add(new long[] {fr.first(), fr.last()});
                }
            }
        }
        Retransmissions r = new Retransmissions();
        ranges.forEach((qp, list) -> r.byDestQp.put(qp, merged(list)));
        return r;
    }

    private static long[] merged(List<long[]> list) {
        list.sort((x, y) -> Long.compare(x[0], y[0]));
        long[] out = new long[list.size() * 2];
        int n = 0;
        for (long[] x : list) {
            if (n > 0 && x[0] <= out[n - 1] + 1) out[n - 1] = Math.max(out[n - 1], x[1]);
            else {
                out[n++] = x[0];
                out[n++] = x[1];
            }
        }
        return Arrays.copyOf(out, n);
    }

    static Retransmissions none() { return new Retransmissions(); }

    boolean contains(DecodedFrame f) {
        return f.isRoce() && contains(f.ib().destQp(), f.number());
    }

    /** Whether frame {@code number} of the flow to {@code destQp} was resent. */
    boolean contains(int destQp, long number) {
        long[] r = byDestQp.get(destQp);
        if (r == null) return false;
        int lo = 0, hi = r.length / 2 - 1;   // the last range whose first is ≤ number
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (r[2 * mid] <= number) lo = mid + 1;
            else hi = mid - 1;
        }
        return hi >= 0 && number <= r[2 * hi + 1];
    }

    /** How many frame numbers the ranges name (for tests), over every QP. */
    int ranged() {
        long n = 0;
        for (long[] r : byDestQp.values()) for (int i = 0; i < r.length; i += 2) n += r[i + 1] - r[i] + 1;
        return (int) n;
    }
}
