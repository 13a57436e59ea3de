package io.rocescope.dissector.perftest;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.encode.TcpFrames;
import io.rocescope.dissector.field.LinkTypeNames;
import io.rocescope.dissector.field.PerftestFields;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * perftest's reassembly state stays under its stated bound whatever a capture holds: thousands of
 * distinct TCP streams to port 18515, each leaving partial records, early segments behind a gap, or
 * thousands of one-byte early segments. The bound: at most 1024 directions and
 * {@link PerftestConversations#MAX_BUFFERED} (8 MiB) of waiting bytes, so about 9 MiB in all. Before it,
 * these floods held 1024 directions of up to 1 MiB of early segments each (plus 100 bytes of map per
 * one-byte segment) and 64 KiB of partial record each. Checked by the state's own accounting at every
 * segment and, independently and coarsely, by the heap it keeps reachable.
 */
class PerftestStateBoundTest {
    private static final int DIRECTIONS = 1024, STREAMS = 3000;
    /** 9 MiB as stated, with room for what a heap measurement misses or adds (the JVM's own allocations). */
    private static final long HEAP_BOUND = 24L << 20;

    private interface Flood {
        void stream(PerftestConversations c, String key, int isn);
    }

    private static void flood(Flood flood) {
        long before = retainedHeap();
        PerftestConversations c = new PerftestConversations(DIRECTIONS);
        for (int s = 0; s < STREAMS; s++) {
            flood.stream(c, "10.0.0.1:" + (1024 + s) + ">10.0.0.2:18515", s * 7919);
            assertThat(c.streams()).isLessThanOrEqualTo(DIRECTIONS);
            assertThat(c.bufferedBytes()).isBetween(0L, PerftestConversations.MAX_BUFFERED);
        }
        long held = retainedHeap() - before;
        assertThat(held).as("heap kept by the reassembly state").isLessThan(HEAP_BOUND);
        assertThat(c.streams()).isPositive();   // still reachable here, so the measurement counted it
    }

    private static long retainedHeap() {
        for (int i = 0; i < 3; i++) System.gc();
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    @Test
    void earlySegmentsBehindAGap() {
        byte[] seg = new byte[16 << 10];
        Arrays.fill(seg, (byte) 'x');
        flood((c, key, isn) -> {
            c.segment(key, isn, true, false, seg, 0, 0);
            for (int i = 0; i < 40; i++) c.segment(key, isn + 1 + 1000 + i * seg.length, false, false, seg, 0, seg.length);
        });
    }

    @Test
    void oneByteEarlySegments() {
        byte[] one = {'0'};
        flood((c, key, isn) -> {
            c.segment(key, isn, true, false, one, 0, 0);
            for (int i = 0; i < 2000; i++) c.segment(key, isn + 3 + 2 * i, false, false, one, 0, 1);   // every other byte: all early
        });
    }

    @Test
    void partialRecordsThatNeverEnd() {
        byte[] junk = new byte[4000];
        Arrays.fill(junk, (byte) 'z');   // no key message starts: the parser waits for one
        flood((c, key, isn) -> {
            c.segment(key, isn, true, false, junk, 0, 0);
            for (int i = 0; i < 15; i++) c.segment(key, isn + 1 + i * junk.length, false, false, junk, 0, junk.length);
        });
    }

    /** After a flood of half-open streams, a real exchange (send_bw_rc's) still decodes every key message. */
    @Test
    void aRealExchangeStillDecodesAfterAFlood() {
        List<TestCaptures.RawFrame> real = TestCaptures.records(TestCaptures.file("send_bw_rc"));
        long alone = keys(new FrameDecoder(), real);
        // an independent count: key messages' text in the frames' bytes (each is in one segment in this capture)
        java.util.regex.Pattern key = java.util.regex.Pattern.compile("[0-9a-f]{4}:[0-9a-f]{4}:[0-9a-f]{6}:[0-9a-f]{6}:[0-9a-f]{8}:");
        long inBytes = real.stream().mapToLong(f -> key.matcher(new String(f.data(), java.nio.charset.StandardCharsets.ISO_8859_1))
            .results().count()).sum();
        assertThat(alone).isEqualTo(inBytes).isPositive();
        FrameDecoder decoder = new FrameDecoder();
        Net net = new Net(new byte[] {2, 0, 10, 0, 0, 3}, new byte[] {2, 0, 10, 0, 0, 2}, new byte[] {10, 0, 0, 3},
            new byte[] {10, 0, 0, 2}, -1, 0, 0, 0);
        List<TestCaptures.RawFrame> flood = new ArrayList<>();
        byte[] partial = "0000:0000:0000".getBytes();   // a key message's start, never finished
        for (int s = 0; s < STREAMS; s++) {
            flood.add(new TestCaptures.RawFrame(0, TcpFrames.segment(net, 1024 + s, 18515, 100, 1, TcpFrames.ACK | TcpFrames.PSH, partial), 0, 1));
        }
        keys(decoder, flood);
        assertThat(keys(decoder, real)).isEqualTo(alone);
    }

    private static long keys(FrameDecoder decoder, List<TestCaptures.RawFrame> frames) {
        CaptureRecord rec = new CaptureRecord();
        long keys = 0, n = 0;
        for (TestCaptures.RawFrame f : frames) {
            rec.data = f.data();
            rec.capturedLength = f.data().length;
            rec.originalLength = Math.max(f.originalLength(), f.data().length);
            rec.number = ++n;
            rec.linkType = LinkTypeNames.ETHERNET;
            DecodedFrame d = decoder.decode(rec);
            for (int i = d.find(PerftestFields.KEY_QPN); i >= 0; i = d.findNext(PerftestFields.KEY_QPN, i)) keys++;
        }
        return keys;
    }
}
