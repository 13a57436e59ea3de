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

    /** An AETH of an ACK with unlimited credits, MSN 1. */
    private static byte[] aeth() {
        return ByteBuffer.allocate(4).putInt((0x1F << 24) | 1).array();
    }
}
