package io.rocescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * rules/tuning.yaml on real captures: every value it measures equals tshark's CM field (or the RNR NAK's
 * AETH timer through IBTA's table, or perftest's printed settings), and each rule fails exactly where its
 * comparison with the pack's threshold holds.
 */
class TuningPackTest {
    private static final String PACK = pack();

    private static String pack() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve("rules/tuning.yaml"))) return p.resolve("rules/tuning.yaml").toString();
        }
        throw new IllegalStateException("rules/tuning.yaml not found");
    }

    /** IBTA's RNR NAK timer table (Vol. 1 §9.7.5.2.8), milliseconds by code. */
    private static final double[] RNR_MS = {655.36, 0.01, 0.02, 0.03, 0.04, 0.06, 0.08, 0.12, 0.16, 0.24, 0.32, 0.48, 0.64,
        0.96, 1.28, 1.92, 2.56, 3.84, 5.12, 7.68, 10.24, 15.36, 20.48, 30.72, 40.96, 61.44, 81.92, 122.88, 163.84, 245.76,
        327.68, 491.52};

    private static JsonNode results(Path file) throws Exception {
        CliRunner r = CliRunner.run("check", "--rules", PACK, "-T", "json", file.toString());
        assertThat(r.exit()).as(r.err()).isIn(0, 1);
        return new ObjectMapper().readTree(r.out()).get(file.toString());
    }

    private static JsonNode rule(JsonNode results, String id) {
        for (JsonNode n : results) if (n.get("rule").asText().equals(id)) return n;
        return null;
    }

    private static int field(Path file, String filter, String field) {
        String out = Tshark.run("-r", file.toString(), "-Y", filter, "-T", "fields", "-e", field).lines().findFirst().orElseThrow();
        return Long.decode(out.trim()).intValue();
    }

    private static List<Long> frames(Path file, String filter) {
        List<Long> l = new ArrayList<>();
        Tshark.run("-r", file.toString(), "-Y", filter, "-T", "fields", "-e", "frame.number").lines().forEach(x -> l.add(Long.parseLong(x.trim())));
        return l;
    }

    @Test
    void rdmaCmDefaultsFailWhereTheirCmFieldsCrossThePacksThresholds() throws Exception {
        Tshark.assume();
        Path file = TestCaptures.file("rnr_nak");
        JsonNode res = results(file);
        List<Long> setup = new ArrayList<>(frames(file, "infiniband.cm.req"));
        setup.addAll(frames(file, "infiniband.cm.rep"));

        int rnrRetry = Math.max(field(file, "infiniband.cm.req", "infiniband.cm.req.rnrretrcount"),
            field(file, "infiniband.cm.rep", "infiniband.cm.rep.rnrretrcount"));
        JsonNode infinite = rule(res, "rnr-retry-infinite");
        assertThat(infinite.get("value").asDouble()).isEqualTo(rnrRetry);
        assertThat(infinite.get("failed").asBoolean()).isEqualTo(rnrRetry == 7);
        List<Long> evidence = new ArrayList<>();
        infinite.get("frames").forEach(n -> evidence.add(n.asLong()));
        assertThat(evidence).containsExactlyElementsOf(setup);

        int retry = field(file, "infiniband.cm.req", "infiniband.cm.req.retrcount");
        JsonNode high = rule(res, "retry-count-high");
        assertThat(high.get("value").asDouble()).isEqualTo(retry);
        assertThat(high.get("failed").asBoolean()).isEqualTo(retry > 5);

        int timeout = Math.max(field(file, "infiniband.cm.req", "infiniband.cm.req.localresptout"),
            field(file, "infiniband.cm.req", "infiniband.cm.req.remoteresptout"));
        JsonNode cm = rule(res, "cm-response-timeout-long");
        assertThat(cm.get("value").asDouble()).isCloseTo(4.096e-3 * Math.pow(2, timeout), org.assertj.core.data.Offset.offset(1e-6));
        assertThat(cm.get("failed").asBoolean()).isEqualTo(4.096e-3 * Math.pow(2, timeout) >= 1000);

        // the RNR timer the responder asked for: the RNR NAKs' AETH timer code through IBTA's table
        double timer = 0;
        for (String s : Tshark.run("-r", file.toString(), "-Y", "infiniband.aeth.syndrome >= 0x20 && infiniband.aeth.syndrome < 0x40",
            "-T", "fields", "-e", "infiniband.aeth.syndrome").lines().toList()) {
            timer = Math.max(timer, RNR_MS[Long.decode(s.trim()).intValue() & 0x1F]);
        }
        JsonNode rnr = rule(res, "rnr-timer-maximum");
        assertThat(rnr.get("value").asDouble()).isEqualTo(timer);
        assertThat(rnr.get("failed").asBoolean()).isEqualTo(timer >= 655);

        JsonNode mtu = rule(res, "path-mtu-small");
        assertThat(mtu.get("value").asDouble()).isEqualTo(128 << field(file, "infiniband.cm.req", "infiniband.cm.req.pppmtu"));
        assertThat(mtu.get("failed").asBoolean()).isFalse();
    }

    @Test
    void aFiniteRnrRetryCountPasses() throws Exception {
        Tshark.assume();
        Path file = TestCaptures.sample("rnr_retry_exhausted");
        JsonNode infinite = rule(results(file), "rnr-retry-infinite");
        int rnr = Math.max(field(file, "infiniband.cm.req", "infiniband.cm.req.rnrretrcount"),
            field(file, "infiniband.cm.rep", "infiniband.cm.rep.rnrretrcount"));
        assertThat(rnr).isLessThan(7);
        assertThat(infinite.get("value").asDouble()).isEqualTo(rnr);
        assertThat(infinite.get("failed").asBoolean()).isFalse();
    }

    @Test
    void perftestConnectionsAreMeasuredByWhatPerftestPrinted() throws Exception {
        Path file = TestCaptures.file("read_bw_rc");
        String txt = Files.readString(Path.of(file.toString().replace(".pcap", ".txt")));
        Matcher mtu = Pattern.compile("Mtu\\s*:\\s*(\\d+)\\[B\\]").matcher(txt);
        assertThat(mtu.find()).isTrue();
        JsonNode res = results(file);
        assertThat(rule(res, "path-mtu-small").get("value").asDouble()).isEqualTo(Integer.parseInt(mtu.group(1)));
        // perftest's READs stay within its out_reads (128): nothing beyond the depth
        JsonNode depth = rule(res, "reads-beyond-depth");
        assertThat(depth.get("value").asDouble()).isZero();
        assertThat(depth.get("failed").asBoolean()).isFalse();
        // a socket set-up carries no retry counts or CM timeouts: those rules have nothing to measure
        assertThat(rule(res, "retry-count-high")).isNull();
        assertThat(rule(res, "cm-response-timeout-long")).isNull();
    }
}
