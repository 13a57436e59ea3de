package io.rocescope.dissector.filter;

import io.rocescope.dissector.field.FieldType;

/**
 * The type of a value while a filter is evaluated, and how values of it are held: INT as a Long
 * (unsigned), DOUBLE as a Double, TIME (relative) and ABSTIME as Long nanoseconds, IPV4 as a Long,
 * IPV6, ETHER and BYTES as byte[], STRING as a String. Protocols and slices are BYTES.
 */
enum VType {
    INT, DOUBLE, TIME, ABSTIME, IPV4, IPV6, ETHER, BYTES, STRING;

    static VType of(FieldType t) {
        return switch (t) {
            case UINT, BOOLEAN -> INT;
            case DOUBLE -> DOUBLE;
            case RELATIVE_TIME -> TIME;
            case ABSOLUTE_TIME -> ABSTIME;
            case IPV4 -> IPV4;
            case IPV6 -> IPV6;
            case ETHER -> ETHER;
            case BYTES, PROTOCOL -> BYTES;
            case STRING -> STRING;
        };
    }

    /** Byte-like values (a slice of them is bytes, and they compare with byte strings). */
    boolean bytesLike() { return this == BYTES || this == ETHER || this == IPV6; }

    /** Values two operands of these types can be compared as (null: not comparable, as Wireshark says). */
    static VType common(VType a, VType b) {
        if (a == b) return a;
        if (a.bytesLike() && b.bytesLike()) return BYTES;
        return null;
    }

    String word() {
        return switch (this) {
            case INT -> "an integer";
            case DOUBLE -> "a floating point number";
            case TIME -> "a time offset";
            case ABSTIME -> "an absolute time";
            case IPV4 -> "an IPv4 address";
            case IPV6 -> "an IPv6 address";
            case ETHER -> "an Ethernet address";
            case BYTES -> "a byte string";
            case STRING -> "a character string";
        };
    }
}
