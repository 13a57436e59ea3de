package io.rocescope.flow;

import io.rocescope.dissector.decode.Expert.Severity;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.CmFields;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.text.Addresses;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Findings point where things happen: their first frame is the first event's, their ranges name runs
 * of the flow's packets that all show it, in time order, and consequences name their cause. Expected
 * frames come from decoding the capture here.
 */
class FindingFramesTest {

    /** The frame numbers of one flow's packets (src → dst, DestQP), in order. */
    private static List<Long> flowPackets(List<DecodedFrame> frames, String src, int destQp) {
        List<Long> out = new ArrayList<>();
        for (DecodedFrame f : frames) {
            if (f.isRoce() && !f.has(CmFields.MAD) && Addresses.source(f).equals(src) && f.ib().destQp() == destQp
                && f.ib().opcode() != 0x81) out.add(f.number());
        }
        return out;
    }

    /** The flow packets the ranges name: each range is every packet of the flow from its first to its last frame. */
    private static Set<Long> expand(Finding f, List<Long> packets) {
        Set<Long> out = new TreeSet<>();
        long previousEnd = -1;
        for (Finding.FrameRange r : f.frameRanges()) {
            assertThat(r.first()).as(f.kind() + " ranges in time order").isGreaterThan(previousEnd);
            assertThat(r.last()).isGreaterThanOrEqualTo(r.first());
            previousEnd = r.last();
            for (long p : packets) if (p >= r.first() && p <= r.last()) out.add(p);
        }
        return out;
    }

    private static Finding only(Reports.Analysis a, String kind) {
        List<Finding> l = a.findings().stream().filter(f -> f.kind().equals(kind)).toList();
        assertThat(l).as(kind).hasSize(1);
        return l.get(0);
    }

    @Test
    void ceMarksAndCnpsPointAtTheirOwnFramesAndCnpsAtTheMarksThatCausedThem() {
        Path file = LabCapturesTest.sample("synth_congestion.pcap");
        List<DecodedFrame> frames = TestCaptures.decode(file);
        Set<Long> ce = new TreeSet<>(), cnp = new TreeSet<>();
        String sender = null;
        int destQp = -1;
        for (DecodedFrame f : frames) {
            if (!f.isRoce() || f.has(CmFields.MAD)) continue;
            if (f.ib().opcode() == 0x81) cnp.add(f.number());
            else if (f.ecn() == 3) {
                ce.add(f.number());
                sender = Addresses.source(f);
                destQp = f.ib().destQp();
            }
        }
        assertThat(ce).isNotEmpty();
        Reports.Analysis a = LabCapturesTest.track("synth_congestion");
        Finding ecn = only(a, "ecn.ce");
        assertThat(ecn.firstFrame()).isEqualTo(ce.iterator().next());
        assertThat(expand(ecn, flowPackets(frames, sender, destQp))).isEqualTo(ce);
        Finding c = only(a, "cnp");
        assertThat(c.firstFrame()).isEqualTo(cnp.iterator().next());
        assertThat(c.frames()).isSorted().isSubsetOf(cnp);
        assertThat(c.causedBy()).isEqualTo(new Finding.Cause(ce.iterator().next(), "ecn.ce"));
    }

