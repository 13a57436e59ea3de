package io.rocescope.dissector.encode;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.Map;

import io.rocescope.dissector.field.ksy.PcapFileLayout;
import io.rocescope.dissector.field.ksy.PcapngFileKsy;

import static io.rocescope.dissector.field.ksy.PcapngFileLayout.*;

/**
 * A pcapng file (little-endian): a section header, one Interface Description Block for each input
 * interface (written just before its first packet, as pcapng allows), and one Enhanced Packet Block
 * per record, with microsecond or nanosecond timestamps (if_tsresol), where ksy/pcapng_file.ksy puts their fields.
 */
public final class PcapngFileWriter implements CaptureWriter {
    private final OutputStream out;
    private final boolean nanos;
    /** Input (interface id, link type) to output interface id. */
    private final Map<Long, Integer> interfaces = new HashMap<>();
    /** Every block ends with its total length again (the 4 bytes after its body). */
    private static final int TRAILER = LEN_BLOCK_TOTAL_LENGTH;

    public PcapngFileWriter(OutputStream out, boolean nanos) throws IOException {
        this.out = new BufferedOutputStream(out, 1 << 20);
        this.nanos = nanos;
        int len = FIXED_SIZE_BLOCK + FIXED_SIZE_SHB_BODY + TRAILER;
        byte[] shb = new byte[len];
        blockHeader(shb, PcapngFileKsy.BLOCK_TYPE_SECTION_HEADER, len);
        int body = FIXED_SIZE_BLOCK;
        Le.u32(shb, body + OFF_SHB_BODY_BYTE_ORDER_MAGIC, (int) BYTE_ORDER_MAGIC);
        Le.u16(shb, body + OFF_SHB_BODY_VERSION_MAJOR, (int) VERSION_MAJOR);
        Le.u16(shb, body + OFF_SHB_BODY_VERSION_MINOR, (int) VERSION_MINOR);
        Le.u64(shb, body + OFF_SHB_BODY_SECTION_LENGTH, SECTION_LENGTH_UNKNOWN);
        Le.u32(shb, len - TRAILER, len);
        this.out.write(shb);
    }

    @Override
    public void write(long ts, byte[] data, int capturedLength, long originalLength, int linkType, int interfaceId) throws IOException {
        long key = ((long) interfaceId << 32) | (linkType & 0xFFFFFFFFL);
        Integer id = interfaces.get(key);
        if (id == null) {
            id = interfaces.size();
            interfaces.put(key, id);
            interfaceBlock(linkType);
        }
        long units = nanos ? ts : Math.floorDiv(ts, 1000L);
        int padded = (capturedLength + 3) & ~3;
        int len = FIXED_SIZE_BLOCK + FIXED_SIZE_EPB_BODY + padded + TRAILER;
        byte[] h = new byte[FIXED_SIZE_BLOCK + FIXED_SIZE_EPB_BODY];
        blockHeader(h, PcapngFileKsy.BLOCK_TYPE_ENHANCED_PACKET, len);
        int body = FIXED_SIZE_BLOCK;
        Le.u32(h, body + OFF_EPB_BODY_INTERFACE_ID, id);
        Le.u32(h, body + OFF_EPB_BODY_TIMESTAMP_HIGH, (int) (units >>> 32));
        Le.u32(h, body + OFF_EPB_BODY_TIMESTAMP_LOW, (int) units);
        Le.u32(h, body + OFF_EPB_BODY_CAPTURED_LEN, capturedLength);
        Le.u32(h, body + OFF_EPB_BODY_ORIGINAL_LEN, (int) originalLength);
        out.write(h);
        out.write(data, 0, capturedLength);
        out.write(new byte[padded - capturedLength]);
        byte[] t = new byte[TRAILER];
        Le.u32(t, 0, len);
        out.write(t);
    }

    private void interfaceBlock(int linkType) throws IOException {
        // options: if_tsresol (one byte, padded to 4) when nanoseconds, then opt_endofopt (an option of length 0)
        int optLen = nanos ? FIXED_SIZE_OPTION + 4 + FIXED_SIZE_OPTION : 0;
        int len = FIXED_SIZE_BLOCK + FIXED_SIZE_IDB_BODY + optLen + TRAILER;
        byte[] b = new byte[len];
        blockHeader(b, PcapngFileKsy.BLOCK_TYPE_INTERFACE_DESCRIPTION, len);
        int body = FIXED_SIZE_BLOCK;
        Le.u16(b, body + OFF_IDB_BODY_LINK_TYPE, linkType);
        Le.u32(b, body + OFF_IDB_BODY_SNAPLEN, (int) PcapFileLayout.MAXIMUM_SNAPLEN);
        int o = body + FIXED_SIZE_IDB_BODY;
        if (nanos) {
            Le.u16(b, o + OFF_OPTION_CODE, PcapngFileKsy.IDB_OPTION_IF_TSRESOL);
            Le.u16(b, o + OFF_OPTION_LENGTH, 1);
            b[o + FIXED_SIZE_OPTION] = (byte) IF_TSRESOL_NANOS;
            o += FIXED_SIZE_OPTION + 4;
            o += FIXED_SIZE_OPTION;   // opt_endofopt: code 0, length 0
        }
        Le.u32(b, o, len);
        out.write(b);
    }

    private static void blockHeader(byte[] b, int type, int totalLength) {
        Le.u32(b, OFF_BLOCK_BLOCK_TYPE, type);
        Le.u32(b, OFF_BLOCK_TOTAL_LENGTH, totalLength);
    }

    @Override
    public void close() throws IOException { out.close(); }
}
