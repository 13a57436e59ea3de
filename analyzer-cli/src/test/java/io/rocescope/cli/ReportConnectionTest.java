package io.rocescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.cli.report.ReportWriter;
import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report's per-connection fabric (issue 18) and parameters (issue 19): every value equals
 * {@code flows}/{@code stats}/{@code expert -T json} at the place it names, and tshark's fields of the
 * same packets (vlan.id, vlan.priority, ip.dsfield.dscp, ip.dsfield.ecn, udp.srcport; infiniband.cm.req/rep.*).
 */
class ReportConnectionTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private static Path capture(String name) {
        Path sample = TestCaptures.sample(name);
        return Files.exists(sample) ? sample : TestCaptures.file(name);
    }

    private JsonNode report(Path file) throws IOException {
        Path out = tmp.resolve("report.json");
        CliRunner r = CliRunner.run("report", file.toString(), "-o", out.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        String doc = Files.readString(out);
        return JSON.readTree(doc.substring(ReportWriter.JSON_HEAD.length(), doc.lastIndexOf(ReportWriter.JSON_SEAL)));
    }

    private static JsonNode cli(String command, Path file) throws IOException {
        CliRunner r = CliRunner.run(command, "-T", "json", file.toString());
        assertThat(r.exit()).as(r.err()).isIn(0, 1);
        return JSON.readTree(r.out());
    }

    private static List<String[]> tshark(Path file, String filter, String... fields) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("tshark", "-n", "-r", file.toString(), "-Y", filter, "-T", "fields", "-E", "occurrence=f"));
        for (String f : fields) cmd.addAll(List.of("-e", f));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        List<String[]> rows = new ArrayList<>();
        for (String line : out.split("\n")) if (!line.isBlank()) rows.add(line.split("\t", -1));
        return rows;
    }

    /** The row of this label in a list of rows: its items' values by key (or by position when unkeyed). */
    private static Map<String, String> row(JsonNode rows, String label) {
        for (JsonNode r : rows) {
            if (!r.get("label").asText().equals(label)) continue;
            Map<String, String> m = new TreeMap<>();
            int i = 0;
            for (JsonNode it : r.get("items")) m.put(it.get("key").isNull() ? "#" + i++ : it.get("key").asText(), it.get("value").asText());
            return m;
        }
        return Map.of();
    }

    /** Every value in the connection sections is the CLI JSON's at its pointer. */
    private static int checkAgainstCli(JsonNode node, Map<String, JsonNode> cli) {
        int n = 0;
        if (node.isObject() && node.has("src") && node.has("ptr") && node.has("value") && cli.containsKey(node.get("src").asText())) {
            JsonNode v = cli.get(node.get("src").asText()).at(node.get("ptr").asText());
            assertThat(v.isMissingNode()).as(node.get("ptr").asText()).isFalse();
            String shown = node.get("value").asText();
            if (node.has("hex")) assertThat(shown).isEqualTo("0x" + Long.toHexString(v.asLong()));
            else if (node.has("scale")) assertThat(Double.parseDouble(shown)).as(node.get("ptr").asText())
                .isCloseTo(v.asDouble() * node.get("scale").asDouble(), org.assertj.core.data.Offset.offset(Math.pow(10, -node.get("decimals").asInt())));
            else assertThat(shown).as(node.get("ptr").asText()).isEqualTo(v.asText());
            n++;
        }
        for (JsonNode child : node) n += checkAgainstCli(child, cli);
        return n;
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_vlan_tclass106", "send_bw_tclass106_ce", "send_bw_vlan100", "send_bw_rc_rdmacm", "retry_exhausted", "rnr_retry_exhausted"})
    void classesEcnAndPortsPerDirectionAreTsharksAndTheCliJsons(String name) throws Exception {
        Path file = capture(name);
        JsonNode f = report(file).get("files").get(0);
        Map<String, JsonNode> cli = Map.of("flows", cli("flows", file), "stats", cli("stats", file), "expert", cli("expert", file));
        int checked = 0;
        for (JsonNode c : f.get("connections")) {
            for (String part : new String[] {"directions", "parameters", "endings", "fabricFindings"}) checked += checkAgainstCli(c.get(part), cli);
        }
        checked += checkAgainstCli(f.get("fabric").get("priorities"), cli);
        assertThat(checked).isGreaterThan(20);

        Assumptions.assumeTrue(ExternalTool.installed("tshark"), "tshark is not installed");
        // RoCE packets of the flows (no CNPs, no MADs to QP 1), per direction
        Map<String, Map<String, Map<String, Long>>> seen = new HashMap<>();
        for (String[] r : tshark(file, "infiniband.bth && !(infiniband.bth.opcode == 129) && !(infiniband.bth.destqp == 1)",
                "ip.src", "ip.dst", "infiniband.bth.destqp", "vlan.id", "vlan.priority", "ip.dsfield.dscp", "ip.dsfield.ecn", "udp.srcport")) {
            Map<String, Map<String, Long>> d = seen.computeIfAbsent(r[0] + " → " + r[1] + " " + Long.decode(r[2]), k -> new HashMap<>());
            String[] names = {"vlan", "pcp", "dscp", "ecn", "port"};
            for (int i = 0; i < names.length; i++) if (!r[i + 3].isEmpty()) d.computeIfAbsent(names[i], k -> new TreeMap<>()).merge(r[i + 3], 1L, Long::sum);
        }
        String[] ecnNames = {"Not-ECT", "ECT(1)", "ECT(0)", "CE"};   // by codepoint: ECT(0) is 0b10
        int directions = 0;
        for (JsonNode c : f.get("connections")) {
            for (JsonNode d : c.get("directions")) {
                String key = d.get("src").asText() + " → " + d.get("dst").asText() + " " + cli.get("flows").at(d.get("ptr").asText() + "/destQp").asLong();
                Map<String, Map<String, Long>> t = seen.get(key);
                assertThat(t).as(key).isNotNull();
                JsonNode rows = d.get("fabric");
                assertThat(row(rows, "VLAN ID: packets")).isEqualTo(strings(t.get("vlan")));
                assertThat(row(rows, "PCP: packets")).isEqualTo(strings(t.get("pcp")));
                assertThat(row(rows, "DSCP: packets")).isEqualTo(strings(t.get("dscp")));
                Map<String, String> ecn = new TreeMap<>();
                for (int k = 0; k < 4; k++) ecn.put(ecnNames[k], String.valueOf(t.get("ecn").getOrDefault(String.valueOf(k), 0L)));
                assertThat(row(rows, "ECN: packets")).isEqualTo(ecn);
                assertThat(row(rows, "UDP source ports")).containsEntry("#0", String.valueOf(t.get("port").size()));
                Map<String, String> ports = new TreeMap<>();
                int k = 0;
                for (String p : new java.util.TreeSet<>(t.get("port").keySet().stream().map(Integer::valueOf).toList()).stream().map(String::valueOf).toList()) ports.put("#" + k++, p);
                if (t.get("port").size() <= 8) assertThat(row(rows, "UDP source port numbers")).isEqualTo(ports);
                directions++;
            }
        }
        assertThat(directions).isEqualTo(seen.size());

        // CNPs: their DSCP/PCP and the QP they name, on the flow whose sender they come back to
        for (String[] r : tshark(file, "infiniband.bth.opcode == 129", "ip.src", "ip.dst", "ip.dsfield.dscp", "infiniband.bth.destqp")) {
            JsonNode d = direction(f, r[1], r[0]);
            assertThat(row(d.get("fabric"), "CNP DSCP: packets")).containsKey(r[2]);
            assertThat(row(d.get("fabric"), "CNPs target QP").get("#0")).isEqualTo("0x" + Long.toHexString(Long.decode(r[3])));
        }
    }

    private static JsonNode direction(JsonNode f, String src, String dst) {
        for (JsonNode c : f.get("connections")) for (JsonNode d : c.get("directions")) {
            if (d.get("src").asText().equals(src) && d.get("dst").asText().equals(dst)) return d;
        }
        throw new AssertionError("no direction " + src + " → " + dst);
    }

    private static Map<String, String> strings(Map<String, Long> m) {
        Map<String, String> out = new TreeMap<>();
        if (m != null) m.forEach((k, v) -> out.put(k, String.valueOf(v)));
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_rc_rdmacm", "retry_exhausted", "rnr_retry_exhausted", "rping"})
    void negotiatedParametersAreTsharksCmFields(String name) throws Exception {
        Assumptions.assumeTrue(ExternalTool.installed("tshark"), "tshark is not installed");
        Path file = capture(name);
        JsonNode c = report(file).get("files").get(0).get("connections").get(0);
        String[] req = tshark(file, "infiniband.cm.req", "infiniband.cm.req.retrcount", "infiniband.cm.req.rnrretrcount",
            "infiniband.cm.req.localresptout", "infiniband.cm.req.remoteresptout", "infiniband.cm.req.maxcmretr", "infiniband.cm.req.pppmtu",
            "infiniband.cm.req.pkey", "infiniband.cm.req.prim_tfcclass", "infiniband.cm.req.prim_localacktout",
            "infiniband.cm.req.initdepth", "infiniband.cm.req.responderres", "infiniband.cm.req.startpsn").get(0);
        String[] rep = tshark(file, "infiniband.cm.rep", "infiniband.cm.rep.rnrretrcount", "infiniband.cm.rep.initdepth",
            "infiniband.cm.rep.respres", "infiniband.cm.rep.startpsn").get(0);
        JsonNode p = c.get("parameters");
        assertThat(p.get("negotiatedBy").asText()).isEqualTo("rdma_cm");
        JsonNode rows = p.get("rows");
        assertThat(row(rows, "Local CM response timeout").get("#0")).isEqualTo(String.valueOf(Long.decode(req[2])));
        assertThat(row(rows, "Remote CM response timeout").get("#0")).isEqualTo(String.valueOf(Long.decode(req[3])));
        assertThat(row(rows, "Max CM retries").get("#0")).isEqualTo(String.valueOf(Long.decode(req[4])));
        assertThat(row(rows, "Path MTU").get("#0")).isEqualTo(String.valueOf(128 << Long.decode(req[5])));
        assertThat(row(rows, "P_Key").get("#0")).isEqualTo("0x" + Long.toHexString(Long.decode(req[6])));
        assertThat(row(rows, "Traffic class").get("#0")).isEqualTo(String.valueOf(Long.decode(req[7])));
        // rdma_cm: the active side sends from the REP's Starting PSN, the passive side from the REQ's
        assertThat(row(rows, "Starting PSN A sends from").get("#0")).isEqualTo(String.valueOf(Long.decode(rep[3])));
        assertThat(row(rows, "Starting PSN B sends from").get("#0")).isEqualTo(String.valueOf(Long.decode(req[11])));
        JsonNode a = p.get("qps").get(0).get("negotiated"), b = p.get("qps").get(1).get("negotiated");
        assertThat(row(a, "Retry count").get("#0")).isEqualTo(String.valueOf(Long.decode(req[0])));
        assertThat(row(b, "Retry count").get("#0")).isEqualTo(String.valueOf(Long.decode(req[0])));
        // the active side's RNR retry count is the REP's, the passive side's the REQ's
        assertThat(row(a, "RNR retry count").get("#0")).isEqualTo(String.valueOf(Long.decode(rep[0])));
        assertThat(row(b, "RNR retry count").get("#0")).isEqualTo(String.valueOf(Long.decode(req[1])));
        assertThat(row(a, "ACK timeout").get("#0")).isEqualTo(String.valueOf(Long.decode(req[8])));
        assertThat(row(a, "Initiator depth").get("#0")).isEqualTo(String.valueOf(Long.decode(req[9])));
        assertThat(row(a, "Responder resources").get("#0")).isEqualTo(String.valueOf(Long.decode(req[10])));
        assertThat(row(b, "Initiator depth").get("#0")).isEqualTo(String.valueOf(Long.decode(rep[1])));
        assertThat(row(b, "Responder resources").get("#0")).isEqualTo(String.valueOf(Long.decode(rep[2])));
    }

    /** retry_exhausted: the resends an independent count finds in tshark's PSNs, and the ending with its registry explanation. */
    @Test
    void retryExhaustionShowsTheRetriesAndHowTheConnectionEnded() throws Exception {
        Assumptions.assumeTrue(ExternalTool.installed("tshark"), "tshark is not installed");
        Path file = capture("retry_exhausted");
        JsonNode c = report(file).get("files").get(0).get("connections").get(0);
        Map<String, Integer> sends = new HashMap<>();
        for (String[] r : tshark(file, "infiniband.bth && !(infiniband.bth.destqp == 1) && infiniband.bth.opcode < 16", "ip.src", "infiniband.bth.psn")) {
            sends.merge(r[0] + "/" + r[1], 1, Integer::sum);
        }
        int most = sends.values().stream().max(Integer::compare).orElseThrow();
        JsonNode observed = c.get("parameters").get("qps").get(0).get("observed");
        assertThat(row(observed, "Most sends of one PSN").get("#0")).isEqualTo(String.valueOf(most));
        assertThat(row(observed, "Retries made").get("#0")).isEqualTo(String.valueOf(most - 1));
        JsonNode ending = c.get("endings").get(0);
        assertThat(ending.get("kind").asText()).isEqualTo("qp.retry_exhausted");
        assertThat(ending.get("meaning").asText()).isEqualTo(io.rocescope.flow.FindingKind.QP_RETRY_EXHAUSTED.meaning());
        assertThat(c.get("ending").isNull()).isTrue();
    }

    @Test
    void evidenceIntoADirectoryWithFilesIsRefusedUnlessForced() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("ev"));
        Files.writeString(dir.resolve("old.pcap"), "left from another case");
        Path file = capture("retry_exhausted");
        CliRunner r = CliRunner.run("report", file.toString(), "-o", tmp.resolve("r.html").toString(), "--evidence", dir.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().lines().count()).as(r.err()).isEqualTo(1);
        assertThat(r.err()).contains("already holds files").contains("--force").doesNotContain("Exception");
        assertThat(tmp.resolve("r.html")).doesNotExist();
        CliRunner forced = CliRunner.run("report", file.toString(), "-o", tmp.resolve("r.html").toString(), "--evidence", dir.toString(), "--force");
        assertThat(forced.exit()).as(forced.err()).isZero();
        assertThat(dir.resolve("findings.jsonl")).exists();
        // an empty directory needs no --force
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertThat(CliRunner.run("report", file.toString(), "-o", tmp.resolve("s.html").toString(), "--evidence", empty.toString()).exit()).isZero();
    }
}
