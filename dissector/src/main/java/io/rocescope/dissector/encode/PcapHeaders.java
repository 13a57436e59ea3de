package io.rocescope.dissector.encode;

import static io.rocescope.dissector.field.ksy.PcapFileLayout.*;

/**
 * The classic pcap's file and record headers, little-endian, where ksy/pcap_file.ksy puts their fields: written by
 * both pcap writers (the streaming one of live captures and synth, and the one `dissect -w` uses).
 */
final class PcapHeaders {
    private PcapHeaders() {}

    /** The 24-byte file header of a pcap of {@code linkType}, with nanosecond or microsecond timestamps. */
    static byte[] file(boolean nanos, int linkType) {
        byte[] h = new byte[FIXED_SIZE_HEADER];
        Le.u32(h, OFF_HEADER_MAGIC, (int) (nanos ? MAGIC_NANOS : MAGIC_MICROS));
        Le.u16(h, OFF_HEADER_VERSION_MAJOR, (int) VERSION_MAJOR);   // 2.4, the only version readers know
        Le.u16(h, OFF_HEADER_VERSION_MINOR, (int) VERSION_MINOR);
        Le.u32(h, OFF_HEADER_SNAPLEN, (int) MAXIMUM_SNAPLEN);
        Le.u32(h, OFF_HEADER_NETWORK, linkType);
        return h;
    }

    /** A record header of {@link #RECORD} bytes into {@code h}: seconds, their fraction, captured and original lengths. */
    static void record(byte[] h, long seconds, long fraction, int capturedLength, long originalLength) {
        Le.u32(h, OFF_RECORD_TS_SEC, (int) seconds);
        Le.u32(h, OFF_RECORD_TS_FRAC, (int) fraction);
        Le.u32(h, OFF_RECORD_INCL_LEN, capturedLength);
        Le.u32(h, OFF_RECORD_ORIG_LEN, (int) originalLength);
    }

    /** The size of a record header. */
    static final int RECORD = FIXED_SIZE_RECORD;
}
