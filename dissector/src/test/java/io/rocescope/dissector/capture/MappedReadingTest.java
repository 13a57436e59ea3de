package io.rocescope.dissector.capture;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.pipeline.FrameJob;
import io.rocescope.dissector.pipeline.FramePipeline;
import org.junit.jupiter.api.Test;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A capture file read through a mapping ({@link MappedInput}) decodes as one read through a buffer, on any
 * number of decoding threads, and its windows are unmapped once nothing looks into them: none is left after a
 * run, and a batch that still looks into one keeps it mapped after the input has moved on and closed (were it
 * unmapped, reading the batch would crash the JVM).
 */
class MappedReadingTest {
    /** Each frame as a line: number, lengths, a digest of its bytes, its summary protocol. */
    private static final class Lines implements FrameJob<List<String>> {
        final List<String> all = new ArrayList<>();
        @Override public List<String> newOutput() { return new ArrayList<>(); }
        @Override public void clear(List<String> out) { out.clear(); }
        @Override public void frame(DecodedFrame f, List<String> out) {
            out.add(f.number() + " " + f.capturedLength() + " " + Arrays.hashCode(Arrays.copyOf(f.data(), f.capturedLength()))
                + " " + f.protocol());
        }
        @Override public int mark(List<String> out) { return out.size(); }
        @Override public void rewind(List<String> out, int mark) { out.subList(mark, out.size()).clear(); }
        @Override public void emit(List<String> out, int from, int to) { all.addAll(out.subList(from, to)); }
    }

    private static List<String> run(CaptureReader r, int threads) throws IOException {
        Lines job = new Lines();
        try (r) {
            new FramePipeline(new DecodeOptions(), FieldInterest.summary(), threads, 64).run(r, -1, job);
        }
        return job.all;
    }

    @Test
    void aMappedCaptureDecodesAsABufferedOneOnAnyThreadsAndLeavesNoWindowMapped() throws IOException {
        for (String name : new String[] {"read_bw_rc", "send_bw_rc_rdmacm", "send_bw_ipv6"}) {
            Path file = TestCaptures.file(name);
            List<String> expected;
            try (InputStream in = new FileInputStream(file.toFile())) {
                expected = run(CaptureReaders.open(in, name), 0);
            }
            assertThat(expected).isNotEmpty();
            for (int threads : new int[] {0, 1, 3}) {
                for (int window : new int[] {4096, 64 << 10}) {
                    assertThat(run(CaptureReaders.openMapped(file, name, window), threads))
                        .as("%s, %d threads, windows of %d", name, threads, window).isEqualTo(expected);
                    assertThat(MappedWindow.mapped()).as("windows left mapped after %s", name).isZero();
                }
            }
        }
    }

    @Test
    void aBatchKeepsItsWindowMappedAfterTheInputMovedOnAndClosed() throws IOException {
        Path file = TestCaptures.file("read_bw_rc");   // 1.4 MB: many windows of 64 KB
        List<String> expected = new ArrayList<>();
        try (CaptureReader r = CaptureReaders.open(new FileInputStream(file.toFile()), "f")) {
            CaptureRecord rec = new CaptureRecord();
            while (r.next(rec) && expected.size() < 3) expected.add(rec.capturedLength + " " + Arrays.hashCode(Arrays.copyOf(rec.data, rec.capturedLength)));
        }
        RecordBatch held = new RecordBatch(), other = new RecordBatch();
        CaptureReader r = CaptureReaders.openMapped(file, "f", 64 << 10);
        assertThat(r.nextBatch(held, 3)).isEqualTo(3);
        while (r.nextBatch(other, 512) > 0) { }   // the input moves through every later window
        r.close();
        assertThat(MappedWindow.mapped()).as("only the held batch's window").isEqualTo(1);
        CaptureRecord rec = new CaptureRecord();
        List<String> got = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            held.copyTo(i, rec);
            got.add(rec.capturedLength + " " + Arrays.hashCode(Arrays.copyOf(rec.data, rec.capturedLength)));
        }
        assertThat(got).isEqualTo(expected);
        held.clear();
        assertThat(MappedWindow.mapped()).isZero();
    }
}
