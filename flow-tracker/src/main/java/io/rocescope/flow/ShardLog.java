package io.rocescope.flow;

import java.util.ArrayList;
import java.util.List;

/**
 * What one tracker shard changed beyond its own connections since the last barrier, in the order it did it: each
 * change with the place of the packet that made it in the router's order, to be applied to the capture-wide state
 * on the router's thread. The shards' logs merged by that order are the order one tracker would have made the
 * changes in (a packet goes to one shard).
 */
final class ShardLog implements CaptureWide {
    private final CaptureWide direct;
    private final CaptureIntegrity integrity;
    /** The place in the router's order of the packet the shard is tracking now. */
    long order;
    /** A change and the place of the packet that made it. */
    private record Change(long order, Runnable apply) {}
    private final List<Change> changes = new ArrayList<>();
    private int next;
    private boolean ecn;

    ShardLog(CaptureWide direct, CaptureIntegrity integrity) {
        this.direct = direct;
        this.integrity = integrity;
    }

    /** A change the packet being tracked makes to what all connections share. */
    void add(Runnable change) {
        changes.add(new Change(order, change));
    }

    @Override public void accessNak(Address src, long rkey, long va, long frame) {
        add(() -> direct.accessNak(src, rkey, va, frame));
    }

    @Override public void answerLoss(Flow requester, long lost, long frame) {
        int id = requester.connection.id;
        // the connection's name, while its state is the one at this answer; not needed once it has its line
        String where = integrity.listed(id) ? null : requester.where();
        add(() -> integrity.onLoss(id, lost, frame, () -> where));
    }

    @Override public void stalled(int prio, int connection, long frame) { add(() -> direct.stalled(prio, connection, frame)); }

    @Override public void roceWhileOtherPaused(int prio, int other, long frame) {
        add(() -> direct.roceWhileOtherPaused(prio, other, frame));
    }

    /** Kept as a flag (nearly every packet is ECT): a flag is the same whenever it is set. */
    @Override public void ecnInUse() { ecn = true; }

    // ---- merging, on the router's thread while the shard waits ----

    /** Changes logged since the last merge. */
    int size() { return changes.size(); }

    /** The place of the next change not yet applied, or Long.MAX_VALUE when none is left. */
    long nextOrder() { return next < changes.size() ? changes.get(next).order() : Long.MAX_VALUE; }

    /** Applies the changes of the next packet that made some. */
    void applyNextPacket() {
        long o = changes.get(next).order();
        while (next < changes.size() && changes.get(next).order() == o) changes.get(next++).apply().run();
    }

    /** After the merge: the flag goes to the capture, the log starts again. */
    void clear() {
        if (ecn) direct.ecnInUse();
        ecn = false;
        changes.clear();
        next = 0;
    }

    /** Applies the logs' changes in the router's order and empties them. */
    static void merge(ShardLog[] logs) {
        while (true) {
            ShardLog first = null;
            for (ShardLog l : logs) if (l.nextOrder() != Long.MAX_VALUE && (first == null || l.nextOrder() < first.nextOrder())) first = l;
            if (first == null) break;
            first.applyNextPacket();
        }
        for (ShardLog l : logs) l.clear();
    }
}
