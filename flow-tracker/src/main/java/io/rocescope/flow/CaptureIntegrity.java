package io.rocescope.flow;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How far a capture can be trusted, as values (issue 14 §2): frames the snaplen cut (their ICRC cannot be
 * checked), silences longer than {@link #GAP_NANOS}, and the capture-loss estimate from PSN space. An
 * answer (ACK or NAK) that covers request PSNs the capture never showed proves the responder received
 * them: the capture dropped those packets, not the network. Bounded state: a few frame numbers and one
 * entry per connection that lost packets in the capture (at most {@link #MAX_CONNECTIONS}).
 * Timestamps that go back are {@link TimestampOrder}'s; their values are gathered here for the report.
 */
final class CaptureIntegrity {
    /** A silence at least this long is listed: traffic stopped there, or the capture missed it. */
    static final long GAP_NANOS = 1_000_000_000L;
    static final int MAX_CONNECTIONS = 1000;
    private static final int MAX = Findings.MAX_FRAMES;

    private long cut, roceCut, roceCutUnchecked;
    private final List<Long> cutFrames = new ArrayList<>();
    private long prevTs = Long.MIN_VALUE, prevFrame;
    private long gaps, largestGap, largestGapFrame;
    private final List<Reports.TimeGap> gapList = new ArrayList<>();
    private long lostPsns, lostAnswers;
    private final Map<Integer, Loss> byConnection = new LinkedHashMap<>();
    private long lostNotListed;

    /** One connection's capture loss: the PSNs its answers covered that the capture never showed. */
    private static final class Loss {
        final String flow;
        long psns, answers;
        final List<Long> frames = new ArrayList<>();
        Loss(String flow) { this.flow = flow; }
    }

    /** Where a flow's capture-loss accounting stands (made with its first answer). */
    static final class FlowState {
        /** Gaps of the flow's PSN tracker before this one are accounted; {@code from}: how far into it. */
        int gapIndex;
        Integer gapFrom;
        /** The highest PSN an answer covered beyond every request seen (-1: none). */
        int beyond = -1;
    }

    void onFrame(PacketView v) {
        if (v.captured < v.length) {
            cut++;
            if (cutFrames.size() < MAX) cutFrames.add(v.frame);
            if (v.roce) {
                roceCut++;
                if (v.icrcUnchecked) roceCutUnchecked++;
            }
        }
        if (prevTs != Long.MIN_VALUE && v.ts - prevTs >= GAP_NANOS) {
            gaps++;
            long d = v.ts - prevTs;
            if (d > largestGap) { largestGap = d; largestGapFrame = v.frame; }
            if (gapList.size() < MAX) gapList.add(new Reports.TimeGap(prevFrame, v.frame, d));
        }
        // a step back in time is TimestampOrder's; the next silence is measured from the latest time
        if (v.ts >= prevTs || prevTs == Long.MIN_VALUE) { prevTs = v.ts; }
        prevFrame = v.frame;
    }

    /**
     * An answer on {@code requester}'s connection that covers every PSN up to {@code coveredTo}: how many PSNs among
     * them the capture never showed (in the PSN gaps, or past the highest request seen) and no earlier answer
     * counted; the requester's carry-over state moves on. Reads and changes only the flow, so that a tracker shard
     * can run it; {@link #onLoss} counts the result for the capture.
     */
    static long lostBy(Flow requester, int coveredTo) {
        PsnTracker p = requester.psn;
        if (!p.started() || Psn.diff(coveredTo, p.firstPsn()) < 0) return 0;
        // the state starts as an answer that left nothing over: it is made only when one does (a gap, or PSNs beyond)
        FlowState s = requester.captureLossOrNull();
        int gapIndex = s == null ? 0 : s.gapIndex, beyond = s == null ? -1 : s.beyond;
        Integer gapFrom = s == null ? null : s.gapFrom;
        long lost = 0;
        List<PsnTracker.Gap> gl = p.gapList();
        while (gapIndex < gl.size()) {
            PsnTracker.Gap g = gl.get(gapIndex);
            int from = gapFrom != null ? gapFrom : g.fromPsn();
            // PSNs an earlier answer already counted past the requests seen then
            if (beyond >= 0 && Psn.diff(beyond, from) >= 0) {
                if (Psn.diff(beyond, g.toPsn()) >= 0) { gapIndex++; gapFrom = null; continue; }
                from = Psn.add(beyond, 1);
            }
            if (Psn.diff(coveredTo, from) < 0) break;
            int to = Psn.diff(coveredTo, g.toPsn()) >= 0 ? g.toPsn() : coveredTo;
            lost += p.unseenIn(from, to);
            if (to == g.toPsn()) { gapIndex++; gapFrom = null; }
            else { gapFrom = Psn.add(to, 1); break; }
        }
        int highest = Psn.add(p.next(), -1);
        if (Psn.diff(coveredTo, highest) > 0) {
            int start = beyond >= 0 && Psn.diff(beyond, highest) > 0 ? beyond : highest;
            if (Psn.diff(coveredTo, start) > 0) {
                lost += Psn.diff(coveredTo, start);
                beyond = coveredTo;
            }
        }
        if (s != null || gapIndex != 0 || gapFrom != null || beyond != -1) {
            if (s == null) s = requester.captureLoss();
            s.gapIndex = gapIndex;
            s.gapFrom = gapFrom;
            s.beyond = beyond;
        }
        return lost;
    }

    /** Connection {@code id}'s answer at {@code frame} showed {@code lost} PSNs the capture never showed (nothing when 0). */
    void onLoss(int id, long lost, long frame, java.util.function.Supplier<String> where) {
        if (lost == 0) return;
        lostPsns += lost;
        lostAnswers++;
        Loss l = byConnection.get(id);
        if (l == null) {
            if (byConnection.size() >= MAX_CONNECTIONS) { lostNotListed += lost; return; }
            byConnection.put(id, l = new Loss(where.get()));
        }
        l.psns += lost;
        l.answers++;
        if (l.frames.size() < MAX) l.frames.add(frame);
    }

    /** Whether connection {@code id} already has its own line of losses (its name is no longer needed). */
    boolean listed(int id) { return byConnection.containsKey(id); }

    Reports.Integrity report(TimestampOrder order) {
        List<Reports.ConnectionLoss> conns = new ArrayList<>();
        byConnection.forEach((id, l) -> conns.add(new Reports.ConnectionLoss(id, l.flow, l.psns, l.answers, List.copyOf(l.frames))));
        return new Reports.Integrity(cut, roceCut, roceCutUnchecked, List.copyOf(cutFrames),
            order.steps(), order.largestStepNanos(), order.largestStepFrame(), order.frames(),
            GAP_NANOS, gaps, largestGap, largestGapFrame, List.copyOf(gapList),
            new Reports.CaptureLoss(lostPsns, lostAnswers, lostNotListed, conns));
    }
}
