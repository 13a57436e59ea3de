package io.rocescope.flow;

import io.rocescope.dissector.decode.Expert.Severity;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The tracker's arithmetic on frames built to show one thing each. */
class SyntheticTrackingTest {

    private static Reports.FlowReport requester(Reports.Analysis a) {
        return a.connections().get(0).aToB();
    }

    @Test
    void psnsWrapAroundAt2To24WithoutFalseGaps() {
        List<byte[]> frames = new ArrayList<>();
        int psn = 0xFFFFFA;
        for (int i = 0; i < 12; i++) frames.add(Frames.sendOnly((psn + i) & 0xFFFFFF));
        frames.add(Frames.ack(0x000005, 0x1F, 12));
        Reports.Analysis a = Track.frames(frames);
        Reports.FlowReport f = requester(a);
        assertThat(f.psn().firstPsn()).isEqualTo(0xFFFFFA);
        assertThat(f.psn().gaps()).isZero();
        assertThat(f.psn().retransmittedPackets()).isZero();
        assertThat(f.messages().count()).isEqualTo(12);
        // the ACK after the wrap covers all 12 requests (cumulative, across 2^24)
        assertThat(f.answers().rttMicros().count()).isEqualTo(12);
        assertThat(a.findings()).isEmpty();
    }

    @Test
    void aGapAcrossTheWrapIsCountedInPsns() {
        List<byte[]> frames = List.of(Frames.sendOnly(0xFFFFFE), Frames.sendOnly(0xFFFFFF), Frames.sendOnly(0x000003));
        Reports.FlowReport f = requester(Track.frames(frames));
        assertThat(f.psn().gaps()).isEqualTo(1);
        assertThat(f.psn().missingPsns()).isEqualTo(3);
        assertThat(f.psn().gapList().get(0).fromPsn()).isZero();
        assertThat(f.psn().gapList().get(0).toPsn()).isEqualTo(2);
        assertThat(f.psn().gapList().get(0).frame()).isEqualTo(3);
    }

    @Test
    void readRequestsConsumeOnePsnPerMtuOfTheirLength() {
        List<byte[]> frames = new ArrayList<>();
        frames.add(Frames.readRequest(100, 0x1000, 0x55, 4096));    // 4 PSNs at MTU 1024: 100..103
        frames.add(Frames.readResponse(0x0D, 100, 1024));           // responses teach the MTU
        frames.add(Frames.readResponse(0x0E, 101, 1024));
        frames.add(Frames.readResponse(0x0E, 102, 1024));
        frames.add(Frames.readResponse(0x0F, 103, 1024));
        frames.add(Frames.readRequest(104, 0x2000, 0x55, 1500));    // 2 PSNs: 104..105
        frames.add(Frames.sendOnly(106));
        frames.add(Frames.readResponse(0x0D, 104, 1024));
        frames.add(Frames.readResponse(0x0F, 105, 476));
        frames.add(Frames.ack(106, 0x1F, 3));
        Reports.Analysis a = Track.frames(frames);
        Reports.ConnectionReport c = a.connections().get(0);
        assertThat(c.mtu()).isEqualTo(1024);
        assertThat(c.aToB().psn().gaps()).as("READ PSN accounting").isZero();
        assertThat(c.aToB().answers().readsAnswered()).isEqualTo(2);
        assertThat(c.aToB().answers().readsWithoutResponse()).isZero();
        assertThat(c.bToA().readResponseMessages().count()).isEqualTo(2);
        assertThat(c.bToA().readResponseMessages().sizeBytes().max()).isEqualTo(4096);
        assertThat(c.pairedBy()).isEqualTo("responses");
        assertThat(c.a().qpn()).isEqualTo(0x22);
    }

    @Test
    void aReadWithoutResponseIsAFinding() {
        Reports.Analysis a = Track.frames(List.of(Frames.readRequest(7, 0x1000, 1, 64)));
        assertThat(a.findings()).extracting(Finding::kind).containsExactly("read.no_response");
        assertThat(a.findings().get(0).frames()).containsExactly(1L);
    }

