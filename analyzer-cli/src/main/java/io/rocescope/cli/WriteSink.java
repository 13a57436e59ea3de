package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.encode.CaptureWriter;
import io.rocescope.dissector.field.LinkTypeNames;
import io.rocescope.dissector.field.ksy.ErfRecordKsy;
import io.rocescope.dissector.field.ksy.ErfRecordLayout;

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

    /** ERF's header, where ksy/erf_record.ksy puts its fields (big-endian, but for the timestamp). */
    private static final int ERF_HEADER = ErfRecordLayout.FIXED_SIZE;
    /** Type INFINIBAND, no extension header; the flags byte says only "varying record length". */
    /** The ERF timestamp is 32.32 fixed point: the fraction's bits. */
    private static final int FRACTION_BITS = (int) ErfRecordLayout.TS_FRACTION_BITS;
    private static final byte ERF_TYPE = (byte) (ErfRecordKsy.ERF_TYPE_INFINIBAND << ErfRecordLayout.SHIFT_TYPE),
        ERF_FLAGS = (byte) (ErfRecordLayout.MASK_FLAGS_VARYING_LENGTH << ErfRecordLayout.SHIFT_FLAGS_VARYING_LENGTH);

    /** An ERF record of type INFINIBAND around a packet: its header (32.32 fixed-point time, LE), then the bytes. */
    static byte[] erf(long ts, byte[] packet, long wireLength) {
        byte[] r = new byte[ERF_HEADER + packet.length];
        long secs = Math.floorDiv(ts, 1_000_000_000L), ns = Math.floorMod(ts, 1_000_000_000L);
        // the fraction rounded up, so that reading it back (erf.c rounds to nearest) gives the same nanosecond
        long frac = ((ns << FRACTION_BITS) + 999_999_999L) / 1_000_000_000L;
        java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(r);   // big-endian
        b.put(ErfRecordLayout.OFF_TYPE, ERF_TYPE).put(ErfRecordLayout.OFF_FLAGS + ErfRecordLayout.OFF_FLAGS_VARYING_LENGTH, ERF_FLAGS);
        b.putShort(ErfRecordLayout.OFF_RLEN, (short) r.length);
        // ERF's wire length is 16 bits
        b.putShort(ErfRecordLayout.OFF_WLEN, (short) Math.min(wireLength, ErfRecordLayout.MASK_WLEN));
        b.order(ErfRecordLayout.ORDER_TS).putLong(ErfRecordLayout.OFF_TS, (secs << FRACTION_BITS) | (frac & ((1L << FRACTION_BITS) - 1)));
        System.arraycopy(packet, 0, r, ERF_HEADER, packet.length);
        return r;
    }

    @Override
    public void end(long frames) throws IOException {
        if (writer != null) writer.close();
    }

}
