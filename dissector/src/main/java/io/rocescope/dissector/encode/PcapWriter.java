package io.rocescope.dissector.encode;

import io.rocescope.dissector.field.ksy.PcapFileKsy;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/** Streams a classic pcap (little-endian, nanosecond timestamps, Ethernet): memory does not grow with the file. */
public final class PcapWriter implements AutoCloseable {
    private final OutputStream out;
    private final byte[] header = new byte[PcapHeaders.RECORD];
    private long frames;

    public PcapWriter(OutputStream out) throws IOException {
        this(out, PcapFileKsy.LINK_TYPE_ETHERNET);
    }

    /** A pcap of another link type (a live capture's: Ethernet, Linux cooked, raw IP …). */
    public PcapWriter(OutputStream out, int linkType) throws IOException {
        this.out = new BufferedOutputStream(out, 1 << 20);
        this.out.write(PcapHeaders.file(true, linkType));
    }

    public void write(long timestampNanos, byte[] frame) throws IOException {
        write(timestampNanos, frame, frame.length);
    }

    /** A frame of which only {@code frame} was captured, {@code originalLength} bytes on the wire (snaplen). */
    public void write(long timestampNanos, byte[] frame, int originalLength) throws IOException {
        PcapHeaders.record(header, timestampNanos / 1_000_000_000L, timestampNanos % 1_000_000_000L, frame.length,
            Math.max(frame.length, originalLength));
        out.write(header);
        out.write(frame);
        frames++;
    }

    /** Hands what is buffered on (a pipe's reader sees each frame as it is captured). */
    public void flush() throws IOException { out.flush(); }

    public long frames() { return frames; }

    @Override
    public void close() throws IOException { out.close(); }
}
