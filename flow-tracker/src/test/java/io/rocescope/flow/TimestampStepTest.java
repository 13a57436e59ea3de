package io.rocescope.flow;

import io.rocescope.dissector.decode.Expert.Severity;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.FrameDecoder;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

/**
 * Time going backwards (merged captures, clock steps) costs the pause accounting a constant, and the
 * capture's integrity problem becomes a finding naming the frames. The bound is asserted on the
 * tracker's state, not with a timer: before, a resume timestamped 54 years before the pause it ended
 * walked (and filled a map with) every 100 ms window in between.
 */
class TimestampStepTest {
    private static final long T = 1_700_000_000_000_000_000L;   // 2023, in nanoseconds
    private final FlowTracker tracker = new FlowTracker();
    private final FrameDecoder decoder = new FrameDecoder();
    private long number;

    private void frame(byte[] bytes, long ts) {
        CaptureRecord rec = new CaptureRecord();
        rec.data = bytes;
        rec.capturedLength = rec.originalLength = bytes.length;
        rec.linkType = 1;
        rec.number = ++number;
        rec.timestampNanos = ts;
        tracker.accept(decoder.decode(rec));
    }

    @Test
    void aResumeTimestampedBeforeThePauseItEndsCostsAConstant() {
        frame(Frames.pfc(3, 65535), T);   // pauses priority 3 for 335.5 us at 100 Gb/s
        frame(Frames.pfc(3, 0), 0);       // the resume, stamped at the epoch
        assertThat(tracker.pauses().pendingWindows(3)).isLessThanOrEqualTo(2);
        Reports.Analysis a = tracker.finish();
        Reports.PauseReport p = a.pfc().get(0);
        assertThat(p.pauses()).isEqualTo(1);
        assertThat(p.resumes()).isEqualTo(1);
        assertThat(p.pausedMicros()).isCloseTo(65535 * 0.00512, offset(0.01));   // the pause stood: the resume came "before" it
        Finding f = a.findings().stream().filter(x -> x.kind().equals("capture.timestamps_out_of_order")).findFirst().orElseThrow();
        assertThat(f.frames()).containsExactly(2L);
        assertThat(f.severity()).isEqualTo(Severity.WARNING);
        assertThat(f.message()).contains("1 frame is timestamped earlier").contains("at frame 2");
    }

    @Test
    void pauseStateStaysWithinOnePauseLengthWhateverTheStepsAndGaps() {
        long ts = T, stepsBack = 0;
        for (int i = 1; i <= 2000; i++) {
            // forward jumps of hours, steps back of a day, pauses and resumes on two priorities
            long next = i % 3 == 0 ? ts - 86_400_000_000_000L : ts + (i % 5) * 3_600_000_000_000L + 1;
            if (i > 1 && next < ts) stepsBack++;
            ts = next;
            frame(Frames.pfc(i % 2 == 0 ? 3 : 5, i % 4 == 3 ? 0 : 65535), ts);
            for (int prio = 0; prio <= PauseTracker.PAUSE; prio++) assertThat(tracker.pauses().pendingWindows(prio)).isLessThanOrEqualTo(2);
        }
        Reports.Analysis a = tracker.finish();
        assertThat(a.findingCounts()).containsEntry("capture.timestamps_out_of_order", stepsBack);
        assertThat(a.findingCounts()).doesNotContainKey("pfc.storm");
    }

    @Test
    void inOrderCapturesHaveNoSuchFinding() {
        assertThat(Track.capture("send_bw_loss2pct").findingCounts()).doesNotContainKey("capture.timestamps_out_of_order");
    }

    @Test
    void aSmallReorderOfARealCaptureIsANote() {
        // send_bw_rc: tcpdump took frame 736 (a TCP ACK) 489 us after frame 737 (tshark's frame.time_delta: -0.000489)
        Finding f = Track.capture("send_bw_rc").findings().stream()
            .filter(x -> x.kind().equals("capture.timestamps_out_of_order")).findFirst().orElseThrow();
        assertThat(f.severity()).isEqualTo(Severity.NOTE);
        assertThat(f.frames()).containsExactly(737L);
        assertThat(f.message()).contains("largest step back 0.000489 s");
    }
}
