package io.rocescope.flow;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.CmFields;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.text.Addresses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * RTT by Karn's rule, against an independent walk of the capture: every request with AckReq on its
 * first transmission waits for the first ACK (or PSN Sequence Error NAK, which acknowledges the PSNs
 * before it) that covers it; a sample is an RTT only if that PSN was sent exactly once and not as a late
 * fill (a PSN below one already sent: its first transmission may have been lost before the capture).
 */
class KarnRttTest {

    record Walk(List<Long> rtt, List<Long> all) {}

    static Walk walk(String name) {
        List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file(name));
        Map<Integer, Integer> sends = new HashMap<>();
        Set<Integer> late = new HashSet<>();
        int highest = -1;
        for (DecodedFrame f : frames) {
            if (!request(f)) continue;
            int psn = (int) f.get(Fields.BTH_PSN, -1);
            sends.merge(psn, 1, Integer::sum);
            if (highest >= 0 && Psn.diff(psn, highest) < 0 && sends.get(psn) == 1) late.add(psn);
            if (highest < 0 || Psn.diff(psn, highest) > 0) highest = psn;
        }
        List<long[]> waiting = new ArrayList<>();   // psn, ts
        Set<Integer> seen = new HashSet<>();
        List<Long> rtt = new ArrayList<>(), all = new ArrayList<>();
        for (DecodedFrame f : frames) {
            if (request(f)) {
                int psn = (int) f.get(Fields.BTH_PSN, -1);
                if (seen.add(psn) && f.get(Fields.BTH_A, 0) == 1) waiting.add(new long[] {psn, f.timestampNanos()});
            } else if (f.isRoce() && !f.has(CmFields.MAD) && f.get(Fields.BTH_OPCODE, -1) == 0x11) {
                int syndrome = (int) f.get(Fields.AETH_SYNDROME, -1), psn = (int) f.get(Fields.BTH_PSN, -1);
                int upTo;
                if ((syndrome >> 5) == 0) upTo = psn;
                else if (syndrome == 0x60) upTo = Psn.add(psn, -1);
                else continue;
                for (var it = waiting.iterator(); it.hasNext(); ) {
                    long[] w = it.next();
                    if (Psn.diff(upTo, (int) w[0]) < 0) continue;
                    long nanos = f.timestampNanos() - w[1];
                    all.add(nanos);
                    if (sends.get((int) w[0]) == 1 && !late.contains((int) w[0])) rtt.add(nanos);
                    it.remove();
                }
            }
        }
        return new Walk(rtt, all);
    }

    private static boolean request(DecodedFrame f) {
        return f.isRoce() && !f.has(CmFields.MAD) && Addresses.source(f).equals("10.0.0.1") && f.get(Fields.BTH_OPCODE, -1) <= 0x0B;
    }

    private static void sameAs(Reports.DistReport d, List<Long> nanos, String what) {
        assertThat(d.count()).as(what + " count").isEqualTo(nanos.size());
        if (nanos.isEmpty()) return;
        List<Long> micros = nanos.stream().map(n -> n / 1000).sorted().toList();
        assertThat(d.min()).as(what + " min").isEqualTo(micros.get(0));
        assertThat(d.max()).as(what + " max").isEqualTo(micros.get(micros.size() - 1));
        assertThat(d.median()).as(what + " median").isEqualTo(micros.get((int) Math.ceil(micros.size() / 2.0) - 1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_loss2pct", "send_bw_corrupt1pct", "rnr_nak", "send_bw_rc", "write_bw_rc"})
    void rttIsFromRequestsSentOnceAndRetriesAreCountedApart(String name) {
        Walk w = walk(name);
        Reports.AckReport k = Track.capture(name).connections().stream().map(Reports.ConnectionReport::aToB)
            .filter(f -> f != null && f.src().equals("10.0.0.1") && f.psn().requests() > 0).findFirst().orElseThrow().answers();
        sameAs(k.rttMicros(), w.rtt(), name + " RTT (Karn)");
        sameAs(k.requestToAckIncludingRetriesMicros(), w.all(), name + " request → ACK incl. retries");
        assertThat(k.timings()).containsKeys("rttMicros", "requestToAckIncludingRetriesMicros");
    }

    @Test
    void underLossTheRttIsTheLinksAndRetriesAreNamedApart() {
        // every request of rnr_nak was RNR-NAKed and resent: no RTT sample at all, only the waits
        Reports.AckReport rnr = Track.capture("rnr_nak").connections().get(0).aToB().answers();
        assertThat(rnr.rttMicros().count()).isZero();
        assertThat(rnr.requestToAckIncludingRetriesMicros().count()).isEqualTo(3);
        // with 2 % loss the few requests sent once answer as fast as on the clean capture; those retried take ms
        Reports.AckReport loss = Track.capture("send_bw_loss2pct").connections().get(0).aToB().answers();
        Reports.AckReport clean = Track.capture("send_bw_rc").connections().get(0).aToB().answers();
        assertThat(loss.rttMicros().median()).isLessThan(10 * clean.rttMicros().median());
        assertThat(loss.requestToAckIncludingRetriesMicros().median()).isGreaterThan(1000);
    }
}
