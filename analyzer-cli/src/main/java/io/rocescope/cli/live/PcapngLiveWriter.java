package io.rocescope.cli.live;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import static io.rocescope.dissector.field.ksy.PcapngFileKsy.*;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.*;

/**
 * One pcapng file of a live capture, as dumpcap writes it: a section header naming the application, an
 * Interface Description Block with the interface's name, description, snaplen and nanosecond timestamps,
 * one Enhanced Packet Block per frame, and at the end an Interface Statistics Block with the capture's
 * start and end and libpcap's counters (isb_ifrecv, isb_ifdrop, isb_osdrop, isb_usrdeliv), little-endian,
 * where ksy/pcapng_file.ksy puts their fields. Unlike dissector's PcapngFileWriter (one file from a capture
 * read, several interfaces) it names its one interface, ends with statistics and may flush every frame.
 */
public final class PcapngLiveWriter implements AutoCloseable {
    /** A block: its type and total length, the body, the total length again. */
    private static final int HEAD = FIXED_SIZE_BLOCK, TRAIL = LEN_BLOCK_TOTAL_LENGTH;
    /** The statistics' counters (isb_ifrecv, isb_ifdrop, ...) are 64-bit. */
    private static final int U64 = Long.BYTES;
    private final OutputStream out;
    private final boolean flushEach;
    private long bytes, frames, firstNanos = -1, lastNanos;

    /** {@code flushEach}: a pipe's reader gets each frame as it comes. */
    public PcapngLiveWriter(OutputStream out, String ifName, String ifDescription, int linkType, int snaplen, boolean flushEach) throws IOException {
        this.out = new BufferedOutputStream(out, 1 << 16);
        this.flushEach = flushEach;
        Options shb = new Options();
        shb.string(SHB_OPTION_SHB_USERAPPL, "RoCEscope (rocescope capture)");
        ByteBuffer h = le(FIXED_SIZE_SHB_BODY).putInt(OFF_SHB_BODY_BYTE_ORDER_MAGIC, (int) BYTE_ORDER_MAGIC)
            .putShort(OFF_SHB_BODY_VERSION_MAJOR, (short) VERSION_MAJOR).putShort(OFF_SHB_BODY_VERSION_MINOR, (short) VERSION_MINOR)
            .putLong(OFF_SHB_BODY_SECTION_LENGTH, SECTION_LENGTH_UNKNOWN);
        block(BLOCK_TYPE_SECTION_HEADER, h.array(), shb.bytes());
        Options idb = new Options();
        idb.string(IDB_OPTION_IF_NAME, ifName);
        if (ifDescription != null && !ifDescription.isEmpty()) idb.string(IDB_OPTION_IF_DESCRIPTION, ifDescription);
        idb.raw(IDB_OPTION_IF_TSRESOL, new byte[] {(byte) IF_TSRESOL_NANOS});
        block(BLOCK_TYPE_INTERFACE_DESCRIPTION, le(FIXED_SIZE_IDB_BODY).putShort(OFF_IDB_BODY_LINK_TYPE, (short) linkType)
            .putInt(OFF_IDB_BODY_SNAPLEN, snaplen).array(), idb.bytes());
        if (flushEach) this.out.flush();
    }

    public void write(long nanos, byte[] data, int capturedLength, long originalLength) throws IOException {
        if (firstNanos < 0) firstNanos = nanos;
        lastNanos = Math.max(lastNanos, nanos);
        int padded = (capturedLength + 3) & ~3;
        // interface 0; the time in nanoseconds (if_tsresol)
        ByteBuffer h = le(FIXED_SIZE_EPB_BODY).putInt(OFF_EPB_BODY_INTERFACE_ID, 0)
            .putInt(OFF_EPB_BODY_TIMESTAMP_HIGH, (int) (nanos >>> 32)).putInt(OFF_EPB_BODY_TIMESTAMP_LOW, (int) nanos)
            .putInt(OFF_EPB_BODY_CAPTURED_LEN, capturedLength)
            .putInt(OFF_EPB_BODY_ORIGINAL_LEN, (int) Math.min(originalLength, MASK_EPB_BODY_ORIGINAL_LEN));
        int len = HEAD + FIXED_SIZE_EPB_BODY + padded + TRAIL;
        out.write(blockHeader(BLOCK_TYPE_ENHANCED_PACKET, len));
        out.write(h.array());
        out.write(data, 0, capturedLength);
        out.write(new byte[padded - capturedLength]);
        out.write(le(TRAIL).putInt(0, len).array());
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
        isb.raw(ISB_OPTION_ISB_STARTTIME, timestamp(startNanos));
        isb.raw(ISB_OPTION_ISB_ENDTIME, timestamp(endNanos));
        isb.raw(ISB_OPTION_ISB_IFRECV, le(U64).putLong(0, s.received()).array());
        isb.raw(ISB_OPTION_ISB_IFDROP, le(U64).putLong(0, s.interfaceDrops()).array());
        isb.raw(ISB_OPTION_ISB_OSDROP, le(U64).putLong(0, s.kernelDrops()).array());
        isb.raw(ISB_OPTION_ISB_USRDELIV, le(U64).putLong(0, frames).array());   // the frames in this file
        // interface 0, and the time of these statistics (the capture's end), then the options
        block(BLOCK_TYPE_INTERFACE_STATISTICS, le(FIXED_SIZE_ISB_BODY).putInt(OFF_ISB_BODY_INTERFACE_ID, 0)
            .putInt(OFF_ISB_BODY_TIMESTAMP_HIGH, (int) (endNanos >>> 32)).putInt(OFF_ISB_BODY_TIMESTAMP_LOW, (int) endNanos)
            .array(), isb.bytes());
        out.flush();
    }

    @Override
    public void close() throws IOException { out.close(); }

    /** isb_starttime's and isb_endtime's value: the high 32 bits, then the low, as a packet's timestamp. */
    private static byte[] timestamp(long nanos) {
        return le(FIXED_SIZE_ISB_TIMESTAMP).putInt(OFF_ISB_TIMESTAMP_HIGH, (int) (nanos >>> 32))
            .putInt(OFF_ISB_TIMESTAMP_LOW, (int) nanos).array();
    }

    private void block(int type, byte[] body, byte[] options) throws IOException {
        int len = HEAD + body.length + options.length + TRAIL;
        out.write(blockHeader(type, len));
        out.write(body);
        out.write(options);
        out.write(le(TRAIL).putInt(0, len).array());
    }

    private static byte[] blockHeader(int type, int totalLength) {
        return le(HEAD).putInt(OFF_BLOCK_BLOCK_TYPE, type).putInt(OFF_BLOCK_TOTAL_LENGTH, totalLength).array();
    }

    private static ByteBuffer le(int n) { return ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN); }

    /** A block's options, each padded to 32 bits, ended by opt_endofopt. */
    private static final class Options {
        private final ByteArrayOutputStream b = new ByteArrayOutputStream();

        void string(int code, String s) { raw(code, s.getBytes(StandardCharsets.UTF_8)); }

        void raw(int code, byte[] v) {
            b.writeBytes(le(FIXED_SIZE_OPTION).putShort(OFF_OPTION_CODE, (short) code).putShort(OFF_OPTION_LENGTH, (short) v.length).array());
            b.writeBytes(v);
            b.writeBytes(new byte[(4 - v.length % 4) % 4]);
        }

        byte[] bytes() {
            if (b.size() == 0) return new byte[0];
            b.writeBytes(new byte[FIXED_SIZE_OPTION]);   // opt_endofopt: code 0 (end_of_options), length 0
            return b.toByteArray();
        }
    }
}
