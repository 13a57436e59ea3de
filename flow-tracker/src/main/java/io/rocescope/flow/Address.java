package io.rocescope.flow;

import io.rocescope.dissector.field.FieldType;

/**
 * A network address as a value: its type (IPv4, IPv6/GID, MAC) and its bytes' values (IPv4 and MAC in
 * {@code lo}, IPv6 in both words). Keys compare these numbers, never text; the text is made once per
 * distinct address ({@link AddressCache}) and only read to print it. {@link #NONE}: a frame without one.
 */
final class Address {
    /** No address ("?" in print). */
    static final Address NONE = new Address(null, 0, 0, "?");

    final FieldType type;
    final long hi, lo;
    private final String text;
    private final int hash;

    Address(FieldType type, long hi, long lo, String text) {
        this.type = type;
        this.hi = hi;
        this.lo = lo;
        this.text = text;
        // mixed, as the table keys' hashes: addresses counting up would collide in a 31-multiplier sum
        this.hash = Hashes.mix(Hashes.mix(type == null ? -1 : type.ordinal(), (int) (hi ^ hi >>> 32)), (int) (lo ^ lo >>> 32));
    }

    @Override
    public int hashCode() { return hash; }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof Address a && hash == a.hash && lo == a.lo && hi == a.hi && type == a.type;
    }

    /** The address as the output prints it ("10.0.0.1", "fe80::1"). */
    @Override
    public String toString() { return text; }
}