    @Test
    void duplicatesPointAtTheRepeatedPacketsInTimeOrder() {
        List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file("send_bw_loss2pct"));
        Set<Integer> seen = new HashSet<>();
        Set<Long> repeats = new TreeSet<>(), wentBack = new TreeSet<>();
        int highest = -1;
        for (DecodedFrame f : frames) {
            if (!f.isRoce() || f.has(CmFields.MAD) || !Addresses.source(f).equals("10.0.0.1") || f.ib().opcode() > 0x0B) continue;
            int psn = f.ib().psn();
            if (!seen.add(psn)) repeats.add(f.number());
            if (highest >= 0 && Psn.diff(psn, highest) <= 0) wentBack.add(f.number());   // resent (nothing is reordered here)
            if (highest < 0 || Psn.diff(psn, highest) > 0) highest = psn;
        }
        Reports.Analysis a = Track.capture("send_bw_loss2pct");
        Finding dup = only(a, "psn.duplicate");
        assertThat(dup.firstFrame()).isEqualTo(repeats.iterator().next());
        assertThat(dup.count()).isEqualTo(repeats.size());
        Set<Long> named = expand(dup, flowPackets(frames, "10.0.0.1", 0x11));
        assertThat(repeats).containsAll(named);
        assertThat(dup.moreFrames()).isTrue();   // 2355 repeats in more runs than are listed
        // the retransmissions: each names the NAK or timeout it answers, before it
        for (Finding r : a.findings().stream().filter(f -> f.kind().equals("retransmission")).toList()) {
            assertThat(r.causedBy()).as(r.message()).isNotNull();
            assertThat(r.causedBy().kind()).isIn("nak.psn_sequence_error", "timeout");
            assertThat(r.causedBy().frame()).isLessThan(r.firstFrame());
            assertThat(wentBack).as("resent packets").containsAll(expand(r, flowPackets(frames, "10.0.0.1", 0x11)));
        }
    }

    @Test
    void sequenceErrorNaksAfterAnRnrNakAreItsConsequenceNotALoss() {
        List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file("rnr_nak"));
        List<long[]> rnrThenSeq = new ArrayList<>();   // {sequence error NAK frame, the RNR NAK before it}
        long lastRnr = -1;
        for (DecodedFrame f : frames) {
            if (!f.isRoce() || f.has(CmFields.MAD) || f.ib().opcode() != 0x11) continue;
            int syndrome = (int) f.get(Fields.AETH_SYNDROME, -1);
            if ((syndrome >> 5) == 1) lastRnr = f.number();
            if (syndrome == 0x60 && lastRnr >= 0) rnrThenSeq.add(new long[] {f.number(), lastRnr});
            if ((syndrome >> 5) == 0) lastRnr = -1;
        }
        assertThat(rnrThenSeq).isNotEmpty();
        Reports.Analysis a = Track.capture("rnr_nak");
        List<Finding> seq = a.findings().stream().filter(f -> f.kind().equals("nak.psn_sequence_error")).toList();
        assertThat(seq).hasSize(rnrThenSeq.size());
        for (int i = 0; i < seq.size(); i++) {
            Finding f = seq.get(i);
            assertThat(f.firstFrame()).isEqualTo(rnrThenSeq.get(i)[0]);
            assertThat(f.causedBy()).isEqualTo(new Finding.Cause(rnrThenSeq.get(i)[1], "rnr_nak"));
            assertThat(f.severity()).isEqualTo(Severity.NOTE);
            assertThat(f.message()).doesNotContain("was lost").contains("RNR");
        }
        for (Finding r : a.findings().stream().filter(f -> f.kind().equals("retransmission")).toList()) {
            assertThat(r.causedBy().kind()).isEqualTo("rnr_nak");
        }
    }

    @Test
    void aNakAfterALossNamesTheGapAndAfterCorruptionTheBadPacket() {
        Reports.Analysis loss = Track.capture("send_bw_loss2pct");
        Finding first = loss.findings().stream().filter(f -> f.kind().equals("nak.psn_sequence_error")).findFirst().orElseThrow();
        Finding gap = loss.findings().stream().filter(f -> f.kind().equals("psn.gap")).findFirst().orElseThrow();
        assertThat(first.causedBy()).isEqualTo(new Finding.Cause(gap.firstFrame(), "psn.gap"));
        Reports.Analysis corrupt = Track.capture("send_bw_corrupt1pct");
        Set<Long> bad = new HashSet<>();
        corrupt.findings().stream().filter(f -> f.kind().equals("icrc.bad")).forEach(f -> bad.add(f.firstFrame()));
        List<Finding> naks = corrupt.findings().stream().filter(f -> f.kind().equals("nak.psn_sequence_error")).toList();
        assertThat(naks).anyMatch(f -> f.causedBy() != null);
        for (Finding n : naks) {
            if (n.causedBy() == null) continue;
            assertThat(n.causedBy().kind()).isEqualTo("icrc.bad");
            assertThat(bad).contains(n.causedBy().frame());
        }
    }
}
