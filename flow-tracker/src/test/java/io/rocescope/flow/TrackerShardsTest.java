package io.rocescope.flow;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.FrameDecoder;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Tracking on several threads ({@link TrackerShards}) ends with exactly the results of one tracker, field by
 * field, on every real capture (the shared ones and the project's samples), also when the flow table is so small
 * that connections are evicted and reported mid-capture; and where the shards cannot keep that promise (the
 * event budget runs out between two syncs), they say so instead of giving other results.
 */
class TrackerShardsTest {
    @TestFactory
    Stream<DynamicTest> shardsEndAsOneTracker() {
        return captures().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> {
            Reports.Analysis one = track(p, TrackerOptions.defaults(), EventBudget.DEFAULT);
            for (int shards : new int[] {2, 3, 5}) {
                Reports.Analysis more = track(p, TrackerOptions.defaults().withShards(shards), EventBudget.DEFAULT);
                assertThat(more).as("%d shards", shards).usingRecursiveComparison().isEqualTo(one);
            }
        }));
    }

    @Test
    void evictionsMidCaptureAreTheOneTrackersToo() {
        Path p = TestCaptures.sample("synth_many_qps");
        TrackerOptions small = TrackerOptions.defaults().withMaxFlows(4);
        Reports.Analysis one = track(p, small, EventBudget.DEFAULT);
        assertThat(one.summary().evictedFlows()).as("the table is too small for the capture").isPositive();
        assertThat(track(p, small.withShards(3), EventBudget.DEFAULT)).usingRecursiveComparison().isEqualTo(one);
    }

    /** One connection's shard that uses up the event budget refuses what one budget would: the same results. */
    @Test
    void aBudgetOneShardUsesUpEndsAsOneTrackers() {
        Path p = TestCaptures.file("send_bw_loss2pct");
        Reports.Analysis one = track(p, TrackerOptions.defaults(), 3);   // one tracker: the logs keep 3 events, count the rest
        assertThat(one.connections()).hasSize(1);
        assertThat(track(p, TrackerOptions.defaults().withShards(3), 3)).usingRecursiveComparison().isEqualTo(one);
    }

    /**
     * Shards that together keep more events than the budget had between two syncs say so instead of ending otherwise.
     * The merged lossy captures' NAKs: 76 events in stretches where one shard alone keeps any, then 124 on two shards
     * between the same two syncs; a budget of 100 runs out inside that stretch, one of 1,000 does not.
     */
    @Test
    void shardsThatOutrunTheEventBudgetSaySo() {
        TrackerOptions three = TrackerOptions.defaults().withShards(3);
        assertThat(interleaved(LOSSY, three, Findings.MAX, 1000)).usingRecursiveComparison()
            .isEqualTo(interleaved(LOSSY, TrackerOptions.defaults(), Findings.MAX, 1000));
        assertThat(interleaved(LOSSY, TrackerOptions.defaults(), Findings.MAX, 100).connections()).hasSizeGreaterThanOrEqualTo(3);
        assertThatThrownBy(() -> interleaved(LOSSY, three, Findings.MAX, 100)).isInstanceOf(ShardFallback.class);
    }

    /**
     * Connections of several captures at once, their findings made between the same two syncs on different shards:
     * the lossy captures' frames merged by time, the second one's moved to other addresses. Its frames the tracker
     * needs whole (its perftest exchange) are left out, so its connection is paired by responses. With 30
     * findings kept whole, the list fills up inside a stretch the shards track, so the ones kept are chosen at the merge.
     */
    @Test
    void connectionsOfSeveralCapturesEndAsOneTracker() {
        for (int kept : new int[] {30, Findings.MAX}) {
            Reports.Analysis one = interleaved(LOSSY, TrackerOptions.defaults(), kept, EventBudget.DEFAULT);
            assertThat(one.connections()).hasSizeGreaterThanOrEqualTo(3);
            if (kept == 30) assertThat(one.findingsNotListed()).isPositive();
            for (int shards : new int[] {2, 3}) {
                assertThat(interleaved(LOSSY, TrackerOptions.defaults().withShards(shards), kept, EventBudget.DEFAULT))
                    .as("%d shards, %d kept", shards, kept)
                    .usingRecursiveComparison().isEqualTo(one);
            }
        }
    }

    private static final List<Path> LOSSY = List.of(TestCaptures.file("send_bw_loss2pct"), TestCaptures.sample("write_bw_loss2pct"),
        TestCaptures.sample("send_bw_reorder_s256"));

    private static Reports.Analysis interleaved(List<Path> captures, TrackerOptions options, int kept, long eventBudget) {
        record Rec(int source, CaptureRecord rec) {}
        List<Rec> all = new ArrayList<>();
        for (int i = 0; i < captures.size(); i++) {
            try (CaptureReader r = CaptureReaders.open(captures.get(i).toString())) {
                long first = -1;
                while (true) {
                    CaptureRecord rec = new CaptureRecord();
                    if (!r.next(rec)) break;
                    if (first < 0) first = rec.timestampNanos;
                    rec.timestampNanos -= first;   // all start together
                    all.add(new Rec(i, rec));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        all.sort(java.util.Comparator.comparingLong(x -> x.rec().timestampNanos));
        FlowTracker t = new FlowTracker(options, DecodeOptions.PERFTEST_PORT, eventBudget, kept);
        try {
            List<FrameDecoder> decoders = new ArrayList<>();
            for (int i = 0; i < captures.size(); i++) decoders.add(new FrameDecoder());
            PacketView view = new PacketView();
            long n = 0;
            for (Rec x : all) {
                x.rec().number = ++n;
                io.rocescope.dissector.decode.DecodedFrame f = decoders.get(x.source()).decode(x.rec());
                if (x.source() == 0) {
                    t.accept(f);
                    continue;
                }
                if (FlowTracker.needsWholeFrame(f)) continue;
                PacketView.of(f, view);
                if (view.addressType == io.rocescope.dissector.field.FieldType.IPV4) {
                    view.srcLo += 256L * x.source();   // 10.0.0.1 → 10.0.1.1, 10.0.2.1
                    view.dstLo += 256L * x.source();
                }
                t.accept(view);
            }
            return t.finish();
        } finally {
            t.close();
        }
    }

    /**
     * A finding made once per capture (the code asks {@link Findings#any} first) that two shards both make between
     * two syncs, each not knowing of the other's: the merge keeps the earlier one only, as one tracker would have.
     */
    @Test
    void aOncePerCaptureFindingOfTwoShardsIsTheEarliersOnly() {
        Findings capture = new Findings();
        CaptureWide none = CaptureWide.direct(new ScanDetector(), new CaptureIntegrity(), new FabricWatch(TrackerOptions.defaults()));
        ShardLog[] logs = {new ShardLog(none, new CaptureIntegrity()), new ShardLog(none, new CaptureIntegrity())};
        long[] frames = {20, 10};
        for (int i = 0; i < 2; i++) {
            ShardFindings f = new ShardFindings(capture, logs[i]);
            logs[i].order = frames[i];
            assertThat(f.any(FindingKind.CAPTURE_LOSSY)).isFalse();
            f.add(FindingKind.CAPTURE_LOSSY, i + 1, "flow " + (i + 1), "lossy", frames[i]);
            assertThat(f.any(FindingKind.CAPTURE_LOSSY)).as("its own").isTrue();
            f.add(FindingKind.PSN_GAP, i + 1, "flow " + (i + 1), "gap", frames[i]);
        }
        ShardLog.merge(logs);
        assertThat(capture.list).extracting(Finding::kind, Finding::connection)
            .containsExactly(org.assertj.core.groups.Tuple.tuple("capture.lossy", 2), org.assertj.core.groups.Tuple.tuple("psn.gap", 2),
                org.assertj.core.groups.Tuple.tuple("psn.gap", 1));
        assertThat(capture.countByKind).containsEntry("capture.lossy", 1L).containsEntry("psn.gap", 2L);
    }

    /** Every frame of {@code pcap} through one tracker with these options. */
    static Reports.Analysis track(Path pcap, TrackerOptions options, long eventBudget) {
        FlowTracker t = new FlowTracker(options, DecodeOptions.PERFTEST_PORT, eventBudget, Findings.MAX);
        try (CaptureReader r = CaptureReaders.open(pcap.toString())) {
            FrameDecoder d = new FrameDecoder();
            CaptureRecord rec = new CaptureRecord();
            while (r.next(rec)) t.accept(d.decode(rec));
            return t.finish();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            t.close();
        }
    }

    private static List<Path> captures() {
        List<Path> all = new ArrayList<>(TestCaptures.all());
        all.addAll(TestCaptures.samples());
        return all;
    }
}
