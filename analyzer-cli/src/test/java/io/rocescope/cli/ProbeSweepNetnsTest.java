package io.rocescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code probe cm}'s sweeps from namespace A against the CM responder in namespace B (a veth pair of the
 * test's own), what reached B captured there by dumpcap and read back by tshark: the DSCP of each step's
 * REQs (ip.dsfield.dscp) with one DSCP left unanswered by the responder (the fault the sweep must name), the
 * frame sizes that cross a veth whose far end has a smaller MTU (frame.len; the path MTU reported is the
 * far end's), and the UDP source ports of an ECMP sweep (udp.srcport; their count from the coverage formula
 * worked out here on its own).
 */
class ProbeSweepNetnsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void needs() {
        Assumptions.assumeTrue(NetnsPair.available(), "needs root and ip netns (network namespaces, veth)");
        Tshark.assume();
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/dumpcap")), "needs dumpcap (Wireshark's) to capture in namespace B");
    }

    /** dumpcap on B's interface until {@link #close}: what arrived there and what B sent. */
    private static final class Dumpcap implements AutoCloseable {
        final Process p;
        final Path file;

        Dumpcap(NetnsPair net, Path file) throws Exception {
            this.file = file;
            p = new ProcessBuilder("ip", "netns", "exec", net.b, "dumpcap", "-q", "-i", net.ifB, "-f", "udp port 4791", "-w", file.toString())
                .redirectErrorStream(true).start();
            // dumpcap says "File: …" once it captures
            java.io.BufferedReader r = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()));
            for (String l; (l = r.readLine()) != null && !l.startsWith("File:"); ) { /* its banner */ }
            Thread.sleep(300);
        }

        @Override
        public void close() throws Exception {
            Thread.sleep(300);
            p.destroy();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** tshark's rows of {@code fields} for the frames {@code filter} selects. */
    private static List<String[]> rows(Path file, String filter, String... fields) {
        List<String> args = new ArrayList<>(List.of("-r", file.toString(), "-Y", filter, "-T", "fields"));
        for (String f : fields) args.addAll(List.of("-e", f));
        String out = Tshark.run(args.toArray(String[]::new)).strip();
        return out.isEmpty() ? List.of() : Arrays.stream(out.split("\n")).map(l -> l.split("\t", -1)).toList();
    }

    private static final String REQ = "infiniband.mad.attributeid == 0x0010", REJ = "infiniband.mad.attributeid == 0x0012";

    private static Map<Integer, JsonNode> steps(JsonNode target) {
        Map<Integer, JsonNode> m = new LinkedHashMap<>();
        for (JsonNode s : target.get("sweep").get("steps")) m.put(s.get("value").asInt(), s);
        return m;
    }

    @Test
    void aDscpSweepNamesTheTrafficClassTheFabricDrops(@TempDir Path dir) throws Exception {
        try (NetnsPair net = NetnsPair.create("q")) {
            // the fault: DSCP 26 goes unanswered (the responder leaves it, as a fabric dropping that class would)
            List<String> log = new ArrayList<>();
            Process resp = ProbeNetnsTest.responder(net, "rej", 90, log, "26");
            Path cap = dir.resolve("b.pcapng"), junit = dir.resolve("sweep.xml");
            ProbeNetnsTest.Run r;
            try (Dumpcap d = new Dumpcap(net, cap)) {
                r = ProbeNetnsTest.probe(net, "probe", "cm", "-c", "2", "--rate", "10", "--retries", "0", "--cm-response-timeout", "18",
                    "--dscp", "0,26,46", "-T", "json", "--junit", junit.toString(), net.ipB);
            } finally {
                resp.destroy();
                resp.waitFor(10, TimeUnit.SECONDS);
            }
            assertThat(r.exit()).as(r.err()).isEqualTo(1);
            JsonNode t = JSON.readTree(r.out()).get(0);
            Map<Integer, JsonNode> steps = steps(t);
            assertThat(steps.keySet()).containsExactly(0, 26, 46);
            // what reached B, by DSCP, as tshark reads it: two REQs of each step's DSCP, one REJ per REQ answered
            Map<Integer, Long> arrived = rows(cap, REQ, "ip.dsfield.dscp").stream()
                .collect(Collectors.groupingBy(x -> Integer.parseInt(x[0]), Collectors.counting()));
            assertThat(arrived).containsOnlyKeys(0, 26, 46).containsEntry(0, 2L).containsEntry(26, 2L).containsEntry(46, 2L);
            long ignored = ProbeNetnsTest.lines(log, "IGNORED dscp=26").size();
            assertThat(ignored).isEqualTo(2);
            assertThat(rows(cap, REJ, "ip.dst")).hasSize((int) (6 - ignored));
            for (int dscp : List.of(0, 26, 46)) {
                JsonNode s = steps.get(dscp);
                long answered = dscp == 26 ? 0 : arrived.get(dscp);
                assertThat(s.get("answered").asLong()).as("dscp %d", dscp).isEqualTo(answered);
                assertThat(s.get("lost").asLong()).as("dscp %d", dscp).isEqualTo(2 - answered);
            }
            assertThat(steps.get(0).get("answers").get("REJ").asInt()).isEqualTo(2);
            // the REJs B sent carry the P_Key the probe reports
            List<String> pkeys = rows(cap, REJ, "infiniband.bth.p_key").stream().map(x -> x[0]).distinct().toList();
            assertThat(pkeys).hasSize(1);
            assertThat(Integer.decode(t.get("pkeys").get(0).asText())).isEqualTo(Integer.decode(pkeys.get(0)));
            String xml = Files.readString(junit);
            assertThat(xml).contains("tests=\"3\" failures=\"1\"").contains("name=\"" + net.ipB + " dscp=26\"")
                .contains("message=\"2 of 2 probes unanswered at dscp=26");
        }
    }

    @Test
    void aSizeSweepFindsThePathMtuOfTheFarEnd(@TempDir Path dir) throws Exception {
        try (NetnsPair net = NetnsPair.create("m")) {
            net.exec(net.a, "ip", "link", "set", net.ifA, "mtu", "9000");
            int farMtu = Integer.parseInt(net.exec(net.b, "cat", "/sys/class/net/" + net.ifB + "/mtu").strip());
            List<String> log = new ArrayList<>();
            Process resp = ProbeNetnsTest.responder(net, "rej", 90, log);
            Path cap = dir.resolve("b.pcapng");
            List<Integer> sizes = List.of(322, 1000, farMtu + 14, farMtu + 100, 2000);
            ProbeNetnsTest.Run r, text;
            try (Dumpcap d = new Dumpcap(net, cap)) {
                r = ProbeNetnsTest.probe(net, "probe", "cm", "-c", "1", "--rate", "10", "--retries", "0", "--cm-response-timeout", "18",
                    "--sizes", sizes.stream().map(String::valueOf).collect(Collectors.joining(",")), "-T", "json", "--max-lost", "1", net.ipB);
                text = ProbeNetnsTest.probe(net, "probe", "cm", "-c", "1", "--rate", "10", "--retries", "0", "--cm-response-timeout", "18",
                    "--sizes", "1000," + (farMtu + 100), "--max-lost", "1", net.ipB);
            } finally {
                resp.destroy();
                resp.waitFor(10, TimeUnit.SECONDS);
            }
            assertThat(r.exit()).as(r.err()).isZero();
            JsonNode t = JSON.readTree(r.out()).get(0);
            // the REQ frames that reached B, by size, as tshark reads them; each still a well-formed CM REQ
            List<String[]> reqs = rows(cap, REQ + " && ip.src == " + net.ipA, "frame.len", "ip.len", "udp.length", "infiniband.cm.req.serviceid.dport");
            TreeSet<Integer> reached = new TreeSet<>();
            for (String[] x : reqs) {
                int len = Integer.parseInt(x[0]);
                reached.add(len);
                assertThat(Integer.parseInt(x[1])).isEqualTo(len - 14);
                assertThat(x[2]).isEqualTo("288");
                assertThat(Integer.decode(x[3])).isEqualTo(9999);
            }
            // veth takes a frame up to its MTU + 14 + a VLAN tag's 4: the sizes above it never arrive
            assertThat(reached).isEqualTo(sizes.stream().filter(s -> s <= farMtu + 18).collect(Collectors.toCollection(TreeSet::new)));
            for (JsonNode s : t.get("sweep").get("steps")) {
                assertThat(s.get("answered").asInt()).as("size %s", s.get("value")).isEqualTo(reached.contains(s.get("value").asInt()) ? 1 : 0);
            }
            JsonNode mtu = t.get("sweep").get("pathMtu");
            assertThat(mtu.get("largestAnsweredFrame").asInt()).isEqualTo(reached.last());
            assertThat(mtu.get("ipMtu").asInt()).isEqualTo(farMtu);
            assertThat(mtu.get("smallestUnansweredFrame").asInt()).isEqualTo(farMtu + 100);
            assertThat(mtu.get("roceMtu").asInt()).isEqualTo(1024);
            // the responder decoded each padded REQ with a good ICRC (the ICRC covers the padded IP length)
            assertThat(ProbeNetnsTest.lines(log, "REQ ")).hasSize(reqs.size()).allMatch(l -> l.endsWith("icrc=good"));
            assertThat(text.out()).contains("path MTU: frames up to 1000 bytes answered (IP MTU 986, RoCE MTU 512); " + (farMtu + 100) + " bytes not");
        }
    }

    @Test
    void anEcmpSweepSendsAsManySourcePortsAsTheCoverageFormulaAsks(@TempDir Path dir) throws Exception {
        int paths = 3;
        double confidence = 0.95;
        // P(all 3 paths | k) = 1 - 3 (2/3)^k + 3 (1/3)^k: the smallest k that reaches 0.95, worked out here
        int k = 1;
        while (1 - 3 * Math.pow(2.0 / 3, k) + 3 * Math.pow(1.0 / 3, k) < confidence) k++;
        try (NetnsPair net = NetnsPair.create("e")) {
            List<String> log = new ArrayList<>();
            Process resp = ProbeNetnsTest.responder(net, "rej", 90, log);
            Path cap = dir.resolve("b.pcapng"), dry = dir.resolve("dry.pcap");
            ProbeNetnsTest.Run r, d;
            try (Dumpcap c = new Dumpcap(net, cap)) {
                r = ProbeNetnsTest.probe(net, "probe", "cm", "-c", "1", "--rate", "10", "--paths", Integer.toString(paths), "--confidence",
                    Double.toString(confidence), net.ipB);
            } finally {
                resp.destroy();
                resp.waitFor(10, TimeUnit.SECONDS);
            }
            assertThat(r.exit()).as(r.err()).isZero();
            assertThat(r.out()).contains("ECMP: " + k + " source ports cover " + paths + " paths with probability")
                .contains("(-1)^j C(N,j) (1-j/N)^k");
            List<Integer> stepPorts = r.out().lines().filter(l -> l.startsWith("  udp-sport=") && !l.contains("written"))
                .map(l -> Integer.parseInt(l.replaceAll("^  udp-sport=(\\d+):.*", "$1"))).distinct().toList();
            assertThat(stepPorts).hasSize(k);
            // the ports B saw in the REQs, as tshark reads them; every one answered by a REJ to it
            List<Integer> seen = rows(cap, REQ, "udp.srcport").stream().map(x -> Integer.parseInt(x[0])).distinct().toList();
            assertThat(seen).containsExactlyElementsOf(stepPorts);
            assertThat(rows(cap, REJ, "ip.dst").stream().map(x -> x[0]).toList()).hasSize(k).containsOnly(net.ipA);
            assertThat(r.out()).contains(k + " probes, " + k + " answered, 0 lost");
            // a dry run of the same sweep writes k REQs, k distinct ports, and sends nothing
            d = ProbeNetnsTest.probe(net, "probe", "cm", "--dry-run", "-w", dry.toString(), "-c", "1", "--rate", "10", "--paths",
                Integer.toString(paths), "--confidence", Double.toString(confidence), net.ipB);
            assertThat(d.exit()).as(d.err()).isZero();
            assertThat(rows(dry, REQ, "udp.srcport").stream().map(x -> x[0]).distinct().count()).isEqualTo(k);
        }
    }
}
