package io.rocescope.cli.live;

import io.rocescope.dissector.encode.PcapngFileWriter;

import java.io.IOException;
import java.io.OutputStream;

import static io.rocescope.dissector.field.ksy.PcapngFileKsy.*;

/**
 * One pcapng file of a live capture, as dumpcap writes it: a section header naming the application, an
 * Interface Description Block with the interface's name, description, snaplen and nanosecond timestamps,
 * one Enhanced Packet Block per frame, and at the end an Interface Statistics Block with the capture's
 * start and end and libpcap's counters (isb_ifrecv, isb_ifdrop, isb_osdrop, isb_usrdeliv). What goes into the
 * file is chosen here; dissector's PcapngFileWriter assembles the blocks. It may flush every frame.
 */
public final class PcapngLiveWriter implements AutoCloseable {
    private final PcapngFileWriter out;
    private final int linkType;
    private final boolean flushEach;
    private long frames;

    /** {@code flushEach}: a pipe's reader gets each frame as it comes. */
    public PcapngLiveWriter(OutputStream out, String ifName, String ifDescription, int linkType, int snaplen, boolean flushEach) throws IOException {
        this.out = new PcapngFileWriter(out, true, 1 << 16,
            new PcapngFileWriter.Options().text(SHB_OPTION_SHB_USERAPPL, "RoCEscope (rocescope capture)"));
        this.linkType = linkType;
        this.flushEach = flushEach;
        PcapngFileWriter.Options idb = new PcapngFileWriter.Options().text(IDB_OPTION_IF_NAME, ifName);
        if (ifDescription != null && !ifDescription.isEmpty()) idb.text(IDB_OPTION_IF_DESCRIPTION, ifDescription);
        this.out.describe(0, linkType, snaplen, idb);
        if (flushEach) this.out.flush();
    }

    public void write(long nanos, byte[] data, int capturedLength, long originalLength) throws IOException {
        out.write(nanos, data, capturedLength, originalLength, linkType, 0);
        frames++;
        if (flushEach) out.flush();
    }

    /** Bytes of packet blocks written (what a ring buffer's filesize counts). */
    public long bytes() { return out.packetBytes(); }

    public long frames() { return frames; }

    /** Ends the file with its statistics: the capture's span so far and libpcap's counters. */
    public void finish(long startNanos, long endNanos, CaptureStats s) throws IOException {
        out.statistics(0, linkType, startNanos, endNanos, new PcapngFileWriter.Options()
            .u64(ISB_OPTION_ISB_IFRECV, s.received()).u64(ISB_OPTION_ISB_IFDROP, s.interfaceDrops())
            .u64(ISB_OPTION_ISB_OSDROP, s.kernelDrops())
            .u64(ISB_OPTION_ISB_USRDELIV, frames));   // the frames in this file
        out.flush();
    }

    @Override
    public void close() throws IOException { out.close(); }
}
