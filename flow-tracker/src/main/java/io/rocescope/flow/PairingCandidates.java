package io.rocescope.flow;

import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * Connections still waiting for their other direction (paired "unpaired" or "inferred", one flow seen), by
 * the hosts of that flow: a new flow looks only at the connections between its two hosts, the newest first,
 * instead of walking the list of every connection. At most {@link #MAX_PER_HOSTS} are kept for one pair of
 * hosts (the oldest goes first); a connection leaves when it is paired or retired.
 *
 * <p>Nothing is made per lookup or per connection: the hosts are looked up by source, then destination (the
 * tracker's address strings, no pair object), and a pair's queue stays when it empties, as the next
 * connection between the same hosts mostly comes soon. Empty queues are swept out once there are more than
 * {@link #SWEEP_AT} of them and more than there are queues in use, so the index holds at most about twice
 * as many queues as host pairs with waiting connections, plus that.
 */
final class PairingCandidates {
    /** How far back a new flow looks for the connection it answers, among those between the same two hosts. */
    static final int MAX_PER_HOSTS = 256;
    private static final int SWEEP_AT = 1024;

    /** Source host → destination host → the connections waiting with a flow between them. */
    private final Map<Address, Map<Address, Queue>> bySrc = new HashMap<>();
    private int queues, emptyQueues;

    /** Tests whether a waiting connection is the one a new flow's first packet completes. */
    interface Match {
        boolean test(Connection c);
    }

    /** A connection whose A→B flow ({@code c.ab}) was just made and has no B→A flow yet. */
    void add(Connection c) {
        Address src = c.ab.key.src(), dst = c.ab.key.dst();
        Queue q = queue(src, dst);
        if (q == null) {
            q = new Queue();
            bySrc.computeIfAbsent(src, k -> new HashMap<>(4)).put(dst, q);
            queues++;
        } else if (q.size == 0) {
            emptyQueues--;
        }
        q.addLast(c);
    }

    /**
     * The newest waiting connection whose flow runs from {@code dst} to {@code src} (the reverse of the new
     * flow) and that {@code match} accepts; it leaves the index (it is paired now). Null when there is none.
     */
    Connection take(Address src, Address dst, Match match) {
        Queue q = queue(dst, src);
        if (q == null) return null;
        for (int k = q.size - 1; k >= 0; k--) {
            Connection c = q.get(k);
            if (!match.test(c)) continue;
            q.removeAt(k);
            emptied(q);
            return c;
        }
        return null;
    }

    /** A connection that stops waiting (retired): usually the oldest of its hosts, so found at once. */
    void remove(Connection c) {
        if (c.ab == null) return;
        Queue q = queue(c.ab.key.src(), c.ab.key.dst());
        if (q == null) return;
        for (int k = 0; k < q.size; k++) {
            if (q.get(k) != c) continue;
            q.removeAt(k);
            emptied(q);
            return;
        }
    }

    int size() {
        int n = 0;
        for (Map<Address, Queue> m : bySrc.values()) for (Queue q : m.values()) n += q.size;
        return n;
    }

    /** Queues kept, with waiting connections or not (what the index costs besides the connections). */
    int queues() { return queues; }

    private Queue queue(Address src, Address dst) {
        Map<Address, Queue> m = bySrc.get(src);
        return m == null ? null : m.get(dst);
    }

    private void emptied(Queue q) {
        if (q.size > 0) return;
        if (++emptyQueues > SWEEP_AT && emptyQueues > queues - emptyQueues) sweep();
    }

    /** Drops the empty queues (and sources left with none). */
    private void sweep() {
        for (Iterator<Map<Address, Queue>> outer = bySrc.values().iterator(); outer.hasNext(); ) {
            Map<Address, Queue> m = outer.next();
            m.values().removeIf(q -> q.size == 0);
            if (m.isEmpty()) outer.remove();
        }
        queues -= emptyQueues;
        emptyQueues = 0;
    }

    /** The waiting connections between two hosts, oldest first: a ring that grows to MAX_PER_HOSTS. */
    private static final class Queue {
        private Connection[] ring = new Connection[2];
        private int head, size;

        Connection get(int k) { return ring[(head + k) & (ring.length - 1)]; }

        void addLast(Connection c) {
            if (size == MAX_PER_HOSTS) {   // the oldest waited longest: it gives way
                ring[head] = null;
                head = (head + 1) & (ring.length - 1);
                size--;
            } else if (size == ring.length) {
                Connection[] bigger = new Connection[ring.length * 2];
                for (int k = 0; k < size; k++) bigger[k] = get(k);
                ring = bigger;
                head = 0;
            }
            ring[(head + size++) & (ring.length - 1)] = c;
        }

        /** Removes the {@code k}th oldest; the newer ones move up (their order stays). */
        void removeAt(int k) {
            for (int j = k; j < size - 1; j++) ring[(head + j) & (ring.length - 1)] = get(j + 1);
            ring[(head + size - 1) & (ring.length - 1)] = null;
            size--;
        }
    }
}
