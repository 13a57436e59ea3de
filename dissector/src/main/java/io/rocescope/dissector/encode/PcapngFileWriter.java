package io.rocescope.dissector.encode;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import io.rocescope.dissector.field.ksy.PcapFileLayout;
import io.rocescope.dissector.field.ksy.PcapngFileKsy;

import static io.rocescope.dissector.field.ksy.PcapngFileLayout.*;

/**
 * A pcapng file (little-endian): a section header, one Interface Description Block for each input
 * interface (written just before its first packet, as pcapng allows, or when {@link #describe}d), and one Enhanced
 * Packet Block per record, with microsecond or nanosecond timestamps (if_tsresol), where ksy/pcapng_file.ksy puts
 * their fields; at the end, if asked, an Interface Statistics Block. The one writer of pcapng blocks: `dissect -w`
 * and the GUI's save write a capture read, the live capture's PcapngLiveWriter its one named interface.
 */
public final class PcapngFileWriter implements CaptureWriter {
    private final OutputStream out;
    private final boolean nanos;
    /** Input (interface id, link type) to output interface id. */
    private final Map<Long, Integer> interfaces = new HashMap<>();
    /** Every block ends with its total length again (the 4 bytes after its body). */
    private static final int TRAILER = LEN_BLOCK_TOTAL_LENGTH;
    private long packetBytes;
    /** An Enhanced Packet Block's header and trailer, filled anew for each packet: no allocation per packet. */
    private final byte[] packetHeader = new byte[FIXED_SIZE_BLOCK + FIXED_SIZE_EPB_BODY], trailer = new byte[TRAILER];
    /** The zeros that pad a packet's data to 4 bytes. */
    private static final byte[] PAD = new byte[3];
    /** The output id of the last input interface written, so that a run of one interface skips the map (and its boxing). */
    private long lastKey = -1;
    private int lastId;

    public PcapngFileWriter(OutputStream out, boolean nanos) throws IOException {
        this(out, nanos, 1 << 20, new Options());
    }

    /** One buffering {@code bufferBytes}, whose section header has {@code section}'s options (shb_userappl …). */
    public PcapngFileWriter(OutputStream out, boolean nanos, int bufferBytes, Options section) throws IOException {
        this.out = new BufferedOutputStream(out, bufferBytes);
        this.nanos = nanos;
        byte[] shb = new byte[FIXED_SIZE_SHB_BODY];
        Le.u32(shb, OFF_SHB_BODY_BYTE_ORDER_MAGIC, (int) BYTE_ORDER_MAGIC);
        Le.u16(shb, OFF_SHB_BODY_VERSION_MAJOR, (int) VERSION_MAJOR);
        Le.u16(shb, OFF_SHB_BODY_VERSION_MINOR, (int) VERSION_MINOR);
        Le.u64(shb, OFF_SHB_BODY_SECTION_LENGTH, SECTION_LENGTH_UNKNOWN);
        block(PcapngFileKsy.BLOCK_TYPE_SECTION_HEADER, shb, section);
    }

    @Override
    public void write(long ts, byte[] data, int capturedLength, long originalLength, int linkType, int interfaceId) throws IOException {
        long key = key(interfaceId, linkType);
        if (key != lastKey) {
            Integer known = interfaces.get(key);
            lastId = known != null ? known : describe(interfaceId, linkType, (int) PcapFileLayout.MAXIMUM_SNAPLEN, new Options());
            lastKey = key;
        }
        int id = lastId;
        long units = units(ts);
        int padded = (capturedLength + 3) & ~3;
        int len = FIXED_SIZE_BLOCK + FIXED_SIZE_EPB_BODY + padded + TRAILER;
        byte[] h = packetHeader;
        blockHeader(h, PcapngFileKsy.BLOCK_TYPE_ENHANCED_PACKET, len);
        int body = FIXED_SIZE_BLOCK;
        Le.u32(h, body + OFF_EPB_BODY_INTERFACE_ID, id);
        Le.u32(h, body + OFF_EPB_BODY_TIMESTAMP_HIGH, (int) (units >>> 32));
        Le.u32(h, body + OFF_EPB_BODY_TIMESTAMP_LOW, (int) units);
        Le.u32(h, body + OFF_EPB_BODY_CAPTURED_LEN, capturedLength);
        Le.u32(h, body + OFF_EPB_BODY_ORIGINAL_LEN, (int) Math.min(originalLength, MASK_EPB_BODY_ORIGINAL_LEN));   // what it can hold
        out.write(h);
        out.write(data, 0, capturedLength);
        out.write(PAD, 0, padded - capturedLength);
        Le.u32(trailer, 0, len);
        out.write(trailer);
        packetBytes += len;
    }

