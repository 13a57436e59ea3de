package io.rocescope.cli;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.TestPcapWriter;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.Fields;
import io.rocescope.flow.Frames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** The CI gate: rule packs against real and synthesized captures, JUnit XML, and invalid rule files. */
class CheckCommandTest {
    private static final String DEFAULT = rules("default.yaml"), STRICT = rules("strict.yaml");

    private static String rules(String name) {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve("rules").resolve(name))) return p.resolve("rules").resolve(name).toString();
        }
        throw new IllegalStateException("rules/" + name + " not found");
    }

    private static String capture(String name) {
        return TestCaptures.file(name).toString();
    }

    @Test
    void lossFailsStrictOnTheRightFlowWithTheRightFrames() {
        CliRunner r = CliRunner.run("check", "--rules", STRICT, capture("send_bw_loss2pct"));
        assertThat(r.exit()).isEqualTo(1);
        // the NAK frames, found independently: Acknowledge packets with a NAK syndrome
        String firstNaks = TestCaptures.decode(TestCaptures.file("send_bw_loss2pct")).stream()
            .filter(f -> f.get(Fields.BTH_OPCODE, -1) == 0x11 && (f.get(Fields.AETH_SYNDROME, 0) >> 5) == 3)
            .limit(5).map(f -> Long.toString(f.number())).collect(Collectors.joining(","));
        assertThat(r.out()).contains("[error] any-nak")
            .contains("10.0.0.1 → 10.0.0.2 QP 0x000011 (connection 1): nak_count = 28, fails when > 0; frames " + firstNaks)
            .contains("[error] any-psn-gap").contains("2 of 4 rules passed");
        assertThat(r.out()).doesNotContain("10.0.0.2 → 10.0.0.1 QP 0x000011 (connection 1): nak_count");
    }

    @Test
    void cleanCapturesPassBothPacks() {
        for (String name : List.of("send_bw_rc", "send_bw_rc_rdmacm", "read_bw_rc", "write_lat_rc_rdmacm", "send_bw_ipv6")) {
            CliRunner r = CliRunner.run("check", "--rules", DEFAULT, "--rules", STRICT, capture(name));
            assertThat(r.exit()).as(name + "\n" + r.out()).isZero();
            assertThat(r.out()).contains("PASS").contains("13 of 13 rules passed");
        }
        assertThat(CliRunner.run("check", capture("send_bw_rc")).exit()).as("the default pack is built in").isZero();
    }

    /** n NAKs, the first at t0 and the last exactly {@code spanNanos} later. */
    private static Path nakStorm(Path dir, String name, int n, long spanNanos) throws Exception {
        List<TestCaptures.RawFrame> frames = new ArrayList<>();
        long t0 = 1_000_000_000_000L;
        frames.add(new TestCaptures.RawFrame(t0 - 1000, Frames.sendOnly(1), 0, 1));
        for (int i = 0; i < n; i++) {
            long t = t0 + (n == 1 ? 0 : spanNanos * i / (n - 1));
            byte[] nak = Frames.ack(1, 0x60, 0);
            frames.add(new TestCaptures.RawFrame(t, nak, nak.length, 1));
        }
        frames.replaceAll(f -> new TestCaptures.RawFrame(f.timestampNanos(), f.data(), f.data().length, 1));
        Path p = dir.resolve(name);
        Files.write(p, TestPcapWriter.pcap(frames, 1, ByteOrder.LITTLE_ENDIAN, true, 65535));
        return p;
    }

    @Test
    void nakStormRuleHonoursItsWindowExactlyAtTheBoundary(@TempDir Path dir) throws Exception {
        // default.yaml: nak_rate over 10ms >= 10 fails
        Path inside = nakStorm(dir, "storm.pcap", 10, 10_000_000L);          // 10 NAKs, first to last exactly 10 ms
        Path thinner = nakStorm(dir, "thin.pcap", 10, 10_000_001L);          // the same, 1 ns wider: 9 in any window
        Path nine = nakStorm(dir, "nine.pcap", 9, 1_000_000L);
        CliRunner storm = CliRunner.run("check", "--rules", DEFAULT, inside.toString());
        assertThat(storm.exit()).isEqualTo(1);
        assertThat(storm.out()).contains("[error] nak-storm").contains("nak_rate = 10, fails when >= 10; frames 2,3,4,5,6");
        CliRunner thin = CliRunner.run("check", "--rules", DEFAULT, thinner.toString());
        assertThat(thin.out()).doesNotContain("nak-storm —");
        assertThat(CliRunner.run("check", "--rules", DEFAULT, nine.toString()).out()).doesNotContain("nak-storm —");
    }

    @Test
    void junitXmlParsesWithATestCasePerRuleAndSubject(@TempDir Path dir) throws Exception {
        Path xml = dir.resolve("out.xml");
        CliRunner r = CliRunner.run("check", "--rules", STRICT, "--junit", xml.toString(), capture("send_bw_loss2pct"), capture("send_bw_rc"));
        assertThat(r.exit()).isEqualTo(1);
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        Element root = doc.getDocumentElement();
        assertThat(root.getTagName()).isEqualTo("testsuites");
        NodeList suites = root.getElementsByTagName("testsuite");
        assertThat(suites.getLength()).isEqualTo(2);
        Element loss = (Element) suites.item(0);
        assertThat(loss.getAttribute("name")).endsWith("send_bw_loss2pct.pcap");
        assertThat(loss.getAttribute("tests")).isEqualTo("8");   // 4 flow rules x 2 flows
        assertThat(loss.getAttribute("failures")).isEqualTo("2");
        NodeList failures = loss.getElementsByTagName("failure");
        assertThat(failures.getLength()).isEqualTo(2);
        Element failed = (Element) failures.item(0).getParentNode();
        assertThat(failed.getAttribute("name")).isEqualTo("any-nak [10.0.0.1 → 10.0.0.2 QP 0x000011 (connection 1)]");
        assertThat(((Element) failures.item(0)).getAttribute("message")).contains("nak_count = 28");
        assertThat(((Element) suites.item(1)).getAttribute("failures")).isEqualTo("0");
        assertThat(root.getAttribute("tests")).isEqualTo("16");
    }

    @Test
    void jsonResultsForScripts() throws Exception {
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(
            CliRunner.run("check", "-T", "json", "--rules", STRICT, capture("send_bw_loss2pct")).out());
        var results = json.get(capture("send_bw_loss2pct"));
        assertThat(results.size()).isEqualTo(8);
        var failed = new ArrayList<com.fasterxml.jackson.databind.JsonNode>();
        results.forEach(n -> { if (n.get("failed").asBoolean()) failed.add(n); });
        assertThat(failed).hasSize(2);
        assertThat(failed.get(0).get("frames").get(0).asLong()).isPositive();
        assertThat(failed.get(0).get("value").asDouble()).isEqualTo(28.0);
    }

    @Test
    void eachKindOfInvalidRuleFileGetsAClearError(@TempDir Path dir) throws Exception {
        String ok = "  - id: r1\n    description: d\n    severity: error\n    metric: nak_count\n    scope: flow\n    comparison: \">\"\n    threshold: 0\n";
        String[][] cases = {
            {ok.replace("nak_count", "nak_counts"), "rule 'r1': field 'metric': unknown metric 'nak_counts'"},
            {ok.replace("threshold: 0", "threshold: many"), "rule 'r1': field 'threshold': a number is required, not 'many'"},
            {ok.replace("scope: flow", "scope: galaxy"), "rule 'r1': field 'scope': unknown scope 'galaxy'"},
            {ok.replace("metric: nak_count", "metric: cm_rej_count"), "rule 'r1': field 'scope': metric cm_rej_count is measured per capture, not per flow"},
            {ok.replace("nak_count", "nak_rate"), "rule 'r1': field 'window': metric nak_rate needs a window"},
            {ok.replace("    severity: error\n", ""), "rule 'r1': field 'severity' is missing"},
            {ok.replace("severity: error", "severity: fatal"), "field 'severity': 'fatal' is not one of error, warning, note"},
            {ok.replace("comparison: \">\"", "comparison: \"=>\""), "field 'comparison': '=>' is not one of"},
            {ok + "    colour: red\n", "rule 'r1': unknown field 'colour'"},
            {ok + ok, "rule 'r1': the id is used twice"},
        };
        int i = 0;
        for (String[] c : cases) {
            Path f = dir.resolve("bad" + (i++) + ".yaml");
            Files.writeString(f, "rules:\n" + c[0]);
            CliRunner r = CliRunner.run("check", "--rules", f.toString(), capture("send_bw_rc"));
            assertThat(r.exit()).as(c[1]).isEqualTo(2);
            assertThat(r.err()).as(c[1]).startsWith("rocescope: " + f + ": ").contains(c[1]).doesNotContain("Exception");
            assertThat(r.err().lines().count()).isEqualTo(1);
        }
        Path yaml = dir.resolve("broken.yaml");
        Files.writeString(yaml, "rules: [ {id: x, \n");
        assertThat(CliRunner.run("check", "--rules", yaml.toString(), capture("send_bw_rc")).err()).contains("not valid YAML");
        assertThat(CliRunner.run("check", "--rules", dir.resolve("none.yaml").toString(), capture("send_bw_rc")).err()).contains("no such rule file");
        assertThat(CliRunner.run("check", "--rules", STRICT, "/nonexistent.pcap").exit()).isEqualTo(2);
    }

    @Test
    void packsShipAllTheirRulesValid() {
        // every metric of both packs loads, and rule files name each rule once
        assertThat(CliRunner.run("check", "--rules", DEFAULT, "--rules", STRICT, capture("rping")).exit()).isZero();
    }
}
