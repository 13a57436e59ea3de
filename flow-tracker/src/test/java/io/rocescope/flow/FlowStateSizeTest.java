package io.rocescope.flow;

import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.FrameDecoder;
import org.junit.jupiter.api.Test;
import org.openjdk.jol.info.GraphLayout;

import java.nio.ByteBuffer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bounded state: what the tracker keeps per flow, measured as the bytes its object graph retains
 * (Java Object Layout walks every object it reaches), on honestly built frames: connections of one
 * SEND Only and its ACK each, on QPs of their own, as a capture with a million QPs has them.
 */
class FlowStateSizeTest {
    static {
        // records (TimelineEvent, the reports) have no Unsafe field offsets: JOL then finds them itself
        System.setProperty("jol.magicFieldOffset", "true");
    }

    /**
     * Bytes retained per flow (one direction of a connection, with its half of the connection) while it
     * is in the flow table: 1,411 measured, against about 5 kB when every flow had all its parts from
     * the start (a 256-entry opcode table alone was 2 kB). It was 1,211 before the transport work
     * (messages by PSN span, READ matching, Karn RTT, finding frames) merged in; the 200 bytes that came
     * with it are inline state every flow needs from its first packet: the IPv4 Identification and
     * previous-packet fields that tell copies and reordering from resends and name a timeout's cause
     * (about 70 B in Flow), the copy/reorder counters and frame-set references in PsnTracker (about 50 B),
     * the request→ACK-incl.-retries distribution and RNR fields in AckTracker (about 50 B a flow), and the
     * PSN-span arrays of the message assembler. Its ReadTracker, frame sets and orphan READ messages
     * are made on first use and cost nothing here. The lossless-fabric profile (issue 18) adds about 75 B
     * (1,487 measured): the flow's traffic class and its packets, three ECN counters, the first Not-ECT
     * frame and the first UDP source port inline; its further classes and ports, rate blocks, CNP classes,
     * CE answers, DCQCN episodes and PFC stalls are made on first use (a flow's second packet starts the rate blocks).
     * Connection parameters and endings (issue 19) and the report's capture-integrity counters (issue 14) add
     * about 45 B more with both merged (1,531 measured): the observed-timeout, retry and outstanding-depth fields
     * every flow with requests updates, and the covered-but-unseen PSN count. Issue 11 took 64 B off (1,467 measured):
     * a requester's NAKs-by-code map (an empty TreeMap, 48 B) and its RNR-timer distribution (64 B) are made with the
     * first NAK and RNR NAK (about 56 B a flow, half the flows being requesters), and a flow's throughput series starts
     * with one bucket, not two (8 B). Issue 11's second round took 380 B more off (1,087 measured): a distribution
     * of one value keeps it as its min (48 B, not 96; five per requester), the first opcode and the first throughput
     * bucket sit inline, the open retransmission episode, the PSN tracker's lists and frame runs and the flow's
     * rarely needed parts are each one holder made on first use, outstanding requests and credit changes are flat
     * arrays, and the CNP index by endpoint keeps no key or entry objects. The table is bounded by
     * --max-flows whatever the size; this bound catches a flow's state growing by accident.
     */
    static final long MAX_BYTES_PER_FLOW = 1_100;

    @Test
    void aFlowOfAFewPacketsKeepsAboutAKilobyte() {
        int connections = 1_000;
        FlowTracker empty = tracker(0, TrackerOptions.defaults());
        FlowTracker full = tracker(connections, TrackerOptions.defaults());
        long perFlow = (retained(full) - retained(empty)) / (2L * connections);
        System.out.println("FlowStateSizeTest: " + perFlow + " bytes per flow (" + connections + " connections, 2 flows each)");
        assertThat(full.evicted()).isZero();
        assertThat(full.flowsInTable()).isEqualTo(2 * connections);
        assertThat(perFlow).as("bytes retained per flow").isLessThanOrEqualTo(MAX_BYTES_PER_FLOW);
    }

    @Test
    void theFlowTableKeepsItsBoundAndSaysHowManyWereEvicted() {
        int max = 1_000, connections = 2 * FlowTracker.MAX_CLOSED + 5_000;
        FlowTracker t = tracker(connections, TrackerOptions.defaults().withMaxFlows(max));
        // the table holds max flows; of the evicted connections MAX_CLOSED reports are kept, the rest only counted
        assertThat(t.flowsInTable()).isEqualTo(max);
        assertThat(t.closedReports()).hasSize(FlowTracker.MAX_CLOSED);
        assertThat(t.connections().size()).isLessThanOrEqualTo(2 * max + 1024);
        Reports.Analysis a = t.finish();
        long flows = 2L * connections;
        assertThat(a.summary().evictedFlows()).isEqualTo(flows - max);
        assertThat(a.summary().connections()).isEqualTo(connections);
        assertThat(a.summary().flows()).isEqualTo(flows);
        assertThat(a.connections()).hasSize(FlowTracker.MAX_CLOSED + max / 2);
        assertThat(a.summary().connectionsNotListed()).isEqualTo(connections - FlowTracker.MAX_CLOSED - max / 2);
        assertThat(a.findings()).filteredOn(f -> f.kind().equals("flows.evicted")).singleElement()
            .satisfies(f -> assertThat(f.message()).contains((flows - max) + " flows evicted"));
    }

    private static long retained(FlowTracker t) {
        return GraphLayout.parseInstance(t).totalSize();
    }

    /** {@code n} connections of a SEND Only (A → B, AckReq) and its ACK, each on QPs of its own. */
    static FlowTracker tracker(int n, TrackerOptions options) {
        FlowTracker t = new FlowTracker(options, 18515);
        FrameDecoder d = new FrameDecoder();
        CaptureRecord rec = new CaptureRecord();
        long frame = 0;
        for (int i = 0; i < n; i++) {
            int psn = (i * 7919) & 0xFFFFFF;
            feed(t, d, rec, ++frame, Frames.roce(Frames.A, Frames.B, 0x04, 0x100000 + i, psn, true, new byte[64], 2));
            feed(t, d, rec, ++frame, Frames.roce(Frames.B, Frames.A, 0x11, 0x10 + i, psn, false,
                ByteBuffer.allocate(4).putInt((0x1F << 24) | 1).array(), 0));
        }
        return t;
    }

    /** Frame {@code n}, {@code f} as a pcap record would carry it, 1 us after the one before, into the tracker. */
    static void feed(FlowTracker t, FrameDecoder d, CaptureRecord rec, long n, byte[] f) {
        rec.data = f;
        rec.capturedLength = rec.originalLength = f.length;
        rec.linkType = 1;
        rec.number = n;
        rec.timestampNanos = 1_000_000_000L + n * 1_000;
        t.accept(d.decode(rec));
    }
}
