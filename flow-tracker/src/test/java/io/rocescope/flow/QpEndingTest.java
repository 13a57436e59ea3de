package io.rocescope.flow;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Endings that no lab capture shows, on synthesized frames: a QP that stops in the middle of a message. */
class QpEndingTest {
    /** SEND First and Middle of one message (PSNs 100, 101), then {@code more} packets of another connection. */
    private static List<byte[]> cutOff(int more) {
        List<byte[]> f = new ArrayList<>();
        f.add(Frames.roce(Frames.A, Frames.B, 0x00, 0x11, 100, false, new byte[1024], 2));
        f.add(Frames.roce(Frames.A, Frames.B, 0x01, 0x11, 101, false, new byte[1024], 2));
        for (int i = 0; i < more; i++) f.add(Frames.roce(0x0A000003, 0x0A000004, 0x04, 0x33, 7 + i, false, new byte[64], 2));
        return f;
    }

    @Test
    void aQpThatStopsMidMessageWhileTheCaptureGoesOnIsReported() {
        // frames 0.6 s apart: the capture goes on 1.2 s after the Middle
        Reports.Analysis a = Track.frames(cutOff(2), 600_000_000L);
        Finding f = a.findings().stream().filter(x -> x.kind().equals("qp.stopped_mid_message")).findFirst().orElseThrow();
        assertThat(f.frames()).containsExactly(2L);
        assertThat(f.message()).contains("frame 2", "RC SEND Middle", "1.200 s");
        assertThat(a.findingCounts()).containsEntry("qp.stopped_mid_message", 1L);
    }

    @Test
    void aCaptureThatEndsMidMessageIsNoEnding() {
        Reports.Analysis a = Track.frames(cutOff(0), 600_000_000L);
        assertThat(a.findingCounts()).doesNotContainKey("qp.stopped_mid_message");
        // nor does a short wait after it
        assertThat(Track.frames(cutOff(2), 100_000_000L).findingCounts()).doesNotContainKey("qp.stopped_mid_message");
    }
}
