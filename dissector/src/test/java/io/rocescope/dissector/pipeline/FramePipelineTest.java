package io.rocescope.dissector.pipeline;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.text.LineBuffer;
import io.rocescope.dissector.text.SummaryLine;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Decoding on several threads gives what one decoder gives, frame for frame and in order, for any
 * number of threads and any batch size: on every capture, including perftest's exchanges, whose TCP
 * frames are decoded again in order by the stateful decoder.
 */
class FramePipelineTest {
    /** Each frame's summary line and relative time: what a text job prints. */
    private static final class Lines implements FrameJob<LineBuffer> {
        final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();

        @Override public LineBuffer newOutput() { return new LineBuffer(); }
        @Override public void clear(LineBuffer b) { b.setLength(0); }
        @Override public void frame(DecodedFrame f, LineBuffer b) {
            SummaryLine.append(b, f).append(" @").append(f.relativeNanos()).append('\n');
        }
        @Override public int mark(LineBuffer b) { return b.length(); }
        @Override public void rewind(LineBuffer b, int mark) { b.setLength(mark); }
        @Override public void emit(LineBuffer b, int from, int to) throws IOException {
            b.writeTo(bytes, from, to - from);   // marks are byte offsets
        }

        String text() { return bytes.toString(java.nio.charset.StandardCharsets.UTF_8); }
    }

    private static String run(Path capture, int threads, int batch, long limit) throws IOException {
        try (CaptureReader r = CaptureReaders.open(capture.toString())) {
            Lines job = new Lines();
            long n = new FramePipeline(new DecodeOptions(), FieldInterest.summary(), threads, batch).run(r, limit, job);
            assertThat(job.text().chars().filter(c -> c == '\n').count()).isEqualTo(n);
            return job.text();
        }
    }

