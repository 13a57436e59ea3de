package io.rocescope.gui;

import io.rocescope.dissector.capture.CaptureFormatException;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.encode.PcapngFileWriter;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.function.DoubleConsumer;

/**
 * A capture the window has open: its reader, kept open so that any frame can be read again at its
 * offset, and the {@link FrameIndex} that {@link #index} fills (its temporary files go on {@link #close}). A compressed capture cannot be read at a
 * position; its records are first written, as they are, to a temporary pcapng, which is then opened.
 */
final class CaptureFile implements AutoCloseable {
    final Path path;
    /** The file read: {@link #path}, or the temporary pcapng a compressed capture was unpacked to. */
    final Path readPath;
    final long size;
    final String format;
    final boolean compressed;
    final FrameIndex index;
    /** Link types met (LINKTYPE_ numbers), filled while indexing. */
    final TreeSet<Integer> linkTypes = new TreeSet<>();
    private final CaptureReader reader;
    private volatile boolean indexed;
    private volatile List<String> warnings = List.of();
    /** The file's SHA-256 (hex), once File → Capture File Properties has worked it out; null before. */
    volatile String sha256;
    private long capturedBytes, wireBytes;
    private long firstTime = Long.MAX_VALUE, lastTime = Long.MIN_VALUE;
    private boolean timeOrdered = true;

    private CaptureFile(Path path, Path readPath, CaptureReader reader, boolean compressed, String format, FrameIndex index) throws IOException {
        this.index = index;
        this.path = path;
        this.readPath = readPath;
        this.reader = reader;
        this.compressed = compressed;
        this.format = format;
        this.size = Files.size(path);
    }

    /** Opens a capture (its header read, nothing else); a bad file is a {@link CaptureFormatException} of one line. */
    static CaptureFile open(String name) throws IOException {
        return open(name, new FrameIndex());
    }

    /** {@link #open(String)} into this (empty) index: tests give one of small pages. */
    static CaptureFile open(String name, FrameIndex index) throws IOException {
        // the name as Wireshark shows it: absolute, without "." or ".." (the status bar, the title, Properties)
        Path path = Path.of(name).toAbsolutePath().normalize();
        CaptureReader r = CaptureReaders.open(name);
        if (r.compression() == null) return new CaptureFile(path, path, r, false, r.format(), index);
        String format = r.format();
        Path tmp = Files.createTempFile("rocescope-", ".pcapng");
        tmp.toFile().deleteOnExit();
        try (r; OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 20);
             PcapngFileWriter w = new PcapngFileWriter(out, true)) {
            CaptureRecord rec = new CaptureRecord();
            while (r.next(rec)) {
                w.write(rec.timestampNanos, rec.data, rec.capturedLength, Integer.toUnsignedLong(rec.originalLength), rec.linkType, rec.interfaceId);
            }
        }
        return new CaptureFile(path, tmp, CaptureReaders.open(tmp.toString()), true, format, index);
    }

    /**
     * A capture being written (a live one, {@link LiveSession}): its header is there, its frames are
     * indexed by the writer as it appends them ({@link #index}.add), not read here; {@link #grown} when
     * it is complete. Removed on {@link #close}.
     */
    static CaptureFile growing(Path file, String format) throws IOException {
        return new CaptureFile(file, file, CaptureReaders.open(file.toString()), true, format, new FrameIndex());
    }

    /** The writer of a {@link #growing} capture is done. */
    void grown() {
        indexed = true;
    }

    /**
     * Reads every record once, adding it to the index; {@code progress} gets the fraction of the file
     * read now and then. Runs on a background thread; ends early when {@code cancelled} says so.
     */
    void index(DoubleConsumer progress, java.util.function.BooleanSupplier cancelled) throws IOException {
        CaptureRecord rec = new CaptureRecord();
        long total = Math.max(1, Files.size(readPath));
        long lastReport = System.nanoTime() - 1_000_000_000L;   // the first screenful is reported at once
        while (reader.next(rec)) {
            if (index.size() == FIRST_SCREEN) {
                progress.accept((double) rec.fileOffset / total);
                warmUp();
            }
            index.add(rec.fileOffset, rec.timestampNanos, rec.originalLength);
            capturedBytes += rec.capturedLength;
            wireBytes += Integer.toUnsignedLong(rec.originalLength);
            if (rec.timestampNanos < lastTime) timeOrdered = false;
            firstTime = Math.min(firstTime, rec.timestampNanos);
            lastTime = Math.max(lastTime, rec.timestampNanos);
            linkTypes.add(rec.linkType);
            if ((index.size() & 1023) == 0) {
                if (cancelled.getAsBoolean()) return;
                long now = System.nanoTime();
                if (now - lastReport > 250_000_000L) {   // four redraws a second: the software renderer draws the whole window each time
                    lastReport = now;
                    progress.accept((double) rec.fileOffset / total);
                }
            }
        }
        warnings = new ArrayList<>(reader.warnings());
        indexed = true;
        progress.accept(1);
    }

    /** Frames enough for a first screen of rows: reported as soon as they are indexed. */
    static final int FIRST_SCREEN = 128;

    /**
     * Decodes the first frames once on this (background) thread, so that loading and compiling the
     * decoder's classes happens here and not when the JavaFX thread draws the first rows.
     */
    private void warmUp() {
        FrameSource warm = new FrameSource(this);
        for (int i = 0; i < Math.min(FIRST_SCREEN, index.size()); i++) {
            io.rocescope.dissector.decode.DecodedFrame f = warm.decode(i);
            if (f != null) PacketRows.columns(f);
        }
    }

    boolean indexed() { return indexed; }

    /** The reader's warnings (a damaged end …), once indexed. */
    List<String> warnings() { return warnings; }

    long capturedBytes() { return capturedBytes; }

    /** Sum of the frames' lengths on the wire (capinfos' "Data size"). */
    long wireBytes() { return wireBytes; }

    /** Earliest and latest timestamp (nanoseconds since the epoch), once indexed. */
    long firstTime() { return firstTime; }

    long lastTime() { return lastTime; }

    /** True when no frame is older than the one before it (capinfos' "Strict time order"). */
    boolean timeOrdered() { return timeOrdered; }

    /** The file header's snapshot length (classic pcap), or -1. */
    long snaplen() {
        return reader instanceof io.rocescope.dissector.capture.PcapReader p ? p.snaplen() : -1;
    }

    /** Frame {@code i} (from 0) read again into {@code rec}; false when its bytes are no longer there. */
    boolean read(int i, CaptureRecord rec) throws IOException {
        return reader.readAt(index.offset(i), i + 1L, rec);
    }

    boolean nanosecondTimestamps() { return reader.nanosecondTimestamps(); }

    @Override
    public void close() throws IOException {
        index.close();
        reader.close();
        if (compressed) Files.deleteIfExists(readPath);
    }
}
