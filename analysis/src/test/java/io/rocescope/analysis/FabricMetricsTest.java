package io.rocescope.analysis;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.flow.Reports;
import io.rocescope.dissector.decode.Expert.Severity;
import io.rocescope.flow.TrackerOptions;
import io.rocescope.flow.rules.Comparison;
import io.rocescope.flow.rules.Metric;
import io.rocescope.flow.rules.Rule;
import io.rocescope.flow.rules.RuleEvaluator;
import io.rocescope.flow.rules.RuleResult;
import io.rocescope.flow.rules.Scope;
import io.rocescope.synth.Synthesizer;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The fabric metrics of {@code check}, measured on real and synthesized captures against counts tshark
 * makes of the same frames (priorities, ECN codepoints, PFC pause frames and their times).
 */
class FabricMetricsTest {
    @TempDir
    static Path dir;

    @BeforeAll
    static void tsharkIsThere() {
        Assumptions.assumeTrue(Stream.of(System.getenv("PATH").split(":")).anyMatch(p -> Files.isExecutable(Path.of(p, "tshark"))),
            "tshark is not installed");
    }

    private static Reports.Analysis analyze(Path file) {
        return CaptureAnalysis.analyze(file.toString(), new DecodeOptions(), TrackerOptions.defaults(), 1, new PrintWriter(new StringWriter()));
    }

    private static List<RuleResult> measure(Reports.Analysis a, Metric m, Scope scope, String filter) {
        return RuleEvaluator.evaluate(a, List.of(new Rule("r", "r", Severity.NOTE, m, scope, Comparison.GT, 0, 0, filter)));
    }

    private static double capture(Reports.Analysis a, Metric m, String filter) {
        return measure(a, m, Scope.CAPTURE, filter).get(0).value();
    }

