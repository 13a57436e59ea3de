package io.rocescope.flow;

import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.FrameDecoder;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Pairing a capture's connections by their responses (no set-up seen) looks at the connections waiting
 * between the same two hosts, however many connections of other hosts began in between: a capture of many
 * hosts no longer loses the pair once 256 other connections started. Frames are built the way the decoder
 * reads them (Frames), the expected counts follow from how the test builds them.
 */
class PairingByResponsesTest {
    private static final int OTHERS = 300;

    @Test
    void anAckFindsItsRequestPastHundredsOfOtherHostsConnections() {
        FlowTracker t = new FlowTracker(TrackerOptions.defaults(), 18515);
        FrameDecoder d = new FrameDecoder();
        CaptureRecord rec = new CaptureRecord();
        long frame = 0;
        // A → B: a SEND Only to QP 0x000100 whose ACK comes only at the end
        FlowStateSizeTest.feed(t, d, rec, ++frame, Frames.roce(Frames.A, Frames.B, 0x04, 0x100, 5, true, new byte[64], 2));
        // OTHERS connections between other hosts, each a SEND Only and its ACK
        for (int i = 0; i < OTHERS; i++) {
            int src = 0x0A010000 + i, dst = 0x0A020000 + i;
            FlowStateSizeTest.feed(t, d, rec, ++frame, Frames.roce(src, dst, 0x04, 0x200 + i, 7, true, new byte[64], 2));
            FlowStateSizeTest.feed(t, d, rec, ++frame, Frames.roce(dst, src, 0x11, 0x400 + i, 7, false, aeth(), 0));
        }
        // B → A: the ACK of PSN 5, to the requester's QP 0x000011
        FlowStateSizeTest.feed(t, d, rec, ++frame, Frames.roce(Frames.B, Frames.A, 0x11, 0x11, 5, false, aeth(), 0));
        Reports.Analysis a = t.finish();

        assertThat(a.summary().connections()).isEqualTo(OTHERS + 1);
        Reports.ConnectionReport first = a.connections().get(0);
        assertThat(first.pairedBy()).isEqualTo("responses");
        assertThat(first.a().qpn()).isEqualTo(0x11);
        assertThat(first.b().qpn()).isEqualTo(0x100);
        assertThat(first.aToB().packets()).isEqualTo(1);
        assertThat(first.bToA().packets()).isEqualTo(1);
        assertThat(a.connections()).allSatisfy(c -> assertThat(c.pairedBy()).isEqualTo("responses"));
    }

    /**
     * The index keeps at most {@link PairingCandidates#MAX_PER_HOSTS} waiting connections between two hosts:
     * past that, the oldest gives way. MAX_PER_HOSTS + 1 SEND Onlys A → B on QPs of their own, each with a
     * PSN of its own and no ACK yet; then the ACKs come back B → A. The ACK of the first request finds no
     * connection to complete (it starts one of its own, unpaired), the ACKs of all the others pair theirs.
     */
    @Test
    void theOldestWaitingConnectionGivesWayPastTheBoundPerHostPair() {
        int n = PairingCandidates.MAX_PER_HOSTS + 1;
        FlowTracker t = new FlowTracker(TrackerOptions.defaults(), 18515);
        FrameDecoder d = new FrameDecoder();
        CaptureRecord rec = new CaptureRecord();
        long frame = 0;
        for (int i = 0; i < n; i++) {
            FlowStateSizeTest.feed(t, d, rec, ++frame, Frames.roce(Frames.A, Frames.B, 0x04, 0x1000 + i, psn(i), true, new byte[64], 2));
        }
        for (int i = 0; i < n; i++) {
            FlowStateSizeTest.feed(t, d, rec, ++frame, Frames.roce(Frames.B, Frames.A, 0x11, 0x2000 + i, psn(i), false, aeth(), 0));
        }
        Reports.Analysis a = t.finish();

        // n requesters' connections, and the first ACK's flow on a connection of its own
        assertThat(a.summary().connections()).isEqualTo(n + 1);
        Reports.ConnectionReport oldest = a.connections().get(0);
        assertThat(oldest.b().qpn()).isEqualTo(0x1000);
        assertThat(oldest.pairedBy()).isEqualTo("unpaired");
        assertThat(oldest.bToA()).isNull();
        Reports.ConnectionReport orphanAck = a.connections().get(n);
        assertThat(orphanAck.pairedBy()).isEqualTo("unpaired");
        assertThat(orphanAck.aToB().destQp()).isEqualTo(0x2000);
        assertThat(orphanAck.aToB().src()).isEqualTo("10.0.0.2");
        for (int i = 1; i < n; i++) {
            Reports.ConnectionReport c = a.connections().get(i);
            assertThat(c.pairedBy()).as("connection %d", i + 1).isEqualTo("responses");
            assertThat(c.b().qpn()).isEqualTo(0x1000 + i);
            assertThat(c.a().qpn()).isEqualTo(0x2000 + i);
            assertThat(c.bToA().packets()).isEqualTo(1);
        }
    }

    /** PSNs far apart: an ACK covers the PSN of its own request only. */
    private static int psn(int i) {
        return 1000 + i * 1000;
    }

    /** An AETH of an ACK with unlimited credits, MSN 1. */
    private static byte[] aeth() {
        return ByteBuffer.allocate(4).putInt((0x1F << 24) | 1).array();
    }
}
