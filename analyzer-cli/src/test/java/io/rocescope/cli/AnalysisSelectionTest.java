package io.rocescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** -c and -Y on flows, expert and check: the analysis sees the frames tshark's -c and -Y select. */
class AnalysisSelectionTest {
    private static final String FILE = TestCaptures.file("send_bw_loss2pct").toString();

    /** Packets per source address in `flows -T json`. */
    private static Map<String, Long> packetsBySource(String... args) throws Exception {
        CliRunner r = CliRunner.run(args);
        assertThat(r.exit()).as(r.err()).isZero();
        Map<String, Long> by = new HashMap<>();
        for (JsonNode c : new ObjectMapper().readTree(r.out())) {
            for (String dir : new String[] {"aToB", "bToA"}) {
                JsonNode d = c.get(dir);
                if (d != null && !d.isNull()) by.merge(d.get("src").asText(), d.get("packets").asLong(), Long::sum);
            }
        }
        return by;
    }

    /** tshark's count of InfiniBand frames per source address among the frames selected by these arguments. */
    private static Map<String, Long> tsharkBySource(String... args) {
        java.util.List<String> a = new java.util.ArrayList<>(java.util.List.of("-r", FILE));
        a.addAll(java.util.List.of(args));
        a.addAll(java.util.List.of("-T", "fields", "-e", "ip.src", "-e", "infiniband.bth.opcode"));
        Map<String, Long> by = new HashMap<>();
        for (String line : Tshark.run(a.toArray(String[]::new)).lines().toList()) {
            String[] c = line.split("\t", -1);
            if (c.length > 1 && !c[1].isEmpty()) by.merge(c[0], 1L, Long::sum);
        }
        return by;
    }

    @Test
    void flowsCountOnlyTheFramesMinusCAndMinusYSelect() throws Exception {
        Tshark.assume();
        assertThat(packetsBySource("flows", "-T", "json", "-c", "500", FILE)).isEqualTo(tsharkBySource("-c", "500"));
        String filter = "ip.src == 10.0.0.1 && frame.number > 100";
        assertThat(packetsBySource("flows", "-T", "json", "-Y", filter, FILE)).isEqualTo(tsharkBySource("-Y", filter));
        assertThat(packetsBySource("flows", "-T", "json", "-c", "2000", "-Y", filter, FILE))
            .isEqualTo(tsharkBySource("-c", "2000", "-Y", filter));
    }

    @Test
    void expertAndCheckSeeOnlyTheSelectedFrames() throws Exception {
        // every NAK finding names its frames: with -c 1000 none lies beyond frame 1000, and fewer are found
        JsonNode all = new ObjectMapper().readTree(CliRunner.run("expert", "-T", "json", FILE).out());
        JsonNode first = new ObjectMapper().readTree(CliRunner.run("expert", "-T", "json", "-c", "1000", FILE).out());
        long naksAll = all.get("counts").path("nak.psn_sequence_error").asLong();
        long naksFirst = first.get("counts").path("nak.psn_sequence_error").asLong();
        assertThat(naksFirst).isPositive().isLessThan(naksAll);
        for (JsonNode f : first.get("findings")) for (JsonNode n : f.get("frames")) assertThat(n.asLong()).isLessThanOrEqualTo(1000);
        // without the responder's frames there is no NAK at all
        JsonNode oneWay = new ObjectMapper().readTree(CliRunner.run("expert", "-T", "json", "-Y", "ip.src == 10.0.0.1", FILE).out());
        assertThat(oneWay.get("counts").has("nak.psn_sequence_error")).isFalse();
        // check: the strict pack's any-nak rule fails from tshark's first NAK frame on, not before it
        String strict = java.nio.file.Path.of(System.getProperty("user.dir")).resolveSibling("rules").resolve("strict.yaml").toString();
        Tshark.assume();
        long firstNak = Long.parseLong(Tshark.run("-r", FILE, "-Y", "infiniband.aeth.syndrome.opcode == 3", "-T", "fields",
            "-e", "frame.number").lines().findFirst().orElseThrow());
        assertThat(CliRunner.run("check", "--rules", strict, "-c", Long.toString(firstNak - 1), FILE).out()).doesNotContain("any-nak");
        assertThat(CliRunner.run("check", "--rules", strict, "-c", Long.toString(firstNak), FILE).out()).contains("[error] any-nak");
        assertThat(CliRunner.run("check", "--rules", strict, "-Y", "frame.number != " + firstNak, "-c", Long.toString(firstNak), FILE).out())
            .doesNotContain("any-nak");
        CliRunner bad = CliRunner.run("flows", "-Y", "ip.src ==", FILE);
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).doesNotContain("Exception");
    }
}
