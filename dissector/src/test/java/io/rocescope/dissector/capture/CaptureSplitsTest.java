package io.rocescope.dissector.capture;

import io.rocescope.dissector.pipeline.DecodedRecordCheck;
import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every real capture cut into 7 splits at the finder's boundaries reads as the same records as in one piece. */
class CaptureSplitsTest {
    @Test
    void splitsTogetherAreTheWholeCapture() throws IOException {
        for (Path f : TestCaptures.all()) {
            List<String> whole = records(f.toString(), 0, Long.MAX_VALUE, false);
            long size = Files.size(f);
            List<Long> cuts = new ArrayList<>(List.of(0L));
            try (RecordBoundaries.Finder finder = RecordBoundaries.open(f, new DecodedRecordCheck())) {
                for (int i = 1; i < 7; i++) cuts.add(finder.next(size * i / 7));
            }
            cuts.add(size);
            List<String> joined = new ArrayList<>();
            for (int i = 0; i + 1 < cuts.size(); i++) joined.addAll(records(f.toString(), cuts.get(i), cuts.get(i + 1), true));
            assertTrue(whole.size() > 0, f.toString());
            assertEquals(whole, joined, f.getFileName().toString());
        }
    }

    /** Each record from {@code start} to {@code end} as text: time, lengths, link type and its bytes' hash. */
    private static List<String> records(String path, long start, long end, boolean split) throws IOException {
        List<String> out = new ArrayList<>();
        try (CaptureReader r = split ? CaptureSplits.openAt(path, start) : CaptureReaders.open(path)) {
            CaptureRecord rec = new CaptureRecord();
            long n = 0;
            while (r.next(rec) && rec.fileOffset < end) {
                if (split) assertEquals(++n, rec.number, "split-local numbering");
                out.add(rec.timestampNanos + " " + rec.capturedLength + " " + rec.originalLength + " " + rec.linkType + " "
                    + Arrays.hashCode(Arrays.copyOf(rec.data, rec.capturedLength)));
            }
        }
        return out;
    }
}
