package io.rocescope.dissector.encode;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.HashMap;
import java.util.Map;

/**
 * A pcapng file (little-endian): a section header, one Interface Description Block for each input
 * interface (written just before its first packet, as pcapng allows), and one Enhanced Packet Block
 * per record, with microsecond or nanosecond timestamps (if_tsresol).
 */
public final class PcapngFileWriter implements CaptureWriter {
    private final OutputStream out;
    private final boolean nanos;
    /** Input (interface id, link type) to output interface id. */
    private final Map<Long, Integer> interfaces = new HashMap<>();

    public PcapngFileWriter(OutputStream out, boolean nanos) throws IOException {
        this.out = new BufferedOutputStream(out, 1 << 20);
        this.nanos = nanos;
        byte[] shb = new byte[28];
        Le.u32(shb, 0, 0x0A0D0D0A);
        Le.u32(shb, 4, 28);
        Le.u32(shb, 8, 0x1A2B3C4D);
        Le.u16(shb, 12, 1);
        Le.u16(shb, 14, 0);
        Le.u32(shb, 16, -1);   // section length unknown
        Le.u32(shb, 20, -1);
        Le.u32(shb, 24, 28);
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
        int len = 32 + padded;
        byte[] h = new byte[28];
        Le.u32(h, 0, 6);
        Le.u32(h, 4, len);
        Le.u32(h, 8, id);
        Le.u32(h, 12, (int) (units >>> 32));
        Le.u32(h, 16, (int) units);
        Le.u32(h, 20, capturedLength);
        Le.u32(h, 24, (int) originalLength);
        out.write(h);
        out.write(data, 0, capturedLength);
        out.write(new byte[padded - capturedLength]);
        byte[] t = new byte[4];
        Le.u32(t, 0, len);
        out.write(t);
    }

    private void interfaceBlock(int linkType) throws IOException {
        // options: if_tsresol (9 = 10^-9) when nanoseconds, then opt_endofopt
        int optLen = nanos ? 8 + 4 : 0;
        int len = 20 + optLen;
        byte[] b = new byte[len];
        Le.u32(b, 0, 1);
        Le.u32(b, 4, len);
        Le.u16(b, 8, linkType);
        Le.u32(b, 12, 262144);
        int o = 16;
        if (nanos) {
            Le.u16(b, o, 9);
            Le.u16(b, o + 2, 1);
            b[o + 4] = 9;
            o += 8;
            o += 4;   // opt_endofopt: code 0, length 0
        }
        Le.u32(b, o, len);
        out.write(b);
    }

    @Override
    public void close() throws IOException { out.close(); }
}
