package io.rocescope.cli.live;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * One pcapng file of a live capture, as dumpcap writes it: a section header naming the application, an
 * Interface Description Block with the interface's name, description, snaplen and nanosecond timestamps,
 * one Enhanced Packet Block per frame, and at the end an Interface Statistics Block with the capture's
 * start and end and libpcap's counters (isb_ifrecv, isb_ifdrop, isb_osdrop, isb_usrdeliv).
 */
public final class PcapngLiveWriter implements AutoCloseable {
    private static final int SHB = 0x0A0D0D0A, IDB = 1, EPB = 6, ISB = 5;
    private final OutputStream out;
    private final boolean flushEach;
    private long bytes, frames, firstNanos = -1, lastNanos;

    /** {@code flushEach}: a pipe's reader gets each frame as it comes. */
    public PcapngLiveWriter(OutputStream out, String ifName, String ifDescription, int linkType, int snaplen, boolean flushEach) throws IOException {
        this.out = new BufferedOutputStream(out, 1 << 16);
        this.flushEach = flushEach;
        Options shb = new Options();
        shb.string(4, "RoCEscope (rocescope capture)");   // shb_userappl
        ByteBuffer h = le(16).putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1L);
        block(SHB, h.array(), shb.bytes());
        Options idb = new Options();
        idb.string(2, ifName);                                      // if_name
        if (ifDescription != null && !ifDescription.isEmpty()) idb.string(3, ifDescription);   // if_description
        idb.raw(9, new byte[] {9});                                  // if_tsresol: 10^-9
        block(IDB, le(8).putShort((short) linkType).putShort((short) 0).putInt(snaplen).array(), idb.bytes());
        if (flushEach) this.out.flush();
    }

    public void write(long nanos, byte[] data, int capturedLength, long originalLength) throws IOException {
        if (firstNanos < 0) firstNanos = nanos;
        lastNanos = Math.max(lastNanos, nanos);
        int padded = (capturedLength + 3) & ~3;
        ByteBuffer h = le(20).putInt(0).putInt((int) (nanos >>> 32)).putInt((int) nanos).putInt(capturedLength)
            .putInt((int) Math.min(originalLength, 0xFFFFFFFFL));
        int len = 12 + 20 + padded;
        out.write(le(8).putInt(EPB).putInt(len).array());
        out.write(h.array());
        out.write(data, 0, capturedLength);
        out.write(new byte[padded - capturedLength]);
        out.write(le(4).putInt(len).array());
        bytes += len;
        frames++;
        if (flushEach) out.flush();
    }

    /** Bytes of packet blocks written (what a ring buffer's filesize counts). */
    public long bytes() { return bytes; }

    public long frames() { return frames; }

    /** Ends the file with its statistics: the capture's span so far and libpcap's counters. */
    public void finish(long startNanos, long endNanos, CaptureStats s) throws IOException {
        Options isb = new Options();
        isb.raw(2, timestamp(startNanos));                           // isb_starttime
        isb.raw(3, timestamp(endNanos));                             // isb_endtime
        isb.raw(4, le(8).putLong(s.received()).array());             // isb_ifrecv
        isb.raw(5, le(8).putLong(s.interfaceDrops()).array());       // isb_ifdrop
        isb.raw(7, le(8).putLong(s.kernelDrops()).array());          // isb_osdrop
        isb.raw(8, le(8).putLong(frames).array());                   // isb_usrdeliv: the frames in this file
        // interface 0, and the time of these statistics (the capture's end), then the options
        block(ISB, le(12).putInt(0).putInt((int) (endNanos >>> 32)).putInt((int) endNanos).array(), isb.bytes());
        out.flush();
    }

    @Override
    public void close() throws IOException { out.close(); }

    private static byte[] timestamp(long nanos) {
        return le(8).putInt((int) (nanos >>> 32)).putInt((int) nanos).array();
    }

    private void block(int type, byte[] body, byte[] options) throws IOException {
        int len = 12 + body.length + options.length;
        out.write(le(8).putInt(type).putInt(len).array());
        out.write(body);
        out.write(options);
        out.write(le(4).putInt(len).array());
    }

    private static ByteBuffer le(int n) { return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN); }

    /** A block's options, each padded to 32 bits, ended by opt_endofopt. */
    private static final class Options {
        private final ByteArrayOutputStream b = new ByteArrayOutputStream();

        void string(int code, String s) { raw(code, s.getBytes(StandardCharsets.UTF_8)); }

        void raw(int code, byte[] v) {
            b.writeBytes(le(4).putShort((short) code).putShort((short) v.length).array());
            b.writeBytes(v);
            b.writeBytes(new byte[(4 - v.length % 4) % 4]);
        }

        byte[] bytes() {
            if (b.size() == 0) return new byte[0];
            b.writeBytes(new byte[4]);
            return b.toByteArray();
        }
    }
}
