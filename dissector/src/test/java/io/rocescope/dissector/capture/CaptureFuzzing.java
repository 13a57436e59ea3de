package io.rocescope.dissector.capture;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a fuzz test of a capture reader checks on any bytes: opening fails only with a one-line
 * {@link CaptureFormatException}; reading ends (at most one record per 16 bytes), with one-line
 * warnings; and reading record by record ({@link CaptureReader#next}) and in batches
 * ({@link CaptureReader#nextBatch}) through buffers of different sizes gives the same records and
 * the same warnings: the two paths are independent implementations of one format, each the other's oracle.
 */
final class CaptureFuzzing {
    private CaptureFuzzing() {}

    private record Result(List<String> records, List<String> warnings) {}

    /** Reused: a batch is half a megabyte of direct memory, too much to make at each of thousands of runs a second. */
    private static RecordBatch batch = new RecordBatch();

    /** The batch, as new (one that a large record made larger is replaced, so that a run does not depend on the last). */
    private static RecordBatch freshBatch() {
        if (batch.buf.capacity() != RecordBatch.CAPACITY) batch = new RecordBatch();
        return batch;
    }

    static void check(byte[] file) throws IOException {
        // a buffer size that depends on the input only (a finding reproduces), small enough that records straddle its end
        int small = 16 + Math.floorMod(Arrays.hashCode(file), 4096);
        Result one = read(file, small, false);
        if (one == null) return;   // not a capture: rejected at open with one line
        Result batched = read(file, small, true);
        Result wide = read(file, 1 << 16, true);
        assertThat(batched).isEqualTo(one);
        assertThat(wide).isEqualTo(one);
    }

    private static Result read(byte[] file, int bufferSize, boolean batches) throws IOException {
        CaptureReader r;
        try {
            r = CaptureReaders.open(new ByteArrayInputStream(file), "fuzz", bufferSize);
        } catch (CaptureFormatException e) {
            assertThat(e.getMessage()).isNotBlank().doesNotContain("\n");
            return null;
        }
        List<String> records = new ArrayList<>();
        try (r) {
            CaptureRecord rec = new CaptureRecord();
            if (batches) {
                RecordBatch b = freshBatch();
                byte[] heap = null;
                int n;
                while ((n = r.nextBatch(b, 1 + Math.floorMod(file.length, 7))) > 0) {
                    heap = b.toHeap(heap);
                    for (int i = 0; i < n; i++) {
                        b.copyTo(i, heap, rec);
                        records.add(describe(rec));
                        assertThat(records.size()).isLessThanOrEqualTo(file.length / 16);
                    }
                }
            } else {
                while (r.next(rec)) {
                    records.add(describe(rec));
                    assertThat(records.size()).isLessThanOrEqualTo(file.length / 16);
                }
            }
            for (String w : r.warnings()) assertThat(w).isNotBlank().doesNotContain("\n");
            return new Result(records, List.copyOf(r.warnings()));
        }
    }

    private static String describe(CaptureRecord r) {
        assertThat(r.capturedLength).isBetween(0, r.data.length);
        assertThat(Integer.toUnsignedLong(r.originalLength)).as("length on the wire").isGreaterThanOrEqualTo(r.capturedLength);
        return r.number + " " + r.timestampNanos + " " + r.capturedLength + "/" + r.originalLength + " if" + r.interfaceId
            + " lt" + r.linkType + " " + Arrays.hashCode(Arrays.copyOf(r.data, r.capturedLength));
    }
}
