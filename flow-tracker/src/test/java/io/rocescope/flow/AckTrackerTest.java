package io.rocescope.flow;

import io.rocescope.dissector.field.InfinibandNames;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The responder's answers to one requester: ACK coalescing, credits, NAK and RNR NAK accounting, and Karn's
 * rule for RTT. Syndromes are built from the AETH layout (IBTA: bits 6-5 the type, bits 4-0 the value).
 */
class AckTrackerTest {
    private static int ack(int creditCode) { return (InfinibandNames.AETH_ACK << 5) | creditCode; }
    private static int rnr(int timerCode) { return (InfinibandNames.AETH_RNR_NAK << 5) | timerCode; }
    private static int nak(int code) { return (InfinibandNames.AETH_NAK << 5) | code; }

    @Test
    void coalescedAcksCountThePsnsEachCovers() {
        AckTracker t = new AckTracker();
        t.onAck(0xFFFFF0, ack(31), 1, 1, 100);   // the first ACK counts as covering one
        t.onAck(0xFFFFF4, ack(31), 2, 2, 200);   // covers 4
        t.onAck(0xFFFFF4, ack(31), 2, 3, 300);   // a repeat covers nothing new and is no sample
        t.onAck(0xFFFFF2, ack(31), 2, 4, 350);   // an older ACK (reordered) is no sample either
        t.onAck(0xFFFFFF, ack(31), 3, 5, 400);   // covers 11
        t.onAck(2, ack(31), 4, 6, 500);          // across the wrap: 0, 1, 2
        assertThat(t.acks).isEqualTo(6);
        assertThat(t.coalescing.count()).isEqualTo(4);
        assertThat(t.coalescing.min()).isEqualTo(1);
        assertThat(t.coalescing.max()).isEqualTo(11);
        assertThat(t.coalescing.mean()).isEqualTo((1 + 4 + 11 + 3) / 4.0);
        assertThat(t.msnAdvances).isEqualTo(3);
    }

    @Test
    void creditsAreDecodedAndOnlyTheirChangesRecorded() {
        AckTracker t = new AckTracker();
        t.onAck(1, ack(5), 1, 1, 10);
        t.onAck(2, ack(5), 2, 2, 20);
        t.onAck(3, ack(10), 3, 3, 30);
        t.onAck(4, ack(31), 4, 4, 40);
        assertThat(t.credits.count()).isEqualTo(3);
        assertThat(t.credits.min()).isEqualTo(6);     // code 5: 6 WQEs (IBTA credit table)
        assertThat(t.credits.max()).isEqualTo(32);    // code 10: 32
        assertThat(t.unlimitedCredits).isEqualTo(1);
        assertThat(t.creditChanges()).extracting(c -> c[2]).containsExactly(6L, 32L, -1L);
        assertThat(t.creditChanges()).extracting(c -> c[0]).containsExactly(1L, 3L, 4L);
    }

    @Test
    void naksAreCountedByNameAndTheFirstOneIsTheCause() {
        AckTracker t = new AckTracker();
        assertThat(t.onAck(7, nak(0), 1, 10, 100)).isEqualTo("NAK PSN Sequence Error");
        assertThat(t.onAck(7, nak(2), 1, 11, 110)).isEqualTo("NAK Remote Access Error");
        assertThat(t.naks).isEqualTo(2);
        assertThat(t.naksByCode).isEqualTo(Map.of("PSN Sequence Error", 1L, "Remote Access Error", 1L));
        assertThat(t.lastNakFrame).isEqualTo(10);
        assertThat(t.lastNakKind).isEqualTo("nak.psn_sequence_error");
        t.onAck(8, ack(31), 2, 12, 120);   // an ACK that moves on clears the cause
        assertThat(t.lastNakText).isNull();
    }

    @Test
    void rnrNaksKeepTheirTimerUntilAnAckPassesThem() {
        AckTracker t = new AckTracker();
        assertThat(t.onAck(20, rnr(14), 5, 30, 300)).startsWith("RNR NAK (timer ");
        assertThat(t.rnrNaks).isEqualTo(1);
        assertThat(t.rnrTimerMicros().max()).isEqualTo(InfinibandNames.rnrTimerMicros(14));
        assertThat(t.rnrFrame).isEqualTo(30);
        t.onAck(19, ack(31), 5, 31, 310);
        assertThat(t.rnrFrame).as("an ACK short of the RNR-NAKed PSN").isEqualTo(30);
        t.onAck(20, ack(31), 6, 32, 320);
        assertThat(t.rnrFrame).isEqualTo(-1);
    }

    @Test
    void karnsRuleKeepsRetransmittedRequestsOutOfTheRtt() {
        AckTracker t = new AckTracker();
        t.onRequest(1, 1, 1_000, true, false, false);
        t.onRequest(2, 2, 2_000, true, false, false);
        t.onRetransmission(2);
        t.onAck(2, ack(31), 1, 3, 10_000);   // cumulative: answers both
        assertThat(t.completionNanos.count()).isEqualTo(2);
        assertThat(t.rttNanos.count()).isEqualTo(1);
        assertThat(t.rttNanos.max()).isEqualTo(9_000);
        assertThat(t.completionNanos.max()).isEqualTo(9_000);
        assertThat(t.completionNanos.min()).isEqualTo(8_000);
    }

    @Test
    void aSequenceErrorNakAnswersEverythingBeforeThePsnItExpects() {
        AckTracker t = new AckTracker();
        t.onRequest(5, 1, 0, true, false, false);
        t.onRequest(6, 2, 0, true, false, false);
        t.onAck(6, nak(0), 1, 3, 500);   // expects 6: 5 arrived
        assertThat(t.completionNanos.count()).isEqualTo(1);
    }

    @Test
    void atomicsAreAnsweredByTheirOwnPsnOnly() {
        AckTracker t = new AckTracker();
        t.onRequest(9, 1, 100, false, true, false);
        t.onAck(9, ack(31), 1, 2, 200);     // a plain ACK does not answer an atomic
        assertThat(t.atomicsAnswered).isZero();
        t.onAtomicAck(9, 300);
        assertThat(t.atomicsAnswered).isEqualTo(1);
        assertThat(t.rttNanos.max()).isEqualTo(200);
    }
}