    /**
     * Writes the Interface Description Block of input interface {@code interfaceId} now, with {@code options} (if_name,
     * if_description …) and then if_tsresol, and returns its output id: a live capture names its interface before
     * the first packet. {@link #write} describes an interface it has not seen, with no options of the caller's.
     */
    public int describe(int interfaceId, int linkType, int snaplen, Options options) throws IOException {
        int id = interfaces.size();
        interfaces.put(key(interfaceId, linkType), id);
        Options all = new Options().then(options);
        if (nanos) {   // microseconds are what an interface without if_tsresol has
            byte[] resolution = new byte[FIXED_SIZE_IF_TSRESOL_VALUE];
            resolution[OFF_IF_TSRESOL_VALUE_RESOLUTION] = (byte) IF_TSRESOL_NANOS;
            all.raw(PcapngFileKsy.IDB_OPTION_IF_TSRESOL, resolution);
        }
        byte[] idb = new byte[FIXED_SIZE_IDB_BODY];
        Le.u16(idb, OFF_IDB_BODY_LINK_TYPE, linkType);
        Le.u32(idb, OFF_IDB_BODY_SNAPLEN, snaplen);
        block(PcapngFileKsy.BLOCK_TYPE_INTERFACE_DESCRIPTION, idb, all);
        return id;
    }

    /**
     * An Interface Statistics Block for a described interface, taken at {@code endNanos}: isb_starttime and
     * isb_endtime, then {@code counters} (isb_ifrecv, isb_ifdrop … : {@link Options#u64}).
     */
    public void statistics(int interfaceId, int linkType, long startNanos, long endNanos, Options counters) throws IOException {
        Integer id = interfaces.get(key(interfaceId, linkType));
        if (id == null) throw new IllegalStateException("statistics of interface " + interfaceId + ", which is not described");
        Options options = new Options().raw(PcapngFileKsy.ISB_OPTION_ISB_STARTTIME, timestamp(startNanos))
            .raw(PcapngFileKsy.ISB_OPTION_ISB_ENDTIME, timestamp(endNanos)).then(counters);
        long units = units(endNanos);
        byte[] isb = new byte[FIXED_SIZE_ISB_BODY];
        Le.u32(isb, OFF_ISB_BODY_INTERFACE_ID, id);
        Le.u32(isb, OFF_ISB_BODY_TIMESTAMP_HIGH, (int) (units >>> 32));
        Le.u32(isb, OFF_ISB_BODY_TIMESTAMP_LOW, (int) units);
        block(PcapngFileKsy.BLOCK_TYPE_INTERFACE_STATISTICS, isb, options);
    }

    /** Bytes of Enhanced Packet Blocks written (what a ring buffer's filesize counts). */
    public long packetBytes() { return packetBytes; }

    /** Hands what is buffered on (a pipe's reader sees each frame as it is captured). */
    public void flush() throws IOException { out.flush(); }

    @Override
    public void close() throws IOException { out.close(); }

    private static long key(int interfaceId, int linkType) {
        return ((long) interfaceId << 32) | (linkType & 0xFFFFFFFFL);
    }

    /** A time in the interfaces' units (if_tsresol). */
    private long units(long ts) {
        return nanos ? ts : Math.floorDiv(ts, 1000L);
    }

    /** isb_starttime's and isb_endtime's value: the high 32 bits, then the low, as a packet's timestamp. */
    private byte[] timestamp(long ts) {
        long units = units(ts);
        byte[] v = new byte[FIXED_SIZE_ISB_TIMESTAMP];
        Le.u32(v, OFF_ISB_TIMESTAMP_HIGH, (int) (units >>> 32));
        Le.u32(v, OFF_ISB_TIMESTAMP_LOW, (int) units);
        return v;
    }

    /** A block of a fixed-size body and options: its type and length, the body, the options, the length again. */
    private void block(int type, byte[] body, Options options) throws IOException {
        byte[] o = options.bytes();
        int len = FIXED_SIZE_BLOCK + body.length + o.length + TRAILER;
        byte[] h = new byte[FIXED_SIZE_BLOCK];
        blockHeader(h, type, len);
        out.write(h);
        out.write(body);
        out.write(o);
        byte[] t = new byte[TRAILER];
        Le.u32(t, 0, len);
        out.write(t);
    }

    private static void blockHeader(byte[] b, int type, int totalLength) {
        Le.u32(b, OFF_BLOCK_BLOCK_TYPE, type);
        Le.u32(b, OFF_BLOCK_TOTAL_LENGTH, totalLength);
    }

    /** A block's options, each padded to 32 bits; ended by opt_endofopt when there is any. */
    public static final class Options {
        private final ByteArrayOutputStream b = new ByteArrayOutputStream();

        public Options text(int code, String s) { return raw(code, s.getBytes(StandardCharsets.UTF_8)); }

        /** A counter (isb_ifrecv, isb_ifdrop …). */
        public Options u64(int code, long v) {
            byte[] value = new byte[FIXED_SIZE_ISB_COUNTER];
            Le.u64(value, OFF_ISB_COUNTER_COUNT, v);
            return raw(code, value);
        }

        Options raw(int code, byte[] v) {
            byte[] o = new byte[FIXED_SIZE_OPTION];
            Le.u16(o, OFF_OPTION_CODE, code);
            Le.u16(o, OFF_OPTION_LENGTH, v.length);
            b.writeBytes(o);
            b.writeBytes(v);
            b.writeBytes(new byte[(4 - v.length % 4) % 4]);
            return this;
        }

        private Options then(Options more) {
            b.writeBytes(more.b.toByteArray());
            return this;
        }

        /** The options and opt_endofopt (code 0, length 0: the zeros after them), or nothing when there is none. */
        byte[] bytes() {
            return b.size() == 0 ? new byte[0] : Arrays.copyOf(b.toByteArray(), b.size() + FIXED_SIZE_OPTION);
        }
    }
}
