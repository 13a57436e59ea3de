package io.rocescope.flow;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * Connections still waiting for their other direction (paired "unpaired" or "inferred", one flow seen), by
 * the hosts of that flow: a new flow looks only at the connections between its two hosts, the newest first,
 * instead of walking the list of every connection. At most {@link #MAX_PER_HOSTS} are kept for one pair of
 * hosts (the oldest goes first); a connection leaves when it is paired or retired, so the whole index holds
 * no more than the live connections.
 */
final class PairingCandidates {
    /** How far back a new flow looks for the connection it answers, among those between the same two hosts. */
    static final int MAX_PER_HOSTS = 256;

    private record Hosts(Address src, Address dst) {}

    private final Map<Hosts, ArrayDeque<Connection>> byHosts = new HashMap<>();

    /** Tests whether a waiting connection is the one a new flow's first packet completes. */
    interface Match {
        boolean test(Connection c);
    }

    /** A connection whose A→B flow ({@code c.ab}) was just made and has no B→A flow yet. */
    void add(Connection c) {
        ArrayDeque<Connection> q = byHosts.computeIfAbsent(new Hosts(c.ab.key.src(), c.ab.key.dst()), k -> new ArrayDeque<>(2));
        if (q.size() == MAX_PER_HOSTS) q.pollFirst();
        q.addLast(c);
    }

    /**
     * The newest waiting connection whose flow runs from {@code dst} to {@code src} (the reverse of the new
     * flow) and that {@code match} accepts; it leaves the index (it is paired now). Null when there is none.
     */
    Connection take(Address src, Address dst, Match match) {
        Hosts h = new Hosts(dst, src);
        ArrayDeque<Connection> q = byHosts.get(h);
        if (q == null) return null;
        for (Iterator<Connection> it = q.descendingIterator(); it.hasNext(); ) {
            Connection c = it.next();
            if (!match.test(c)) continue;
            it.remove();
            if (q.isEmpty()) byHosts.remove(h);
            return c;
        }
        return null;
    }

    /** A connection that stops waiting (retired): usually the oldest of its hosts, so found at once. */
    void remove(Connection c) {
        if (c.ab == null) return;
        Hosts h = new Hosts(c.ab.key.src(), c.ab.key.dst());
        ArrayDeque<Connection> q = byHosts.get(h);
        if (q == null || !q.removeFirstOccurrence(c)) return;
        if (q.isEmpty()) byHosts.remove(h);
    }

    int size() {
        int n = 0;
        for (ArrayDeque<Connection> q : byHosts.values()) n += q.size();
        return n;
    }
}
