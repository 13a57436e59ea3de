package io.rocescope.flow;

/**
 * Connections by one of their endpoints (IP address and QPN): how a CNP, which names only the sender it
 * throttles, finds that sender's connection. A capture with a million QPs puts two endpoints a connection
 * in here and takes them out again when the connection retires, so the table is open addressing over
 * parallel arrays: no key or entry object per endpoint (a record key and a HashMap node were 56 bytes and
 * two objects for the collector to copy, each).
 */
final class EndpointIndex {
    private Address[] ips = new Address[64];
    private int[] qpns = new int[64];
    private Connection[] conns = new Connection[64];
    private int size;

    /** Maps (ip, qpn) to {@code c}, replacing what it mapped to before. */
    void put(Address ip, int qpn, Connection c) {
        int i = slot(ip, qpn);
        if (conns[i] == null) {
            if (2 * (size + 1) > conns.length) {
                grow();
                i = slot(ip, qpn);
            }
            ips[i] = ip;
            qpns[i] = qpn;
            size++;
        }
        conns[i] = c;
    }

    /** The connection (ip, qpn) maps to, or null. */
    Connection get(Address ip, int qpn) {
        return conns[slot(ip, qpn)];
    }

    /** Removes (ip, qpn) if it maps to {@code c} (a newer connection on the same endpoint keeps its entry). */
    void remove(Address ip, int qpn, Connection c) {
        int i = slot(ip, qpn);
        if (conns[i] != c || c == null) return;
        size--;
        // linear probing: the entries after the hole that would no longer be found move up into it
        int mask = conns.length - 1;
        for (int j = (i + 1) & mask; conns[j] != null; j = (j + 1) & mask) {
            int home = home(ips[j], qpns[j]);
            // j's entry stays unless the hole lies on its probe path (cyclically between home and j)
            if (((j - home) & mask) >= ((j - i) & mask)) {
                ips[i] = ips[j];
                qpns[i] = qpns[j];
                conns[i] = conns[j];
                i = j;
            }
        }
        ips[i] = null;
        conns[i] = null;
    }

    int size() { return size; }

    private int home(Address ip, int qpn) {
        return Hashes.mix(ip.hashCode(), qpn) & (conns.length - 1);
    }

    /** Where (ip, qpn) is, or the empty slot where it would go. */
    private int slot(Address ip, int qpn) {
        int mask = conns.length - 1;
        int i = home(ip, qpn);
        while (conns[i] != null && (qpns[i] != qpn || !ips[i].equals(ip))) i = (i + 1) & mask;
        return i;
    }

    private void grow() {
        Address[] oldIps = ips;
        int[] oldQpns = qpns;
        Connection[] oldConns = conns;
        ips = new Address[oldConns.length * 2];
        qpns = new int[oldConns.length * 2];
        conns = new Connection[oldConns.length * 2];
        for (int k = 0; k < oldConns.length; k++) {
            if (oldConns[k] == null) continue;
            int i = slot(oldIps[k], oldQpns[k]);
            ips[i] = oldIps[k];
            qpns[i] = oldQpns[k];
            conns[i] = oldConns[k];
        }
    }
}