    @Test
    void rnrNaksAreCountedWithTheirTimerAndCauseTheRetransmission() {
        List<byte[]> frames = new ArrayList<>();
        frames.add(Frames.sendOnly(10));
        frames.add(Frames.ack(10, 0x20 | 26, 0));          // RNR NAK, timer 26 = 81.92 ms
        frames.add(Frames.sendOnly(10));                   // retry
        frames.add(Frames.ack(10, 0x20 | 26, 0));
        frames.add(Frames.sendOnly(10));
        frames.add(Frames.ack(10, 0x1F, 1));
        frames.add(Frames.sendOnly(11));
        Reports.Analysis a = Track.frames(frames);
        Reports.FlowReport f = requester(a);
        assertThat(f.answers().rnrNaks()).isEqualTo(2);
        assertThat(f.answers().rnrTimerMicros().max()).isEqualTo(81920);
        assertThat(f.psn().duplicates()).isEqualTo(2);
        assertThat(f.psn().retransmissionEpisodes()).isEqualTo(2);
        assertThat(f.psn().episodes()).allMatch(e -> e.cause().startsWith("RNR NAK (timer 81.92 ms)"));
        assertThat(a.findingCounts()).containsEntry("rnr_nak", 2L).containsEntry("retransmission", 2L);
    }

    @Test
    void duplicatesAndOutOfOrderAreToldApart() {
        // 1 2 [3 lost] 4 5, then go-back to 3 (never seen: out of order fill), 4 and 5 again (duplicates)
        List<byte[]> frames = new ArrayList<>();
        for (int p : new int[] {1, 2, 4, 5}) frames.add(Frames.sendOnly(p));
        frames.add(Frames.ack(3, 0x60, 2));               // NAK PSN sequence error, expecting 3
        for (int p : new int[] {3, 4, 5, 6}) frames.add(Frames.sendOnly(p));
        Reports.FlowReport f = requester(Track.frames(frames));
        assertThat(f.psn().gaps()).isEqualTo(1);
        assertThat(f.psn().outOfOrder()).isEqualTo(1);
        assertThat(f.psn().duplicates()).isEqualTo(2);
        assertThat(f.psn().retransmissionEpisodes()).isEqualTo(1);
        assertThat(f.psn().episodes().get(0).cause()).isEqualTo("NAK PSN Sequence Error");
        assertThat(f.psn().episodes().get(0).causeFrame()).isEqualTo(5);
        assertThat(f.answers().naks()).containsEntry("PSN Sequence Error", 1L);
        assertThat(f.messages().count()).as("messages count new PSNs once").isEqualTo(6);
    }

    @Test
    void cnpsAreAttributedToTheSenderTheyThrottleAndCeMarksCounted() {
        List<byte[]> frames = new ArrayList<>();
        for (int p = 0; p < 5; p++) frames.add(Frames.roce(Frames.A, Frames.B, 0x04, 0x11, p, false, new byte[32], p < 3 ? 3 : 2));
        frames.add(Frames.ack(4, 0x1F, 5));                                // pairs A's QP 0x22
        frames.add(Frames.cnp(Frames.B, Frames.A, 0x22));                  // to the data sender, its QP
        frames.add(Frames.cnp(Frames.B, Frames.A, 0x22));
        Reports.Analysis a = Track.frames(frames);
        Reports.ConnectionReport c = a.connections().get(0);
        assertThat(c.aToB().ceMarked()).isEqualTo(3);
        assertThat(c.aToB().cnps()).isEqualTo(2);
        assertThat(a.summary().cnps()).isEqualTo(2);
        assertThat(a.findingCounts()).containsEntry("ecn.ce", 3L).containsEntry("cnp", 2L);
    }

