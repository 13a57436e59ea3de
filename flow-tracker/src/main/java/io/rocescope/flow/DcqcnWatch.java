package io.rocescope.flow;

/**
 * How a sender's rate answers the CNPs sent to it (DCQCN's reaction point cuts its rate at a CNP and
 * raises it again while none come). CNPs closer together than the episode gap form one episode; its
 * baseline is the rate of the last block of packets that ended before its first CNP. Within the episode
 * the first block at least the drop fraction below the baseline is the reaction (time from the first
 * CNP to that block's end), the lowest block is the depth, and the first block after it back within
 * half the drop fraction of the baseline is the recovery. An episode of several CNPs whose blocks never
 * fall below the threshold is a sender that ignores them.
 */
final class DcqcnWatch {
    long episodes, reacted, ignored;
    long firstIgnoredFrame = -1, firstIgnoredCnps;
    double firstIgnoredRate = Double.NaN;
    /** The first measured episode, and the extremes over all. */
    Episode first;
    double maxDrop = 0;
    long maxReactionNanos = -1, maxRecoveryNanos = -1;

    private boolean active;
    private Episode cur;

    /** One episode as measured. Rates in bytes per ns; times -1 when it never happened. */
    static final class Episode {
        long firstCnpTs, firstCnpFrame, lastCnpTs, cnps, blocksAfter;
        double baseline = Double.NaN, min = Double.NaN;
        long reactionNanos = -1, recoveryNanos = -1;

        double drop() { return Double.isNaN(baseline) || Double.isNaN(min) || baseline <= 0 ? 0 : Math.max(0, 1 - min / baseline); }
    }

    void onCnp(long ts, long frame, double rateBefore, FabricOptions o) {
        if (active && ts - cur.lastCnpTs > o.episodeGapNanos()) close(o);
        if (!active) {
            cur = new Episode();
            cur.firstCnpTs = ts;
            cur.firstCnpFrame = frame;
            cur.baseline = rateBefore;
            active = true;
        }
        cur.cnps++;
        cur.lastCnpTs = Math.max(cur.lastCnpTs, ts);
    }

    void onBlock(long start, long end, double rate, FabricOptions o) {
        if (!active) return;
        if (start > cur.lastCnpTs + o.episodeGapNanos()) { close(o); return; }
        if (start < cur.firstCnpTs || Double.isNaN(cur.baseline)) return;
        cur.blocksAfter++;
        cur.min = Double.isNaN(cur.min) ? rate : Math.min(cur.min, rate);
        if (cur.reactionNanos < 0 && rate <= (1 - o.rateDropFraction()) * cur.baseline) cur.reactionNanos = end - cur.firstCnpTs;
        else if (cur.reactionNanos >= 0 && cur.recoveryNanos < 0 && rate >= (1 - o.rateDropFraction() / 2) * cur.baseline) {
            cur.recoveryNanos = end - cur.firstCnpTs;
        }
    }

    private void close(FabricOptions o) {
        active = false;
        Episode e = cur;
        cur = null;
        if (Double.isNaN(e.baseline) || e.blocksAfter == 0) return;   // nothing to compare with
        episodes++;
        if (first == null) first = e;
        maxDrop = Math.max(maxDrop, e.drop());
        if (e.reactionNanos >= 0) {
            reacted++;
            maxReactionNanos = Math.max(maxReactionNanos, e.reactionNanos);
            if (e.recoveryNanos >= 0) maxRecoveryNanos = Math.max(maxRecoveryNanos, e.recoveryNanos);
        } else if (e.cnps >= o.minEpisodeCnps() && e.blocksAfter >= 2) {
            if (ignored++ == 0) { firstIgnoredFrame = e.firstCnpFrame; firstIgnoredCnps = e.cnps; firstIgnoredRate = e.baseline; }
        }
    }

    void finish(FabricOptions o) {
        if (active) close(o);
    }
}
