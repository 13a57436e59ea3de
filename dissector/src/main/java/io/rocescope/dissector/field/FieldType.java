package io.rocescope.dissector.field;

/** How a field's value is stored and printed. Mirrors the Wireshark FT_* families we need. */
public enum FieldType {
    /** A protocol or sub-tree node: no value of its own, its children follow it. */
    PROTOCOL,
    /** Unsigned integer up to 64 bits, kept in a long (bit pattern for values >= 2^63). */
    UINT,
    /** 0 or 1. */
    BOOLEAN,
    /** 48-bit MAC address, kept in the low bits of a long. */
    ETHER,
    /** IPv4 address, kept in the low 32 bits of a long. */
    IPV4,
    /** IPv6 address or GID: the 16 bytes at the field's offset in the frame. */
    IPV6,
    /** Raw bytes at the field's offset in the frame. */
    BYTES,
    /** Text: either ASCII bytes at the field's offset, or a String object attached to the field. */
    STRING,
    /** IEEE double, kept as its raw bits in the long. */
    DOUBLE,
    /** Signed nanoseconds, printed as seconds with 9 decimals (frame times). */
    RELATIVE_TIME,
    /** Nanoseconds since the epoch, printed as seconds with 9 decimals. */
    ABSOLUTE_TIME
}
