package io.rocescope.flow;

import io.rocescope.dissector.decode.Expert.Severity;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.Tshark;
import io.rocescope.flow.rules.Comparison;
import io.rocescope.flow.rules.Metric;
import io.rocescope.flow.rules.Rule;
import io.rocescope.flow.rules.RuleEvaluator;
import io.rocescope.flow.rules.RuleResult;
import io.rocescope.flow.rules.Scope;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The rule evaluator on real captures: what it measures equals an independent count made by tshark
 * (NAKs and RNR NAKs from the AETH syndrome: bits 6-5 the type, 3 = NAK, 1 = RNR NAK; bits 4-0 the code),
 * per scope, with a code filter and over a sliding window; and a rule fails exactly where its comparison holds.
 */
class RuleEvaluatorTest {
    private static Rule rule(Metric m, Scope s, Comparison c, double threshold, long windowNanos, String filter) {
        return new Rule("r", "test rule", Severity.ERROR, m, s, c, threshold, windowNanos, filter);
    }

    /** Frame number and time (ns) of each answer of the AETH type, and optionally the code, that tshark sees. */
    private static List<long[]> aeth(Path file, int type, Integer code) {
        List<long[]> out = new ArrayList<>();
        for (String[] row : Tshark.fields(file, "infiniband.aeth", "frame.number", "frame.time_epoch", "infiniband.aeth.syndrome")) {
            int syndrome = Integer.decode(row[2]);
            if (((syndrome >> 5) & 3) != type || (code != null && (syndrome & 0x1F) != code)) continue;
            out.add(new long[] {Long.parseLong(row[0]), Math.round(Double.parseDouble(row[1]) * 1e9)});
        }
        return out;
    }

    private static RuleResult only(List<RuleResult> results) {
        assertThat(results).hasSize(1);
        return results.get(0);
    }

    @Test
    void nakCountsEqualTsharksPerCaptureAndSumOverFlows() {
        Assumptions.assumeTrue(Tshark.available(), "tshark is not installed");
        Path file = TestCaptures.file("send_bw_loss2pct.pcap");
        List<long[]> naks = aeth(file, 3, null);
        assertThat(naks).isNotEmpty();
        Reports.Analysis a = Track.file(file);
        RuleResult capture = only(RuleEvaluator.evaluate(a, List.of(rule(Metric.NAK_COUNT, Scope.CAPTURE, Comparison.GT, 0, 0, null))));
        assertThat(capture.value()).isEqualTo(naks.size());
        assertThat(capture.failed()).isTrue();
        // the evidence: the first NAK frames, at most five
        assertThat(capture.frames()).containsExactlyElementsOf(naks.stream().limit(5).map(n -> n[0]).toList());
        List<RuleResult> perFlow = RuleEvaluator.evaluate(a, List.of(rule(Metric.NAK_COUNT, Scope.FLOW, Comparison.GT, 0, 0, null)));
        assertThat(perFlow.stream().mapToDouble(RuleResult::value).sum()).isEqualTo(naks.size());
    }

    @Test
    void aCodeFilterCountsOnlyThatCode() {
        Assumptions.assumeTrue(Tshark.available(), "tshark is not installed");
        Path file = TestCaptures.file("nak_remote_access_write.pcap");
        Reports.Analysis a = Track.file(file);
        int remoteAccess = aeth(file, 3, 2).size(), sequence = aeth(file, 3, 0).size();
        assertThat(remoteAccess).isPositive();
        assertThat(only(RuleEvaluator.evaluate(a, List.of(rule(Metric.NAK_COUNT, Scope.CAPTURE, Comparison.GT, 0, 0, "remote_access_error"))))
            .value()).isEqualTo(remoteAccess);
        assertThat(only(RuleEvaluator.evaluate(a, List.of(rule(Metric.NAK_COUNT, Scope.CAPTURE, Comparison.GT, 0, 0, "psn_sequence_error"))))
            .value()).isEqualTo(sequence);
    }

    @Test
    void aRateIsTheMostEventsInAnySlidingWindow() {
        Assumptions.assumeTrue(Tshark.available(), "tshark is not installed");
        Path file = TestCaptures.file("rnr_nak.pcap");
        List<long[]> rnr = aeth(file, 1, null);
        assertThat(rnr).hasSizeGreaterThan(1);
        Reports.Analysis a = Track.file(file);
        for (long window : new long[] {1_000_000L, 100_000_000L, 10_000_000_000L}) {
            int most = 0;
            for (int i = 0, j = 0; i < rnr.size(); i++) {
                while (rnr.get(i)[1] - rnr.get(j)[1] >= window) j++;
                most = Math.max(most, i - j + 1);
            }
            RuleResult r = only(RuleEvaluator.evaluate(a, List.of(rule(Metric.RNR_NAK_RATE, Scope.CAPTURE, Comparison.GT, 0, window, null))));
            assertThat(r.value()).as("window %d ns", window).isEqualTo(most);
        }
        assertThat(only(RuleEvaluator.evaluate(a, List.of(rule(Metric.RNR_NAK_COUNT, Scope.CAPTURE, Comparison.GT, 0, 0, null)))).value())
            .isEqualTo(rnr.size());
    }

    @Test
    void aRuleFailsExactlyWhereItsComparisonHolds() {
        Reports.Analysis a = Track.file(TestCaptures.file("send_bw_loss2pct.pcap"));
        double n = only(RuleEvaluator.evaluate(a, List.of(rule(Metric.NAK_COUNT, Scope.CAPTURE, Comparison.GT, 0, 0, null)))).value();
        assertThat(n).isPositive();
        Object[][] cases = {{Comparison.GT, n, false}, {Comparison.GE, n, true}, {Comparison.GT, n - 1, true}, {Comparison.LT, n, false},
            {Comparison.LE, n, true}, {Comparison.EQ, n, true}, {Comparison.NE, n, false}, {Comparison.EQ, n + 1, false}};
        for (Object[] c : cases) {
            RuleResult r = only(RuleEvaluator.evaluate(a, List.of(rule(Metric.NAK_COUNT, Scope.CAPTURE, (Comparison) c[0], (double) c[1], 0, null))));
            assertThat(r.failed()).as("%s %s %s", n, ((Comparison) c[0]).symbol(), c[1]).isEqualTo(c[2]);
            if (!r.failed()) assertThat(r.frames()).as("a passing rule shows no evidence").isEmpty();
        }
    }

    @Test
    void aConnectionRuleGivesOneResultPerConnection() {
        Reports.Analysis a = Track.file(TestCaptures.file("send_bw_rc_rdmacm.pcap"));
        List<RuleResult> r = RuleEvaluator.evaluate(a, List.of(rule(Metric.SETUP_LATENCY_MAX_US, Scope.CONNECTION, Comparison.GT, 1e12, 0, null)));
        assertThat(r).hasSize(a.connections().size());
        for (int i = 0; i < r.size(); i++) {
            Long nanos = a.connections().get(i).setupLatencyNanos();
            assertThat(r.get(i).value()).isEqualTo(nanos == null ? 0 : nanos / 1000.0);
            assertThat(r.get(i).subject()).startsWith("connection " + a.connections().get(i).id() + " (");
        }
    }
}
