package io.rocescope.flow;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Messages are PSN spans, whatever the loss, the copies and the order: on perftest's captures (with
 * loss and corruption, and the clean ones with their packets copied, swapped or dropped here) the
 * count and the size of the messages are what perftest printed (its message size, its iterations).
 */
class MessagesByPsnSpanTest {

    private static Reports.MessagesReport requests(Reports.Analysis a) {
        return a.connections().get(0).aToB().messages();
    }

    private static Reports.MessagesReport readResponses(Reports.Analysis a) {
        return a.connections().get(0).bToA().readResponseMessages();
    }

    private static void everyMessageIsPerftests(Reports.MessagesReport m, Perftest.Printed p, String what) {
        assertThat(m.count()).as(what + ": messages").isEqualTo(p.iterations());
        assertThat(m.incomplete()).as(what + ": incomplete").isZero();
        assertThat(m.sizeBytes().min()).as(what + ": smallest").isEqualTo(p.bytes());
        assertThat(m.sizeBytes().max()).as(what + ": largest").isEqualTo(p.bytes());
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_loss2pct", "send_bw_corrupt1pct", "send_bw_rc", "write_bw_rc"})
    void lossyAndCleanCapturesHavePerftestsMessages(String name) {
        everyMessageIsPerftests(requests(Track.capture(name)), Perftest.printed(name), name);
    }

    @Test
    void readResponsesAreOneMessagePerRead() {
        Reports.Analysis a = Track.capture("read_bw_rc");
        everyMessageIsPerftests(readResponses(a), Perftest.printed("read_bw_rc"), "read_bw_rc");
        assertThat(a.connections().get(0).aToB().answers().readsAnswered()).isEqualTo(Perftest.printed("read_bw_rc").iterations());
    }

    /**
     * Copies of every 5th data packet right after it, and every 7th data packet swapped with the next
     * frame when that is a data packet too (a response never overtakes its request).
     */
    private static List<byte[]> copiedAndSwapped(List<Perftest.Frame> frames, boolean requests) {
        List<Perftest.Frame> out = new ArrayList<>(frames);
        List<Integer> data = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) if (isData(out.get(i), requests)) data.add(i);
        for (int k = 0; k + 1 < data.size(); k += 7) {
            int i = data.get(k), j = data.get(k + 1);
            if (j != i + 1) continue;
            Perftest.Frame t = out.get(i);
            out.set(i, out.get(j));
            out.set(j, t);
        }
        List<Perftest.Frame> copied = new ArrayList<>();
        int n = 0;
        for (Perftest.Frame f : out) {
            copied.add(f);
            if (isData(f, requests) && n++ % 5 == 0) copied.add(f);
        }
        return Perftest.bytes(copied);
    }

