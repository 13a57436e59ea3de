package io.rocescope.dissector.encode;

import io.rocescope.dissector.field.ksy.PcapFileKsy;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * A classic pcap of any one link type (the first record's), little-endian, with microsecond or
 * nanosecond timestamps. A record of another link type cannot go into it: that is an error, as in
 * Wireshark, which then asks for pcapng.
 */
public final class PcapFileWriter implements CaptureWriter {
    private final OutputStream out;
    private final boolean nanos;
    private final byte[] header = new byte[PcapHeaders.RECORD];
    private int linkType = -1;

    public PcapFileWriter(OutputStream out, boolean nanos) {
        this(out, nanos, 1 << 20);
    }

    /** One buffering {@code bufferBytes} (the report's evidence extracts keep many open at once). */
    public PcapFileWriter(OutputStream out, boolean nanos, int bufferBytes) {
        this.out = new BufferedOutputStream(out, bufferBytes);
        this.nanos = nanos;
    }

    @Override
    public void write(long ts, byte[] data, int capturedLength, long originalLength, int linkType, int interfaceId) throws IOException {
        if (this.linkType < 0) {
            this.linkType = linkType;
            fileHeader(linkType);
        } else if (linkType != this.linkType) {
            throw new IOException("frames of link types " + this.linkType + " and " + linkType
                + " cannot be written into one pcap file; write pcapng (-F pcapng)");
        }
        long sec = Math.floorDiv(ts, 1_000_000_000L);
        long frac = Math.floorMod(ts, 1_000_000_000L);
        PcapHeaders.record(header, sec, nanos ? frac : frac / 1000, capturedLength, originalLength);
        out.write(header);
        out.write(data, 0, capturedLength);
    }

    @Override
    public void close() throws IOException {
        if (linkType < 0) fileHeader(PcapFileKsy.LINK_TYPE_ETHERNET);   // no frame selected: an empty Ethernet pcap
        out.close();
    }

    private void fileHeader(int linkType) throws IOException {
        out.write(PcapHeaders.file(nanos, linkType));
    }
}