    @TestFactory
    Stream<DynamicTest> anyThreadsAndBatchSizeGiveTheSequentialResult() {
        return TestCaptures.all().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            String one = run(p, 0, FramePipeline.DEFAULT_BATCH, -1);
            assertThat(one).isNotEmpty();
            for (int threads : new int[] {1, 3}) {
                for (int batch : new int[] {1, 7, 512}) {
                    assertThat(run(p, threads, batch, -1)).as("%d threads, batches of %d", threads, batch).isEqualTo(one);
                }
            }
        }));
    }

    @Test
    void perftestFramesAreDecodedInOrderWithTheirExchange() throws IOException {
        String lines = run(TestCaptures.file("send_bw_rc"), 3, 5, -1);
        assertThat(lines).contains("perftest key QPN=").contains("perftest version");
        assertThat(lines).isEqualTo(run(TestCaptures.file("send_bw_rc"), 0, 5, -1));
    }

    @Test
    void aLimitStopsAtExactlyThatFrame() throws IOException {
        Path p = TestCaptures.file("rping");
        String all = run(p, 0, 512, -1);
        String first = String.join("\n", Arrays.copyOf(all.split("\n"), 17)) + "\n";
        for (int threads : new int[] {0, 2}) {
            for (int batch : new int[] {1, 4, 17, 512}) assertThat(run(p, threads, batch, 17)).isEqualTo(first);
        }
    }

    @Test
    void aJobFailureOnAWorkerReachesTheCaller() throws IOException {
        FrameJob<List<String>> failing = new FrameJob<>() {
            @Override public List<String> newOutput() { return new ArrayList<>(); }
            @Override public void clear(List<String> out) { out.clear(); }
            @Override public void frame(DecodedFrame f, List<String> out) {
                if (f.number() == 40) throw new IllegalStateException("frame 40 refused");
            }
            @Override public int mark(List<String> out) { return 0; }
            @Override public void rewind(List<String> out, int mark) {}
            @Override public void emit(List<String> out, int from, int to) {}
        };
        try (CaptureReader r = CaptureReaders.open(TestCaptures.file("rping").toString())) {
            assertThatThrownBy(() -> new FramePipeline(new DecodeOptions(), FieldInterest.summary(), 2, 8).run(r, -1, failing))
                .isInstanceOf(IllegalStateException.class).hasMessage("frame 40 refused");
        }
    }

    /**
     * A job that fails on one frame's content (as the Info column once did on a CM status without a
     * name) after writing part of its line: that frame comes out marked malformed with the reason, cut
     * down to what any output can print, and every other frame as without the failure.
     */
    private static final class FailsOnFrame implements FrameJob<LineBuffer> {
        final Lines lines = new Lines();
        final long bad;
        final List<String> experts = new java.util.concurrent.CopyOnWriteArrayList<>();

        FailsOnFrame(long bad) { this.bad = bad; }

        @Override public LineBuffer newOutput() { return lines.newOutput(); }
        @Override public void clear(LineBuffer b) { lines.clear(b); }
        @Override public void frame(DecodedFrame f, LineBuffer b) {
            b.append("half a line");
            if (f.number() == bad && !f.hasExpert("malformed")) throw new NullPointerException("a name was null");
            if (f.number() == bad) f.experts().forEach(e -> experts.add(e.key() + ": " + e.message()));
            b.setLength(b.length() - "half a line".length());
            lines.frame(f, b);
        }
        @Override public int mark(LineBuffer b) { return lines.mark(b); }
        @Override public void rewind(LineBuffer b, int mark) { lines.rewind(b, mark); }
        @Override public void emit(LineBuffer b, int from, int to) throws IOException { lines.emit(b, from, to); }
    }

    @Test
    void oneFramesFailureMarksThatFrameMalformedAndLosesNothingElse() throws IOException {
        Path p = TestCaptures.file("send_bw_rc");
        String[] clean = run(p, 0, 512, -1).split("\n");
        for (long bad : new long[] {14, 40}) {   // a perftest frame (decoded again in order) and a RoCE one
            for (int threads : new int[] {0, 2}) {
                FailsOnFrame job = new FailsOnFrame(bad);
                try (CaptureReader r = CaptureReaders.open(p.toString())) {
                    new FramePipeline(new DecodeOptions(), FieldInterest.all(), threads, 16).run(r, -1, job);
                }
                String[] lines = job.lines.text().split("\n");
                assertThat(lines).hasSameSizeAs(clean);
                for (int i = 0; i < lines.length; i++) {
                    if (i + 1 != bad) assertThat(lines[i]).as("frame %d, %d threads", i + 1, threads).isEqualTo(clean[i]);
                }
                assertThat(lines[(int) bad - 1]).startsWith(clean[(int) bad - 1].substring(0, 38))   // number, time, source
                    .endsWith("[Malformed Packet] @" + clean[(int) bad - 1].replaceAll(".* @", ""))
                    .doesNotContain("half a line");
                assertThat(job.experts).contains("malformed: Dissector failure: java.lang.NullPointerException: a name was null");
            }
        }
    }

    @Test
    void aTruncatedCaptureStillYieldsEveryWholeFrameInOrder() throws IOException {
        byte[] file = Files.readAllBytes(TestCaptures.file("rping"));
        byte[] cut = Arrays.copyOf(file, file.length - 37);   // the last record loses its tail
        String sequential, parallel;
        List<String> warnings;
        try (CaptureReader r = CaptureReaders.open(new ByteArrayInputStream(cut), "cut")) {
            Lines job = new Lines();
            new FramePipeline(new DecodeOptions(), FieldInterest.summary(), 0, 512).run(r, -1, job);
            sequential = job.text();
        }
        try (CaptureReader r = CaptureReaders.open(new ByteArrayInputStream(cut), "cut")) {
            Lines job = new Lines();
            new FramePipeline(new DecodeOptions(), FieldInterest.summary(), 2, 9).run(r, -1, job);
            parallel = job.text();
            warnings = r.warnings();
        }
        assertThat(parallel).isEqualTo(sequential);
        assertThat(parallel.split("\n")).hasSize(126);
        assertThat(warnings).singleElement().asString().contains("is cut short");
    }
}