    private static boolean isData(Perftest.Frame f, boolean requests) {
        if (!f.roce()) return false;
        int op = f.opcode() & 0x1F;
        return requests ? f.src().equals("10.0.0.1") && op <= 0x0B : f.src().equals("10.0.0.2") && op >= 0x0D && op <= 0x10;
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_rc", "write_bw_rc", "send_bw_loss2pct"})
    void copiesAndReorderingChangeNoMessage(String name) {
        List<byte[]> frames = copiedAndSwapped(Perftest.frames(TestCaptures.file(name)), true);
        Reports.Analysis a = Track.frames(frames);
        everyMessageIsPerftests(requests(a), Perftest.printed(name), name + " copied and swapped");
        assertThat(a.connections().get(0).aToB().psn().outOfOrder()).as("the swaps reordered packets").isPositive();
    }

    @Test
    void copiedAndReorderedReadResponsesChangeNoRead() {
        List<byte[]> frames = copiedAndSwapped(Perftest.frames(TestCaptures.file("read_bw_rc")), false);
        Reports.Analysis a = Track.frames(frames);
        everyMessageIsPerftests(readResponses(a), Perftest.printed("read_bw_rc"), "read_bw_rc copied and swapped");
        assertThat(a.findingCounts()).doesNotContainKey("read.no_response");
    }

    @Test
    void aPacketNeverResentLeavesExactlyItsMessageIncomplete() {
        Perftest.Printed p = Perftest.printed("write_bw_rc");
        for (int drop : new int[] {0x06, 0x07, 0x08}) {   // a First, a Middle, a Last
            List<Perftest.Frame> frames = new ArrayList<>(Perftest.frames(TestCaptures.file("write_bw_rc")));
            int seen = 0;
            for (int i = 0; i < frames.size(); i++) {
                if (isData(frames.get(i), true) && frames.get(i).opcode() == drop && ++seen == 7) { frames.remove(i); break; }
            }
            Reports.MessagesReport m = requests(Track.frames(Perftest.bytes(frames)));
            assertThat(m.count()).as("opcode %d dropped", drop).isEqualTo(p.iterations() - 1);
            assertThat(m.incomplete()).as("opcode %d dropped", drop).isEqualTo(1);
            assertThat(m.sizeBytes().min()).isEqualTo(p.bytes());
        }
    }

    @Test
    void aReadReissuedForItsRemainingPartAfterALossIsOneMessage() {
        List<byte[]> frames = new ArrayList<>();
        frames.add(Frames.readRequest(100, 0x1000, 0x55, 4096));    // 4 PSNs at MTU 1024
        frames.add(Frames.readResponse(0x0D, 100, 1024));
        frames.add(Frames.readResponse(0x0E, 101, 1024));
        // 102 lost on the way back; 103 arrives, the requester re-issues a READ for the last 2048 bytes
        frames.add(Frames.readResponse(0x0F, 103, 1024));
        frames.add(Frames.readRequest(102, 0x1800, 0x55, 2048));
        frames.add(Frames.readResponse(0x0D, 102, 1024));
        frames.add(Frames.readResponse(0x0F, 103, 1024));
        frames.add(Frames.readRequest(104, 0x2000, 0x55, 100));     // the next READ: 1 PSN
        frames.add(Frames.readResponse(0x10, 104, 100));
        Reports.Analysis a = Track.frames(frames);
        Reports.ConnectionReport c = a.connections().get(0);
        assertThat(c.mtu()).isEqualTo(1024);
        Reports.MessagesReport m = c.bToA().readResponseMessages();
        assertThat(m.count()).isEqualTo(2);
        assertThat(m.incomplete()).isZero();
        assertThat(m.sizeBytes().max()).isEqualTo(4096);
        assertThat(m.sizeBytes().min()).isEqualTo(100);
        Reports.AckReport k = c.aToB().answers();
        assertThat(k.readsAnswered()).isEqualTo(2);
        assertThat(k.readsWithoutResponse()).isZero();
        // Karn: the re-issued READ measures no round trip; both count "including retries"
        assertThat(k.rttMicros().count()).isEqualTo(1);
        assertThat(k.requestToAckIncludingRetriesMicros().count()).isEqualTo(2);
        assertThat(c.aToB().psn().gaps()).as("the re-issue is no gap").isZero();
        assertThat(c.aToB().psn().duplicates()).as("the re-issue repeats a PSN of the READ").isEqualTo(1);
        assertThat(a.findingCounts()).doesNotContainKey("read.no_response");
    }

    @Test
    void reorderedSendsAtTheStartOfAMessageAndPaddedPayloadCountOnce() {
        // SEND First 10 (1024), Middle 11, Last 12 with 3 bytes of pad: Last and Middle swapped, Middle twice
        List<byte[]> frames = new ArrayList<>();
        frames.add(Frames.roce(Frames.A, Frames.B, 0x00, 0x11, 10, false, new byte[1024], 2));
        frames.add(Frames.roce(Frames.A, Frames.B, 0x02, 0x11, 12, true, new byte[501], 2));
        frames.add(Frames.roce(Frames.A, Frames.B, 0x01, 0x11, 11, false, new byte[1024], 2));
        frames.add(Frames.roce(Frames.A, Frames.B, 0x01, 0x11, 11, false, new byte[1024], 2));
        frames.add(Frames.roce(Frames.A, Frames.B, 0x04, 0x11, 13, true, new byte[64], 2));
        Reports.MessagesReport m = requests(Track.frames(frames));
        assertThat(m.count()).isEqualTo(2);
        assertThat(m.incomplete()).isZero();
        assertThat(m.sizeBytes().max()).isEqualTo(1024 + 1024 + 501);
        assertThat(m.sizeBytes().min()).isEqualTo(64);
    }
}
