package io.rocescope.dissector.capture;

import java.io.IOException;

/**
 * Opens one split of an uncompressed capture file: the records from a boundary that
 * {@link RecordBoundaries} found, numbered from 1. A pcapng split first reads the section header and
 * the interface descriptions at the start of the file (up to the first packet), since its packets
 * refer to them; {@link #layoutBlocks} tells whether more were read later, in which case the splits
 * after it do not know them and the capture must be read in one piece.
 */
public final class CaptureSplits {
    private CaptureSplits() {}

    public static CaptureReader openAt(String path, long start) throws IOException {
        CaptureReader r = CaptureReaders.open(path);
        try {
            if (r instanceof PcapReader p) {
                if (start > 24) p.seekSplit(start);
            } else if (r instanceof PcapngReader p) {
                if (start > 0) {
                    p.next(new CaptureRecord());   // the header blocks up to the first packet
                    p.seekSplit(start);
                }
            } else {
                throw new CaptureFormatException(path + ": a compressed capture cannot be split");
            }
            return r;
        } catch (IOException | RuntimeException e) {
            r.close();
            throw e;
        }
    }

    /** Section headers and interface descriptions the reader has read (0 for pcap). */
    public static int layoutBlocks(CaptureReader r) {
        return r instanceof PcapngReader p ? p.layoutBlocks() : 0;
    }
}
