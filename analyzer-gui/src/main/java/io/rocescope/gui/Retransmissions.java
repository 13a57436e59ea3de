package io.rocescope.gui;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.flow.Finding;
import io.rocescope.flow.PsnTracker;
import io.rocescope.flow.Reports;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;

/**
 * The packets the analysis found resent (its Go-Back-N episodes), by destination QP: an episode's frame
 * ranges are runs of its flow's packets, with the other direction's packets between them, so a frame
 * counts when its number is in a range of its own destination QP's flow.
 */
final class Retransmissions {
    private final Map<Integer, BitSet> byDestQp = new HashMap<>();

    static Retransmissions frames(Reports.Analysis a) {
        Retransmissions r = new Retransmissions();
        for (Reports.ConnectionReport c : a.connections()) {
            for (Reports.FlowReport f : new Reports.FlowReport[] {c.aToB(), c.bToA()}) {
                if (f == null || f.psn() == null || f.psn().episodes() == null) continue;
                BitSet bits = r.byDestQp.computeIfAbsent(f.destQp(), q -> new BitSet());
                for (PsnTracker.Episode e : f.psn().episodes()) {
                    for (Finding.FrameRange fr : e.frameRanges()) bits.set((int) fr.first(), (int) fr.last() + 1);
                }
            }
        }
        return r;
    }

    static Retransmissions none() { return new Retransmissions(); }

    boolean contains(DecodedFrame f) {
        if (!f.isRoce()) return false;
        BitSet b = byDestQp.get(f.ib().destQp());
        return b != null && b.get((int) f.number());
    }

    /** Whether frame {@code number} of the flow to {@code destQp} was resent. */
    boolean contains(int destQp, long number) {
        BitSet b = byDestQp.get(destQp);
        return b != null && b.get((int) number);
    }

    /** How many frame numbers the ranges name (for tests), over every QP. */
    int ranged() {
        return byDestQp.values().stream().mapToInt(BitSet::cardinality).sum();
    }
}
