package io.rocescope.analysis;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.Expert.Severity;
import io.rocescope.flow.Reports;
import io.rocescope.flow.TrackerOptions;
import io.rocescope.flow.rules.Comparison;
import io.rocescope.flow.rules.Metric;
import io.rocescope.flow.rules.Rule;
import io.rocescope.flow.rules.RuleEvaluator;
import io.rocescope.flow.rules.Scope;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The live rule gate looks at the counts after the last frames too, when no frame follows them: a link
 * that goes quiet right after the failing frame must not leave the gate waiting for the capture's end.
 */
class LiveAnalysisGateTest {
    private static final Rule NO_REJECTS = new Rule("no-cm-rejects", "no CM REJ", Severity.ERROR, Metric.CM_REJ_COUNT,
        Scope.CAPTURE, Comparison.GT, 0, 0, null);

    @Test
    void theGateLooksAtTheLastFramesOfABurstWithoutAFrameAfterThem() throws Exception {
        List<CaptureRecord> frames = new ArrayList<>();
        try (CaptureReader reader = CaptureReaders.open(TestCaptures.file("cm_reject_no_listener").toString())) {
            for (CaptureRecord r = new CaptureRecord(); reader.next(r); r = new CaptureRecord()) {
                r.data = java.util.Arrays.copyOf(r.data, r.capturedLength);
                frames.add(r);
            }
        }
        LiveAnalysis live = new LiveAnalysis(new DecodeOptions(), TrackerOptions.defaults());
        CountDownLatch failed = new CountDownLatch(1);
        AtomicInteger looks = new AtomicInteger();
        CompletableFuture<Reports.Analysis> run = CompletableFuture.supplyAsync(() -> {
            try {
                return live.run(f -> {}, a -> {
                    looks.incrementAndGet();
                    boolean fails = RuleEvaluator.evaluate(a, List.of(NO_REJECTS)).get(0).failed();
                    if (fails) failed.countDown();
                    return fails;
                });
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        // the first frame gets the first look at once; the rest (the REJs among them) then arrive together,
        // well inside the interval before the next look may be taken, and nothing comes after them
        offer(live, frames.get(0));
        while (looks.get() == 0) Thread.sleep(1);
        assertThat(failed.getCount()).as("the first frame is no REJ").isEqualTo(1);
        for (CaptureRecord r : frames.subList(1, frames.size())) offer(live, r);
        try {
            assertThat(failed.await(10, TimeUnit.SECONDS)).as("the gate saw the REJs without a frame after them").isTrue();
        } finally {
            live.end();
        }
        assertThat(run.get(30, TimeUnit.SECONDS).summary().frames()).isEqualTo(frames.size());
        assertThat(live.progress().analyzed()).isEqualTo(frames.size());
    }

    private static void offer(LiveAnalysis live, CaptureRecord r) {
        assertThat(live.offer(r.timestampNanos, r.data, r.capturedLength, r.originalLength, r.linkType)).isTrue();
    }
}
