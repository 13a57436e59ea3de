package io.rocescope.dissector.capture;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** A capture read through a decompressor: the reader's warnings, and the decompressor's damage after them. */
final class DecompressedReader implements CaptureReader {
    private final CaptureReader reader;
    private final DecompressedStream stream;

    DecompressedReader(CaptureReader reader, DecompressedStream stream) {
        this.reader = reader;
        this.stream = stream;
    }

    @Override
    public boolean next(CaptureRecord rec) throws IOException { return reader.next(rec); }

    @Override
    public int nextBatch(RecordBatch batch, long max) throws IOException { return reader.nextBatch(batch, max); }

    @Override
    public String format() { return reader.format(); }

    @Override
    public List<CaptureInterface> interfaces() { return reader.interfaces(); }

    @Override
    public List<String> comments() { return reader.comments(); }

    @Override
    public String compression() { return stream.compression().word(); }

    @Override
    public boolean nanosecondTimestamps() { return reader.nanosecondTimestamps(); }

    @Override
    public List<String> warnings() {
        if (stream.damage() == null) return reader.warnings();
        List<String> all = new ArrayList<>(reader.warnings());
        all.add(stream.damage());
        return all;
    }

    @Override
    public void close() throws IOException { reader.close(); }
}
