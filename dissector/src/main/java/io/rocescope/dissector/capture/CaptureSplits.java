package io.rocescope.dissector.capture;

import io.rocescope.dissector.field.ksy.PcapFileLayout;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;

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
        // a split seeks its file: standard input, a FIFO or a compressed file cannot (their input is no FileChannel)
        String why = unsplittable(path);
        if (why != null) throw new CaptureFormatException(path + ": cannot be split: " + why);
        CaptureReader r = CaptureReaders.open(path);
        try {
            if (r instanceof PcapReader p) {
                if (start > PcapFileLayout.FIXED_SIZE_HEADER) p.seekSplit(start);   // not the first record
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

    /**
     * Why {@code path} cannot be read in splits, or null when it can: only a regular file holding an uncompressed
     * pcap or pcapng capture (by its magic number, as {@link CaptureReaders} tells them) can be.
     */
    public static String unsplittable(String path) throws IOException {
        if ("-".equals(path)) return "standard input";
        Path p = Path.of(path);
        if (!Files.isRegularFile(p)) return Files.exists(p) ? "not a regular file (a FIFO, a device)" : "no such file";
        byte[] magic = new byte[CaptureReaders.FIRST_WORD];
        try (FileChannel ch = FileChannel.open(p)) {
            ByteBuffer b = ByteBuffer.wrap(magic);
            while (b.hasRemaining() && ch.read(b) > 0) { }
            if (b.hasRemaining()) return "too short for a capture";
        }
        Compression c = Compression.of(magic, magic.length);
        if (c != null) return c.word() + "-compressed";
        return CaptureReaders.format(magic) != null ? null : "not a pcap or pcapng capture";
    }

    /** Section headers and interface descriptions the reader has read (0 for pcap). */
    public static int layoutBlocks(CaptureReader r) {
        return r instanceof PcapngReader p ? p.layoutBlocks() : 0;
    }
}
