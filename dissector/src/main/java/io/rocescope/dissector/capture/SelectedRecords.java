package io.rocescope.dissector.capture;

import java.io.IOException;
import java.util.BitSet;
import java.util.List;

/**
 * The second pass of tshark's {@code -2 -R}: a capture as if it held only the records a first pass selected,
 * numbered 1, 2, 3 … in order; their times stay relative to the capture's first record, as tshark's do.
 */
public final class SelectedRecords implements CaptureReader {
    private final CaptureReader reader;
    private final BitSet selected;   // by number in the capture (bit n: record n)
    private final long firstTimestampNanos;
    private long numbered, lastRead;

    public SelectedRecords(CaptureReader reader, BitSet selected, long firstTimestampNanos) {
        this.reader = reader;
        this.selected = selected;
        this.firstTimestampNanos = firstTimestampNanos;
    }

    @Override
    public boolean next(CaptureRecord rec) throws IOException {
        while (reader.next(rec)) {
            if (!selected.get((int) rec.number)) continue;
            rec.number = ++numbered;
            return true;
        }
        return false;
    }

    @Override
    public int nextBatch(RecordBatch batch, long max) throws IOException {
        // read on until some record of a batch is selected (or the capture ends); never more than max records
        while (true) {
            if (selected.nextSetBit((int) Math.min(Integer.MAX_VALUE, lastRead + 1)) < 0) return 0;   // none left: stop reading
            int n = reader.nextBatch(batch, max);
            if (n == 0) return 0;
            lastRead = batch.number[n - 1];
            int kept = batch.retain(number -> number <= Integer.MAX_VALUE && selected.get((int) number), numbered);
            numbered += kept;
            if (kept > 0) return kept;
        }
    }

    @Override public long referenceTimestampNanos() { return firstTimestampNanos; }
    @Override public boolean nanosecondTimestamps() { return reader.nanosecondTimestamps(); }
    @Override public String format() { return reader.format(); }
    @Override public List<String> warnings() { return reader.warnings(); }
    @Override public void close() throws IOException { reader.close(); }
}
