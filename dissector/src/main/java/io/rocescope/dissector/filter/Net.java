package io.rocescope.dissector.filter;

/**
 * A CIDR block from the filter text ({@code 10.0.0.0/24}, {@code fe80::/64}): an address (a Long for
 * IPv4, 16 bytes for IPv6) and its prefix length. An address equals it when their first {@code bits} agree.
 */
record Net(Object address, int bits) {
    boolean contains(Object value) {
        if (address instanceof Long net) {
            long mask = bits == 0 ? 0 : (0xFFFFFFFFL << (32 - bits)) & 0xFFFFFFFFL;
            return ((Long) value & mask) == (net & mask);
        }
        byte[] a = (byte[]) address, v = (byte[]) value;
        if (v.length != a.length) return false;
        int full = bits / 8, rest = bits % 8;
        for (int i = 0; i < full; i++) if (a[i] != v[i]) return false;
        if (rest == 0) return true;
        int mask = (0xFF << (8 - rest)) & 0xFF;
        return (a[full] & mask) == (v[full] & mask);
    }
}
