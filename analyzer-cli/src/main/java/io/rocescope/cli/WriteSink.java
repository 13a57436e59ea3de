package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.encode.CaptureWriter;
import io.rocescope.dissector.field.LinkTypeNames;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * -w FILE: the frames that reach it (all, or those -Y selects) written to a capture file unchanged
 * (bytes, timestamps, wire lengths, link types). Each decoding thread copies its frames' bytes into
 * the batch's output; they are written in capture order.
 */
final class WriteSink implements FrameSink<WriteSink.Batch> {
    /** Opens the file once the capture's timestamp precision is known. */
    interface Opener {
        CaptureWriter open(boolean nanos) throws IOException;
    }

    private final Opener opener;
    private CaptureWriter writer;

    WriteSink(Opener opener) { this.opener = opener; }

    /** Creates the file; {@code nanos}: the capture has timestamps finer than microseconds. */
    void open(boolean nanos) throws IOException { writer = opener.open(nanos); }

    /** One batch's selected frames. */
    static final class Batch {
        final List<byte[]> data = new ArrayList<>();
        long[] ts = new long[64];
        long[] orig = new long[64];
        int[] link = new int[64], iface = new int[64];
        int size;
    }

    @Override
    public Batch newOutput() { return new Batch(); }

    @Override
    public void clear(Batch b) { b.size = 0; }

    @Override
    public void frame(DecodedFrame f, Batch b) {
        int i = b.size++;
        if (i == b.ts.length) {
            b.ts = java.util.Arrays.copyOf(b.ts, i * 2);
            b.orig = java.util.Arrays.copyOf(b.orig, i * 2);
            b.link = java.util.Arrays.copyOf(b.link, i * 2);
            b.iface = java.util.Arrays.copyOf(b.iface, i * 2);
        }
        byte[] copy = java.util.Arrays.copyOf(f.data(), f.capturedLength());
        if (i == b.data.size()) b.data.add(copy);
        else b.data.set(i, copy);
        b.ts[i] = f.timestampNanos();
        b.orig[i] = f.originalLength();
        b.link[i] = f.linkType();
        b.iface[i] = f.interfaceId();
    }

    @Override
    public int mark(Batch b) { return b.size; }

    @Override
    public void rewind(Batch b, int mark) { b.size = mark; }

    @Override
    public void emit(Batch b, int from, int to) throws IOException {
        for (int i = from; i < to; i++) {
            byte[] d = b.data.get(i);
            if (b.link[i] == LinkTypeNames.INFINIBAND) {
                // native IB (read from ERF or DLT_INFINIBAND) goes out as ERF records: tshark 4.0 reads no DLT_INFINIBAND pcap
                d = erf(b.ts[i], d, b.orig[i]);
                writer.write(b.ts[i], d, d.length, d.length, LinkTypeNames.ERF, b.iface[i]);
            } else {
                writer.write(b.ts[i], d, d.length, b.orig[i], b.link[i], b.iface[i]);
            }
        }
    }

    /** An ERF record of type INFINIBAND around a packet: 16-byte header (32.32 fixed-point time, LE), then the bytes. */
    static byte[] erf(long ts, byte[] packet, long wireLength) {
        byte[] r = new byte[16 + packet.length];
        long secs = Math.floorDiv(ts, 1_000_000_000L), ns = Math.floorMod(ts, 1_000_000_000L);
        // the fraction rounded up, so that reading it back (erf.c rounds to nearest) gives the same nanosecond
        long frac = ((ns << 32) + 999_999_999L) / 1_000_000_000L;
        java.nio.ByteBuffer.wrap(r).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(0, (secs << 32) | (frac & 0xFFFFFFFFL));
        r[8] = 21;                                    // INFINIBAND
        r[9] = 0x04;                                  // varying record length
        int rlen = r.length;
        r[10] = (byte) (rlen >>> 8);
        r[11] = (byte) rlen;
        int wlen = (int) Math.min(wireLength, 0xFFFF);   // ERF's wire length is 16 bits
        r[14] = (byte) (wlen >>> 8);
        r[15] = (byte) wlen;
        System.arraycopy(packet, 0, r, 16, packet.length);
        return r;
    }

    @Override
    public void end(long frames) throws IOException {
        if (writer != null) writer.close();
    }

}
