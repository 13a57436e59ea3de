package io.rocescope.dissector.encode;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/** Streams a classic pcap (little-endian, nanosecond timestamps, Ethernet): memory does not grow with the file. */
public final class PcapWriter implements AutoCloseable {
    private final OutputStream out;
    private final byte[] header = new byte[16];
    private long frames;

    public PcapWriter(OutputStream out) throws IOException {
        this(out, 1);
    }

    /** A pcap of another link type (a live capture's: Ethernet, Linux cooked, raw IP …). */
    public PcapWriter(OutputStream out, int linkType) throws IOException {
        this.out = new BufferedOutputStream(out, 1 << 20);
        byte[] h = new byte[24];
        Le.u32(h, 0, 0xA1B23C4D);
        Le.u16(h, 4, 2);
        Le.u16(h, 6, 4);
        Le.u32(h, 16, 262144);
        Le.u32(h, 20, linkType);
        this.out.write(h);
    }

    public void write(long timestampNanos, byte[] frame) throws IOException {
        write(timestampNanos, frame, frame.length);
    }

    /** A frame of which only {@code frame} was captured, {@code originalLength} bytes on the wire (snaplen). */
    public void write(long timestampNanos, byte[] frame, int originalLength) throws IOException {
        Le.u32(header, 0, (int) (timestampNanos / 1_000_000_000L));
        Le.u32(header, 4, (int) (timestampNanos % 1_000_000_000L));
        Le.u32(header, 8, frame.length);
        Le.u32(header, 12, Math.max(frame.length, originalLength));
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