    @Test
    void pfcPauseTimeAndStormsPerPriority() {
        List<byte[]> frames = new ArrayList<>();
        for (int i = 0; i < 50; i++) frames.add(Frames.pfc(3, 65535));   // 65535 quanta = 335.5 us at 100G, every 1 us
        Reports.Analysis a = Track.frames(frames);
        Reports.PauseReport p = a.pfc().get(0);
        assertThat(p.priority()).isEqualTo("3");
        assertThat(p.pauses()).isEqualTo(50);
        // 50 frames 1 us apart, each extending the pause: 49 us + 65535 * 5.12 ns
        assertThat(p.pausedMicros()).isCloseTo(49 + 65535 * 0.00512, org.assertj.core.data.Offset.offset(0.01));
        assertThat(a.findingCounts()).doesNotContainKey("pfc.storm");   // 0.38 ms of a 100 ms window
        List<byte[]> storm = new ArrayList<>();
        for (int i = 0; i < 400; i++) storm.add(Frames.pfc(3, 65535));
        Reports.Analysis s = Track.frames(storm, 300_000);                 // every 300 us for 120 ms: always paused
        assertThat(s.findingCounts()).containsEntry("pfc.storm", 1L);
        assertThat(s.pfc().get(0).worstWindowFraction()).isGreaterThan(0.99);
    }

    @Test
    void aReqThatNobodyAnswersIsACmTimeoutWithItsRetries() {
        byte[] req = io.rocescope.dissector.TestCaptures.records(io.rocescope.dissector.TestCaptures.file("cm_reject_no_listener")).get(2).data();
        Reports.Analysis a = Track.frames(List.of(req, req, req));
        assertThat(a.findingCounts()).containsEntry("cm.timeout", 1L);
        Finding f = a.findings().stream().filter(x -> x.kind().equals("cm.timeout")).findFirst().orElseThrow();
        assertThat(f.message()).contains("3 sent");
        assertThat(f.frames()).containsExactly(1L, 2L, 3L);
        assertThat(f.severity()).isEqualTo(Severity.ERROR);
    }

    @Test
    void theFlowTableIsBoundedAndSaysSoWhenFull() {
        FlowTracker t = new FlowTracker(TrackerOptions.defaults().withMaxFlows(4), 18515);
        io.rocescope.dissector.decode.FrameDecoder d = new io.rocescope.dissector.decode.FrameDecoder();
        io.rocescope.dissector.capture.CaptureRecord rec = new io.rocescope.dissector.capture.CaptureRecord();
        for (int qp = 1; qp <= 50; qp++) {
            byte[] f = Frames.roce(Frames.A, Frames.B, 0x04, 0x100 + qp, 1, false, new byte[8], 0);
            rec.data = f;
            rec.capturedLength = rec.originalLength = f.length;
            rec.linkType = 1;
            rec.number = qp;
            t.accept(d.decode(rec));
        }
        Reports.Analysis a = t.finish();
        assertThat(a.summary().evictedFlows()).isEqualTo(46);
        assertThat(a.findingCounts()).containsEntry("flows.evicted", 1L);
        // evicted connections are summarized, not lost: all 50 are reported, in order
        assertThat(a.connections()).hasSize(50);
        assertThat(a.connections()).extracting(Reports.ConnectionReport::id).isSorted();
        assertThat(a.connections().get(0).aToB().packets()).isEqualTo(1);
    }

    @Test
    void duplicatesAndLateFillsAreNotedPerFlow() {
        List<byte[]> frames = new ArrayList<>();
        for (int p : new int[] {1, 2, 4, 3, 4}) frames.add(Frames.sendOnly(p));
        Reports.Analysis a = Track.frames(frames);
        assertThat(a.findingCounts()).containsEntry("psn.duplicate", 1L).containsEntry("psn.out_of_order", 1L);
    }

    @Test
    void creditCountsOverTimeAndMsnProgress() {
        List<byte[]> frames = new ArrayList<>();
        int[] creditCodes = {31, 31, 8, 8, 4, 31};
        for (int i = 0; i < creditCodes.length; i++) {
            frames.add(Frames.sendOnly(i));
            frames.add(Frames.ack(i, creditCodes[i], i + 1));
        }
        Reports.AckReport acks = requester(Track.frames(frames)).answers();
        assertThat(acks.creditChanges()).extracting(Reports.CreditChange::credits).containsExactly(-1L, 16L, 4L, -1L);
        assertThat(acks.creditChanges()).extracting(Reports.CreditChange::frame).containsExactly(2L, 6L, 10L, 12L);
        assertThat(acks.firstMsn()).isEqualTo(1);
        assertThat(acks.lastMsn()).isEqualTo(6);
        assertThat(acks.msnAdvances()).isEqualTo(5);
        assertThat(acks.credits().min()).isEqualTo(4);
    }
}
