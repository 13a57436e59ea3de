package io.rocescope.dissector.capture;

import java.io.IOException;
import java.util.List;

/** A streaming reader of packet records: memory use does not depend on the file size. */
public interface CaptureReader extends AutoCloseable {
    /**
     * Reads the next record into {@code rec}. Returns false at the end of the capture, or when the
     * rest of the capture is damaged; in that case {@link #warnings()} says why.
     */
    boolean next(CaptureRecord rec) throws IOException;

    /**
     * Reads the next records, at most {@code max}, into {@code batch} (emptied first), their bytes
     * left where one read put them. Returns how many; 0 at the end of the capture or of its
     * undamaged part, as {@link #next} returns false.
     */
    int nextBatch(RecordBatch batch, long max) throws IOException;

    /**
     * Reads again the record that starts at {@code fileOffset} (a {@link CaptureRecord#fileOffset} this
     * reader gave) into {@code rec}, numbering it {@code number}, without moving the sequential reading:
     * a positioned read of the file, safe to call from another thread while {@link #next} goes on.
     * False when the bytes there are not a whole packet record.
     *
     * @throws UnsupportedOperationException when the input cannot be read at a position (standard
     *         input, a compressed file)
     */
    default boolean readAt(long fileOffset, long number, CaptureRecord rec) throws IOException {
        throw new UnsupportedOperationException(format() + " input read as a stream cannot be read at a position");
    }

    /** True unless the file's timestamps are known to be whole microseconds (a classic microsecond pcap). */
    default boolean nanosecondTimestamps() { return true; }

    /** The compression the file was read through ("gzip", "zstd", "lz4"), or null. */
    default String compression() { return null; }

    /**
     * The time frames are relative to, when it is not the first record's (the capture's first record when some
     * were left out, as by {@code -2 -R}); {@link Long#MIN_VALUE}: the first record read.
     */
    default long referenceTimestampNanos() { return Long.MIN_VALUE; }

    /** "pcap" or "pcapng". */
    String format();

    /**
     * The interfaces the headers read so far describe (pcapng describes them as it goes: all of them once
     * the file has been read), in file order across sections.
     */
    default List<CaptureInterface> interfaces() { return List.of(); }

    /**
     * The header comments read so far (pcapng: each section's comments, hardware, OS and application, and
     * interface comments, as "Interface N: …"), at most {@link #MAX_COMMENTS}, each cut at {@link #MAX_COMMENT}.
     */
    default List<String> comments() { return List.of(); }

    int MAX_COMMENTS = 64, MAX_COMMENT = 4096;

    /** Problems met so far that did not stop the reading of earlier records (truncated last record …). */
    List<String> warnings();

    @Override
    void close() throws IOException;
}