    /** tshark's fields of every frame, tab-separated. */
    private static List<String[]> tshark(Path file, String... fields) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("tshark", "-n", "-r", file.toString(), "-T", "fields", "-E", "occurrence=f"));
        for (String f : fields) { cmd.add("-e"); cmd.add(f); }
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String[]> rows = new String(p.getInputStream().readAllBytes()).lines().map(l -> l.split("\t", -1)).toList();
        assertThat(p.waitFor()).isZero();
        return rows;
    }

    /** RoCE data (not CNPs, not MADs to QP1): tshark's opcode and DestQP columns. */
    private static boolean roceData(String opcode, String destQp) {
        return !opcode.isEmpty() && Integer.parseInt(opcode) != 0x81 && Integer.decode(destQp) != 1;
    }

    @Test
    void priorityMetricsOnTheVlanCaptureAreTsharks() throws Exception {
        Path file = TestCaptures.file("send_bw_vlan100");
        Map<String, Map<String, Long>> pcpByDirection = new TreeMap<>();
        long pcp3Data = 0;
        for (String[] r : tshark(file, "ip.src", "ip.dst", "vlan.priority", "infiniband.bth.opcode", "infiniband.bth.destqp")) {
            if (!roceData(r[3], r[4])) continue;
            pcpByDirection.computeIfAbsent(r[0] + ">" + r[1], k -> new TreeMap<>()).merge(r[2], 1L, Long::sum);
            if (r[2].equals("3")) pcp3Data++;
        }
        // tshark: one PCP per direction, and they differ
        assertThat(pcpByDirection).hasSize(2);
        List<String> dominant = pcpByDirection.values().stream().map(m -> m.keySet().iterator().next()).toList();
        assertThat(dominant.get(0)).isNotEqualTo(dominant.get(1));
        Reports.Analysis a = analyze(file);
        assertThat(measure(a, Metric.ROCE_PRIORITY_MISMATCH, Scope.CONNECTION, null)).singleElement()
            .satisfies(x -> assertThat(x.value()).isEqualTo(1));
        assertThat(capture(a, Metric.VLAN_MISMATCH, null)).isZero();
        assertThat(capture(a, Metric.PRIORITY_PACKETS, "pcp3:roce_data")).isEqualTo(pcp3Data);
        assertThat(capture(a, Metric.ROCE_PRIORITY_CHANGES, null)).isZero();
    }

    @Test
    void ecnMetricsAreTsharks() throws Exception {
        Path ce = TestCaptures.sample("send_bw_tclass106_ce");
        long marked = 0, cnps = 0;
        for (String[] r : tshark(ce, "ip.dsfield.ecn", "infiniband.bth.opcode", "infiniband.bth.destqp")) {
            if (r[1].isEmpty()) continue;
            if (Integer.parseInt(r[1]) == 0x81) cnps++;
            else if (roceData(r[1], r[2]) && r[0].equals("3")) marked++;
        }
        assertThat(cnps).isZero();
        assertThat(marked).isPositive();
        assertThat(capture(analyze(ce), Metric.CNP_UNANSWERED_CE, null)).isEqualTo(marked);

        Path vlan = TestCaptures.sample("send_bw_vlan_tclass106");
        Map<String, long[]> byDirection = new TreeMap<>();   // Not-ECT, all
        for (String[] r : tshark(vlan, "ip.src", "ip.dst", "ip.dsfield.ecn", "infiniband.bth.opcode", "infiniband.bth.destqp")) {
            if (!roceData(r[3], r[4])) continue;
            long[] n = byDirection.computeIfAbsent(r[0] + " → " + r[1], k -> new long[2]);
            if (r[2].equals("0")) n[0]++;
            n[1]++;
        }
        Reports.Analysis a = analyze(vlan);
        for (RuleResult x : measure(a, Metric.ECN_NOT_ECT_FRACTION, Scope.FLOW, null)) {
            String direction = x.subject().substring(0, x.subject().indexOf(" QP"));
            long[] n = byDirection.get(direction);
            assertThat(x.value()).as(direction).isEqualTo((double) n[0] / n[1]);
        }
    }

    /** A PFC frame's time and pause on priority 4, from tshark: the intervals RoCE on priority 3 was sent in. */
    @Test
    void roceSentWhileAnotherPriorityIsPausedIsCountedAsTsharkShowsIt() throws Exception {
        Path f = dir.resolve("wrong.pcap");
        Synthesizer.write("pfc-wrong-priority", f, 3, 300, 100);
        List<BigDecimal[]> pauses = new ArrayList<>();
        long quanta = 0, during = 0;
        List<String[]> rows = tshark(f, "frame.time_epoch", "macc.cbfc.pause_time.c4", "vlan.priority", "infiniband.bth.opcode",
            "infiniband.bth.destqp");
        for (String[] r : rows) {
            if (r[1].isEmpty()) continue;
            int q = Integer.parseInt(r[1]);
            quanta += q;
            BigDecimal t = new BigDecimal(r[0]);
            pauses.add(new BigDecimal[] {t, t.add(BigDecimal.valueOf(q * 512L).divide(BigDecimal.valueOf(100L * 1_000_000_000L)))});
        }
        for (String[] r : rows) {
            if (!r[2].equals("3") || !roceData(r[3], r[4])) continue;
            BigDecimal t = new BigDecimal(r[0]);
            for (BigDecimal[] p : pauses) if (t.compareTo(p[0]) >= 0 && t.compareTo(p[1]) < 0) { during++; break; }
        }
        assertThat(during).isPositive();
        Reports.Analysis a = analyze(f);
        assertThat(capture(a, Metric.PFC_UNPAUSED_ROCE, null)).isEqualTo(during);
        assertThat(capture(a, Metric.PFC_PAUSE_QUANTA, "4")).isEqualTo(quanta);
        assertThat(capture(a, Metric.PFC_SHARED_PRIORITY, null)).isZero();
    }

    @Test
    void aSenderThatSlowsAndOneThatDoesNot() throws Exception {
        Path slows = dir.resolve("congestion.pcap"), ignores = dir.resolve("ignored.pcap");
        Synthesizer.write("congestion", slows, 1, 300, 100);
        Synthesizer.write("cnp-ignored", ignores, 1, 300, 100);
        Reports.Analysis s = analyze(slows), i = analyze(ignores);
        // congestion: the sender's gap between messages grows by half at every CNP; cnp-ignored: it stays
        assertThat(capture(s, Metric.DCQCN_IGNORED_EPISODES, null)).isZero();
        assertThat(capture(s, Metric.DCQCN_RATE_DROP_FRACTION, null)).isGreaterThan(0.5);
        assertThat(capture(s, Metric.DCQCN_REACTION_US, null)).isPositive();
        assertThat(capture(i, Metric.DCQCN_IGNORED_EPISODES, null)).isEqualTo(1);
        assertThat(capture(i, Metric.DCQCN_RATE_DROP_FRACTION, null)).isLessThan(0.25);
        assertThat(capture(i, Metric.UDP_SOURCE_PORTS, null)).isEqualTo(1);
        assertThat(capture(i, Metric.CNP_CLASS_MISMATCH, "48")).isEqualTo(60);
        assertThat(capture(i, Metric.CNP_CLASS_MISMATCH, "26")).isZero();
        assertThat(capture(i, Metric.PFC_STALL_TIME_US, null)).isCloseTo(0, within(0.0));
    }

    @Test
    void aPauseStormStallsTheConnectionOnItsPriority() throws Exception {
        Path f = dir.resolve("storm.pcap");
        Synthesizer.write("pfc-storm", f, 1, 300, 100);
        Reports.Analysis a = analyze(f);
        assertThat(capture(a, Metric.PFC_STALLED_CONNECTIONS, "3")).isEqualTo(1);
        assertThat(capture(a, Metric.PFC_STALLED_CONNECTIONS, "4")).isZero();
        // the connection sent nothing from before the first pause to after the resume: 150 ms of pauses
        assertThat(measure(a, Metric.PFC_STALL_TIME_US, Scope.FLOW, null)).allSatisfy(x -> assertThat(x.value()).isGreaterThan(149_000));
    }
}
