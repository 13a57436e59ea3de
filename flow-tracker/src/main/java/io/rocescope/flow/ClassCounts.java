package io.rocescope.flow;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Packets by traffic class as the fabric sees it: the (VLAN ID, PCP, DSCP) combination, each -1 when
 * the frame has none. The first combination sits inline, further ones in a small array made on first use; beyond {@link #MAX} combinations only {@link #others} grows.
 */
final class ClassCounts {
    static final int MAX = 16;
    private int firstKey = Integer.MIN_VALUE;
    private long firstCount;
    private int[] keys;
    private long[] counts;
    private int more;
    long others;

    static int key(int vlanId, int pcp, int dscp) { return ((vlanId + 1) << 16) | ((pcp + 1) << 8) | (dscp + 1); }
    static int vlanId(int key) { return (key >>> 16) - 1; }
    static int pcp(int key) { return ((key >>> 8) & 0xFF) - 1; }
    static int dscp(int key) { return (key & 0xFF) - 1; }

    void add(int vlanId, int pcp, int dscp) { addKey(key(vlanId, pcp, dscp), 1); }

    void addKey(int k, long n) {
        if (firstKey == k) { firstCount += n; return; }
        if (firstKey == Integer.MIN_VALUE) { firstKey = k; firstCount = n; return; }
        for (int i = 0; i < more; i++) if (keys[i] == k) { counts[i] += n; return; }
        if (more + 1 >= MAX) { others += n; return; }
        if (keys == null) { keys = new int[2]; counts = new long[2]; }
        else if (more == keys.length) { keys = Arrays.copyOf(keys, more * 2); counts = Arrays.copyOf(counts, more * 2); }
        keys[more] = k;
        counts[more++] = n;
    }

    boolean isEmpty() { return firstKey == Integer.MIN_VALUE; }
    int combinations() { return isEmpty() ? 0 : 1 + more; }
    int key(int i) { return i == 0 ? firstKey : keys[i - 1]; }
    long count(int i) { return i == 0 ? firstCount : counts[i - 1]; }

    /** One dimension's values and their packets (0: VLAN ID, 1: PCP, 2: DSCP), without the -1 of frames that have none. */
    Map<Integer, Long> values(int dimension) {
        Map<Integer, Long> m = new TreeMap<>();
        for (int i = 0; i < combinations(); i++) {
            int v = dimension == 0 ? vlanId(key(i)) : dimension == 1 ? pcp(key(i)) : dscp(key(i));
            if (v >= 0) m.merge(v, count(i), Long::sum);
        }
        return m;
    }

    /** More than one value in this dimension ({@code values(dimension).size() > 1}), without a map for the one-class flow. */
    boolean severalValues(int dimension) {
        return more > 0 && values(dimension).size() > 1;
    }

    /** Frames that had no value in this dimension (untagged, or no IP header). */
    long without(int dimension) {
        long n = 0;
        for (int i = 0; i < combinations(); i++) {
            int v = dimension == 0 ? vlanId(key(i)) : dimension == 1 ? pcp(key(i)) : dscp(key(i));
            if (v < 0) n += count(i);
        }
        return n;
    }

    /** The value most packets had in this dimension, or -1 (none, or no packet had one). */
    int dominant(int dimension) {
        if (more == 0) {   // one combination, as nearly every flow has: no map to build
            if (isEmpty()) return -1;
            int v = dimension == 0 ? vlanId(firstKey) : dimension == 1 ? pcp(firstKey) : dscp(firstKey);
            return v >= 0 && firstCount > 0 ? v : -1;
        }
        int best = -1;
        long n = 0;
        for (Map.Entry<Integer, Long> e : values(dimension).entrySet()) if (e.getValue() > n) { n = e.getValue(); best = e.getKey(); }
        return best;
    }
}
