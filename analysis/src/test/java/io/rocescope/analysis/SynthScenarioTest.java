package io.rocescope.analysis;

import io.rocescope.synth.Synthesizer;
import io.rocescope.synth.Truth;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.flow.Finding;
import io.rocescope.flow.Reports;
import io.rocescope.flow.TrackerOptions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every scenario: valid frames, and the analysis finds exactly the injected faults (precision and recall 100 %). */
class SynthScenarioTest {
    @TempDir
    static Path dir;

    private static List<DecodedFrame> decode(Path file) throws Exception {
        try (CaptureReader r = CaptureReaders.open(file.toString())) {
            return TestCaptures.decode(r, new DecodeOptions());
        }
    }

    @TestFactory
    Stream<DynamicTest> analysisFindsExactlyTheInjectedFaults() {
        return Synthesizer.scenarios().stream().flatMap(name -> Stream.of(1L, 7L).map(seed ->
            DynamicTest.dynamicTest(name + " seed " + seed, () -> check(name, seed))));
    }

    /**
     * A synthesized frame never leaves before the one before it has left the wire: at the link rate, a frame takes
     * its preamble and SFD (8 bytes), itself padded to 60 bytes, its FCS (4, which the capture does not keep) and the
     * inter-frame gap (12) (IEEE 802.3 clause 4). So no run of frames, ACKs and CM MADs included, is faster than the link.
     */
    @TestFactory
    Stream<DynamicTest> framesAreSpacedAsTheLinkSendsThem() {
        return Synthesizer.scenarios().stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            Path file = dir.resolve(name + "-spacing.pcap");
            double gbps = 25;
            Synthesizer.write(name, file, 1, 300, gbps);
            List<DecodedFrame> frames = decode(file);
            int backToBack = 0;
            for (int i = 1; i < frames.size(); i++) {
                DecodedFrame prev = frames.get(i - 1);
                long wireNanos = Math.round((8 + Math.max(prev.capturedLength(), 60) + 4 + 12) * 8 / gbps);
                long gap = frames.get(i).timestampNanos() - prev.timestampNanos();
                assertThat(gap).as("%s frame %d", name, frames.get(i).number()).isGreaterThanOrEqualTo(wireNanos);
                if (gap == wireNanos) backToBack++;
            }
            if (name.equals("clean-rc")) assertThat(backToBack).as("clean-rc sends back to back").isPositive();
        }));
    }

    private static void check(String name, long seed) throws Exception {
        Path file = dir.resolve(name + "-" + seed + ".pcap");
        Truth truth = Synthesizer.write(name, file, seed, 300, 100);
        List<DecodedFrame> frames = decode(file);
        assertThat(frames).hasSize((int) truth.frames);
        for (DecodedFrame f : frames) {
            assertThat(f.experts()).as("%s frame %d", name, f.number()).noneMatch(e -> e.key().equals("malformed") || e.key().equals("truncated"));
            if (f.isRoce()) assertThat(f.icrcStatus()).as("%s frame %d ICRC", name, f.number()).isEqualTo(DecodedFrame.IcrcStatus.GOOD);
        }
        Reports.Analysis a = CaptureAnalysis.analyze(file.toString(), new DecodeOptions(), TrackerOptions.defaults(), 2, new PrintWriter(new StringWriter()));
        assertThat(a).isNotNull();
        assertThat(a.findingCounts()).as(name + ": findings equal the ground truth").isEqualTo(truth.expectedFindings);
        for (Truth.Fault fault : truth.faults) {
            if (fault.frames().isEmpty()) continue;
            Set<Long> reported = new HashSet<>();
            for (Finding f : a.findings()) if (f.kind().equals(fault.kind())) reported.add(f.firstFrame());
            assertThat(reported).as(name + ": " + fault.kind() + " at its frame").contains(fault.frames().get(0));
        }
        for (Truth.ConnectionTruth c : truth.connections) {
            Reports.ConnectionReport found = a.connections().stream()
                .filter(x -> x.a().ip().equals(c.initiator().ip()) && x.a().qpn() != null && x.a().qpn() == c.initiator().qpn()
                    && x.b().qpn() != null && x.b().qpn() == c.responder().qpn())
                .findFirst().orElseThrow(() -> new AssertionError(name + ": connection " + c + " not found"));
            assertThat(found.setup().json()).isEqualTo(c.setup());
            assertThat(found.a().startPsn()).isEqualTo(c.initiator().firstPsn());
            assertThat(found.b().startPsn()).isEqualTo(c.responder().firstPsn());
            if (found.aToB() != null && found.aToB().psn().firstPsn() != null) {
                assertThat(found.aToB().psn().firstPsn()).isEqualTo(c.initiator().firstPsn());
            }
        }
    }

    @Test
    void theMtuCutsMessagesAndTheReqAnnouncesIt() throws Exception {
        for (int mtu : new int[] {256, 4096}) {
            Path f = dir.resolve("mtu" + mtu + ".pcap");
            Truth t = Synthesizer.write("psn-gap", f, 1, 100, 100, mtu);
            Reports.Analysis a = CaptureAnalysis.analyze(f.toString(), new DecodeOptions(), TrackerOptions.defaults(), 2, new PrintWriter(new StringWriter()));
            assertThat(a.connections().get(0).mtu()).isEqualTo(mtu);
            assertThat(a.findingCounts()).isEqualTo(t.expectedFindings);
            long biggest = decode(f).stream()
                .filter(x -> x.isRoce() && x.has(io.rocescope.dissector.field.Fields.PAYLOAD) && !x.has(io.rocescope.dissector.field.CmFields.MAD))
                .mapToLong(x -> x.length(x.find(io.rocescope.dissector.field.Fields.PAYLOAD))).max().orElse(0);
            assertThat(biggest).isEqualTo(mtu);
        }
    }

    /** The scanner's per-source counts (what the security pack's thresholds measure) are exactly the ground truth's. */
    @TestFactory
    Stream<DynamicTest> scansAreCountedPerSourceExactly() {
        return Stream.of("qpn-scan", "cm-scan", "rkey-probe", "gid-spoof").map(name -> DynamicTest.dynamicTest(name, () -> {
            Path file = dir.resolve("scan-" + name + ".pcap");
            Truth truth = Synthesizer.write(name, file, 3, 100, 100);
            Reports.Analysis a = CaptureAnalysis.analyze(file.toString(), new DecodeOptions(), TrackerOptions.defaults(), 2, new PrintWriter(new StringWriter()));
            long qpns = 0, services = 0, rkeys = 0, gids = 0;
            for (Truth.Fault f : truth.faults) {
                switch (f.kind()) {
                    case "scan.qpn" -> qpns += f.count();
                    case "scan.cm_service" -> services += f.count();
                    case "scan.rkey" -> rkeys += f.count();
                    case "cm.gid_mismatch" -> gids += f.count();
                    default -> { }
                }
            }
            io.rocescope.flow.ScanReport.SourceReport scanner = a.security().sources().stream()
                .filter(x -> x.ip().equals("10.0.0.66")).findFirst().orElse(null);
            assertThat(scanner == null ? 0 : scanner.unsolicitedQpns()).as("QPNs").isEqualTo(qpns);
            // the scanner's own set-ups go to one service (the R_Key prober's connections): one is every client's, no scan
            if (services > 0) assertThat(scanner == null ? 0 : scanner.cmServices()).as("services").isEqualTo(services);
            else assertThat(scanner == null ? 0 : scanner.cmServices()).as("services").isLessThanOrEqualTo(1);
            assertThat(scanner == null ? 0 : scanner.refusedRkeys()).as("R_Keys").isEqualTo(rkeys);
            assertThat(a.security().cmGidMismatches()).isEqualTo(gids);
            // the ordinary connection's host did nothing unusual
            assertThat(a.security().sources()).noneMatch(x -> x.ip().equals("10.0.0.1") || x.ip().equals("10.0.0.2"));
        }));
    }

    @Test
    void aSeedGivesTheSameBytesAndAnotherSeedOthers() throws Exception {
        Path a = dir.resolve("a.pcap"), b = dir.resolve("b.pcap"), c = dir.resolve("c.pcap");
        Synthesizer.write("psn-gap", a, 42, 100, 100);
        Synthesizer.write("psn-gap", b, 42, 100, 100);
        Synthesizer.write("psn-gap", c, 43, 100, 100);
        assertThat(java.util.Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(b))).as("same seed, same bytes").isTrue();
        assertThat(java.util.Arrays.equals(Files.readAllBytes(a), Files.readAllBytes(c))).as("another seed, other bytes").isFalse();
    }

    @Test
    void manyQpsMixesIpv6AndVlansAndBulkHonoursPackets() throws Exception {
        Path m = dir.resolve("many.pcap");
        Truth t = Synthesizer.write("many-qps", m, 3, 1200, 100);
        assertThat(t.connections).hasSize(100);
        List<DecodedFrame> frames = decode(m);
        assertThat(frames.stream().filter(f -> f.has(io.rocescope.dissector.field.Fields.IPV6))).isNotEmpty();
        assertThat(frames.stream().filter(f -> f.has(io.rocescope.dissector.field.Fields.VLAN_ID))).isNotEmpty();
        Path bulk = dir.resolve("bulk.pcap");
        Truth tb = Synthesizer.write("bulk", bulk, 3, 5000, 100);
        assertThat(tb.frames).isBetween(5000L, 5200L);
    }

    @TestFactory
    Stream<DynamicTest> tsharkDecodesEveryFrameWithoutMalformedOrErrorMarks() {
        boolean tshark = Stream.of(System.getenv("PATH").split(":")).anyMatch(p -> Files.isExecutable(Path.of(p, "tshark")));
        return Synthesizer.scenarios().stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            Assumptions.assumeTrue(tshark, "tshark is not installed");
            Path file = dir.resolve("ts-" + name + ".pcap");
            Synthesizer.write(name, file, 5, 200, 100);
            Process p = new ProcessBuilder("tshark", "-n", "-r", file.toString(), "-T", "fields", "-e", "frame.number",
                "-e", "_ws.malformed", "-e", "_ws.expert.severity").redirectError(ProcessBuilder.Redirect.DISCARD).start();
            List<String> lines = new String(p.getInputStream().readAllBytes()).lines().toList();
            assertThat(p.waitFor()).isZero();
            assertThat(lines).isNotEmpty();
            for (String line : lines) {
                String[] c = line.split("\t", -1);
                assertThat(c.length > 1 ? c[1] : "").as(name + " frame " + c[0] + " malformed").isEmpty();
                if (c.length > 2 && !c[2].isEmpty()) {
                    // 0x800000 is Wireshark's PI_ERROR
                    assertThat(Stream.of(c[2].split(",")).mapToLong(Long::parseLong).max().orElse(0))
                        .as(name + " frame " + c[0] + " expert severity").isLessThan(0x800000);
                }
            }
        }));
    }
}
