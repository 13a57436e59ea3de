package io.rocescope.flow;

/**
 * What a flow's packets change beyond their own connection: the scan detector (access NAKs), the capture-loss
 * count (answers for PSNs the capture never showed) and the priority table (stalled connections, RoCE while
 * another priority was paused, ECN in use). The one tracker applies it at once ({@link #direct}); a tracker
 * shard logs it ({@link ShardLog}) and the logs are applied in the router's order at the next barrier, so that what all
 * connections share ends as the one tracker's.
 */
interface CaptureWide {
    void accessNak(Address src, long rkey, long va, long frame);

    /** An answer on {@code requester}'s connection showed {@code lost} (more than 0) PSNs the capture never showed. */
    void answerLoss(Flow requester, long lost, long frame);

    /** Connection {@code connection} stalled on priority {@code prio} for the first time. */
    void stalled(int prio, int connection, long frame);

    void roceWhileOtherPaused(int prio, int other, long frame);

    /** A RoCE packet was ECT or CE. */
    void ecnInUse();

    static CaptureWide direct(ScanDetector scans, CaptureIntegrity integrity, FabricWatch watch) {
        return new CaptureWide() {
            @Override public void accessNak(Address src, long rkey, long va, long frame) { scans.onAccessNak(src, rkey, va, frame); }
            @Override public void answerLoss(Flow requester, long lost, long frame) {
                integrity.onLoss(requester.connection.id, lost, frame, requester::where);
            }
            @Override public void stalled(int prio, int connection, long frame) { watch.table.stalled(prio, connection); }
            @Override public void roceWhileOtherPaused(int prio, int other, long frame) { watch.table.roceWhileOtherPaused(prio, other, frame); }
            @Override public void ecnInUse() { watch.ecnInUse(); }
        };
    }
}
