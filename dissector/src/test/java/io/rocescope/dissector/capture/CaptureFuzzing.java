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
        if (batch.room() != RecordBatch.CAPACITY) batch = new RecordBatch();
        return batch;
    }

    static void check(byte[] bytes) throws IOException {
        byte[] file = bytes;
        // a buffer size that depends on the input only (a finding reproduces), small enough that records straddle its end
        int small = 16 + Math.floorMod(Arrays.hashCode(file), 4096);
        Result one = read(file, small, false);
        if (one == null) return;   // not a capture: rejected at open with one line
        Result batched = read(file, small, true);
        Result wide = read(file, 1 << 16, true);
        assertThat(batched).isEqualTo(one);
        assertThat(wide).isEqualTo(one);
        // the mapped reading of a file, in windows small enough that records straddle their ends
        java.nio.file.Files.write(file(), bytes);
        assertThat(readMapped(small, false)).isEqualTo(one);
        assertThat(readMapped(small, true)).isEqualTo(one);
        assertThat(MappedWindow.mapped()).as("windows left mapped").isZero();
    }

    /** One file for every run (a fuzz run makes thousands a second). */
    private static java.nio.file.Path file;

    private static java.nio.file.Path file() throws IOException {
        if (file == null) {
            file = java.nio.file.Files.createTempFile("fuzz", ".cap");
            file.toFile().deleteOnExit();
        }
        return file;
    }

    private static Result readMapped(int windowSize, boolean batches) throws IOException {
        try (CaptureReader r = CaptureReaders.openMapped(file, "fuzz", windowSize)) {
            return records(r, batches, (int) java.nio.file.Files.size(file));
        }
    }

    private static Result read(byte[] file, int bufferSize, boolean batches) throws IOException {
        CaptureReader r;
        try {
            r = CaptureReaders.open(new ByteArrayInputStream(file), "fuzz", bufferSize);
        } catch (CaptureFormatException e) {
            assertThat(e.getMessage()).isNotBlank().doesNotContain("\n");
            return null;
        }
        try (r) {
            return records(r, batches, file.length);
        }
    }

    private static Result records(CaptureReader r, boolean batches, int length) throws IOException {
        List<String> records = new ArrayList<>();
        CaptureRecord rec = new CaptureRecord();
        if (batches) {
            RecordBatch b = freshBatch();
            byte[] heap = null;
            int n;
            while ((n = r.nextBatch(b, 1 + Math.floorMod(length, 7))) > 0) {
                heap = b.toHeap(heap);
                for (int i = 0; i < n; i++) {
                    b.copyTo(i, heap, rec);
                    records.add(describe(rec));
                    assertThat(records.size()).isLessThanOrEqualTo(length / 16);
                }
            }
            b.clear();   // lets go of a mapped window
        } else {
            while (r.next(rec)) {
                records.add(describe(rec));
                assertThat(records.size()).isLessThanOrEqualTo(length / 16);
            }
        }
        for (String w : r.warnings()) assertThat(w).isNotBlank().doesNotContain("\n");
        return new Result(records, List.copyOf(r.warnings()));
    }

    private static String describe(CaptureRecord r) {
        assertThat(r.capturedLength).isBetween(0, r.data.length);
        assertThat(Integer.toUnsignedLong(r.originalLength)).as("length on the wire").isGreaterThanOrEqualTo(r.capturedLength);
        return r.number + " " + r.timestampNanos + " " + r.capturedLength + "/" + r.originalLength + " if" + r.interfaceId
            + " lt" + r.linkType + " " + Arrays.hashCode(Arrays.copyOf(r.data, r.capturedLength));
    }
}
