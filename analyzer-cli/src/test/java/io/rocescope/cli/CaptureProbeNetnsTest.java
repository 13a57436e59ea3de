package io.rocescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code capture --probe}: the capture in namespace A probes the CM responder (and a TCP listener) in
 * namespace B over a veth pair of the test's own, and what it wrote is read back with tshark and with the
 * file commands: the probes' REQs and their REJs are in the capture, the RTTs and REJ reasons it reports
 * are the ones the frames carry (timestamps, {@code infiniband.cm.rej.reason}), the probes to one host
 * leave at most --rate per second even when two kinds of probe share it, and nothing in the capture went to
 * any other address.
 */
class CaptureProbeNetnsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String REQ = "infiniband.mad.attributeid == 0x0010 && !icmp", REJ = "infiniband.mad.attributeid == 0x0012 && !icmp";

    @BeforeAll
    static void needs() {
        Assumptions.assumeTrue(NetnsPair.available(), "needs root and ip netns (network namespaces, veth)");
        Tshark.assume();
    }

    /** tshark's rows of {@code fields} for the frames {@code filter} selects. */
    private static List<String[]> rows(Path file, String filter, String... fields) {
        List<String> args = new ArrayList<>(List.of("-r", file.toString(), "-Y", filter, "-T", "fields"));
        for (String f : fields) args.addAll(List.of("-e", f));
        String out = Tshark.run(args.toArray(String[]::new)).strip();
        return out.isEmpty() ? List.of() : Arrays.stream(out.split("\n")).map(l -> l.split("\t", -1)).toList();
    }

    /** frame.time_epoch in nanoseconds, exactly. */
    private static long nanos(String epoch) {
        return new BigDecimal(epoch).movePointRight(9).longValueExact();
    }

    /** JSON Lines' one object under {@code key}. */
    private static JsonNode only(String jsonLines, String key) throws Exception {
        List<JsonNode> found = new ArrayList<>();
        for (String l : jsonLines.split("\n")) {
            if (l.isBlank()) continue;
            JsonNode n = JSON.readTree(l);
            if (n.has(key)) found.add(n.get(key));
        }
        assertThat(found).as("one '%s' line", key).hasSize(1);
        return found.get(0);
    }

    @Test
    void theProbesFramesAreCapturedAndTheirResultsAreWhatTheFramesSay(@TempDir Path dir) throws Exception {
        try (NetnsPair net = NetnsPair.create("c")) {
            List<String> log = new ArrayList<>();
            Process resp = ProbeNetnsTest.responder(net, "rej", 90, log);
            Path file = dir.resolve("probed.pcapng"), junit = dir.resolve("probes.xml");
            ProbeNetnsTest.Run r;
            try {
                // no -c or -a: the capture ends once the probes are done
                r = ProbeNetnsTest.probe(net, "capture", "-i", net.ifA, "--probe", "cm:" + net.ipB, "--probe-count", "4", "--rate", "10",
                    "-T", "json", "-w", file.toString(), "--junit", junit.toString());
            } finally {
                resp.destroy();
                resp.waitFor(10, TimeUnit.SECONDS);
            }
            assertThat(r.exit()).as(r.err()).isZero();
            JsonNode t = only(r.out(), "probes").get(0);
            assertThat(t.get("probe").asText()).isEqualTo("cm");
            assertThat(t.get("from").asText()).isEqualTo(net.ipA);
            assertThat(t.get("interface").asText()).isEqualTo(net.ifA);
            assertThat(t.get("sent").asInt()).isEqualTo(4);
            assertThat(t.get("lost").asInt()).isZero();
            assertThat(t.get("answers").get("REJ").asInt()).isEqualTo(4);

            // the capture holds each REQ sent and its REJ: paired by transaction ID, in the probes' order
            List<String[]> reqs = rows(file, REQ + " && ip.dst == " + net.ipB, "frame.time_epoch", "infiniband.mad.transactionid");
            // the responder answers every copy of a resent REQ (a slow first answer under load): the probe takes the first per transaction
            java.util.Set<String> answered = new java.util.HashSet<>();
            List<String[]> rejs = rows(file, REJ + " && ip.src == " + net.ipB, "frame.time_epoch", "infiniband.mad.transactionid",
                "infiniband.cm.rej.reason").stream().filter(x -> answered.add(x[1])).toList();
            int sends = 0;
            for (JsonNode p : t.get("probes")) sends += p.get("sends").asInt();
            assertThat(reqs).hasSize(sends);
            assertThat(rejs).hasSize(4);
            Thread.sleep(200);
            assertThat(ProbeNetnsTest.lines(log, "REQ ")).hasSize(sends);
            double[] rtts = new double[4];
            for (int i = 0; i < 4; i++) {
                JsonNode p = t.get("probes").get(i);
                String[] rej = rejs.get(i);
                // the RTT runs from the last copy of the REQ sent before the answer
                long sent = reqs.stream().filter(q -> q[1].equals(rej[1]) && nanos(q[0]) <= nanos(rej[0])).mapToLong(q -> nanos(q[0])).max().orElseThrow();
                rtts[i] = (nanos(rej[0]) - sent) / 1e6;
                // the capture keeps microseconds, the probe's own handle nanoseconds: equal within one microsecond
                assertThat(p.get("rttMillis").asDouble()).as("probe %d", i + 1).isCloseTo(rtts[i], org.assertj.core.data.Offset.offset(0.001));
                assertThat(p.get("rejectReason").asInt()).isEqualTo(Integer.decode(rej[2]));
            }
            assertThat(t.get("rejectReasons").get("8 Invalid service ID").asInt()).isEqualTo(4);
            double[] sorted = rtts.clone();
            Arrays.sort(sorted);
            assertThat(t.get("rttMillis").get("min").asDouble()).isCloseTo(sorted[0], org.assertj.core.data.Offset.offset(0.001));
            assertThat(t.get("rttMillis").get("max").asDouble()).isCloseTo(sorted[3], org.assertj.core.data.Offset.offset(0.001));

            // at most --rate 10 per second on the wire: every REQ at least 100 ms after the one before
            for (int i = 1; i < reqs.size(); i++) {
                assertThat(nanos(reqs.get(i)[0]) - nanos(reqs.get(i - 1)[0])).as("REQ %d after REQ %d", i + 1, i).isGreaterThanOrEqualTo(99_999_000L);
            }
            // nothing to or from any other address: IP only between A and B, ARP only asking for B or A
            for (String[] ip : rows(file, "ip", "ip.src", "ip.dst")) {
                assertThat(List.of(ip[0].split(",")[0], ip[1].split(",")[0])).containsExactlyInAnyOrder(net.ipA, net.ipB);
            }
            for (String[] arp : rows(file, "arp", "arp.dst.proto_ipv4")) assertThat(arp[0]).isIn(net.ipA, net.ipB);

            // the analysis of the file: each probe a CM set-up rejected with tshark's reason, as the live one reported it
            JsonNode timeline = JSON.readTree(CliRunner.run("timeline", "-T", "json", file.toString()).out());
            List<JsonNode> rejected = new ArrayList<>();
            timeline.forEach(e -> { if ("rejected".equals(e.path("outcome").asText())) rejected.add(e); });
            assertThat(rejected).hasSize(4).allSatisfy(e -> {
                assertThat(e.get("from").asText()).isEqualTo(net.ipA);
                assertThat(e.get("reason").asText()).isEqualTo("Invalid service ID (8)");
                assertThat(e.get("service").asText()).isEqualTo("TCP:9999");
                List<String> events = new ArrayList<>();
                e.get("events").forEach(ev -> events.add(ev.get("event").asText()));
                assertThat(events).containsSubsequence("REQ", "REJ");
            });
            JsonNode fileFlows = JSON.readTree(CliRunner.run("flows", "-T", "json", file.toString()).out());
            JsonNode fileExpert = JSON.readTree(CliRunner.run("expert", "-T", "json", file.toString()).out());
            assertThat(LiveAnalysisNetnsTest.untimed(only(r.out(), "flows"))).isEqualTo(LiveAnalysisNetnsTest.untimed(fileFlows));
            assertThat(LiveAnalysisNetnsTest.untimed(only(r.out(), "expert"))).isEqualTo(LiveAnalysisNetnsTest.untimed(fileExpert));
            assertThat(fileExpert.get("counts").get("cm.rej").asInt()).isEqualTo(4);
            assertThat(only(r.out(), "capture").get("frames").asInt()).isEqualTo(rows(file, "frame", "frame.number").size());

            assertThat(Files.readString(junit)).contains("<testsuites name=\"rocescope probe\" tests=\"1\" failures=\"0\"")
                .contains("<testcase classname=\"rocescope.probe.cm\" name=\"" + net.ipB + "\" time=\"0\"/>");
        }
    }

    @Test
    void cmAndTcpProbesToOneHostShareItsRateAndFollowTheSummary(@TempDir Path dir) throws Exception {
        try (NetnsPair net = NetnsPair.create("k")) {
            List<String> log = new ArrayList<>();
            Process resp = ProbeNetnsTest.responder(net, "rej", 90, log);
            Process listener = net.java(net.b, ProbeNetnsTest.TcpListener.class.getName(), "18515").start();
            Path file = dir.resolve("both.pcapng"), junit = dir.resolve("both.xml"), pack = dir.resolve("rej.yaml");
            // a rule that passes: the JUnit document holds its suite and the probes'
            Files.writeString(pack, "rules:\n  - id: few-cm-rejects\n    description: at most 10 CM REJs\n    severity: error\n"
                + "    metric: cm_rej_count\n    scope: capture\n    comparison: \">\"\n    threshold: 10\n");
            ProbeNetnsTest.Run r;
            try {
                new BufferedReader(new InputStreamReader(listener.getInputStream(), StandardCharsets.UTF_8)).readLine();   // READY
                r = ProbeNetnsTest.probe(net, "capture", "-i", net.ifA, "--probe", "cm:" + net.ipB, "--probe", "tcp:" + net.ipB + ":18515",
                    "--probe-count", "3", "--rate", "10", "-w", file.toString(), "--rules", pack.toString(), "--junit", junit.toString());
            } finally {
                resp.destroy();
                listener.destroy();
                resp.waitFor(10, TimeUnit.SECONDS);
                listener.waitFor(10, TimeUnit.SECONDS);
            }
            assertThat(r.exit()).as(r.err()).isZero();
            String out = r.out();
            assertThat(out).contains("PROBE cm " + net.ipB + " (" + net.ipB + ") port 9999 from " + net.ipA + " on " + net.ifA + ": 3 probes, 10/s")
                .contains("PROBE tcp " + net.ipB + ":18515 (" + net.ipB + ") port 18515: 3 probes, 10/s");
            // the probes' summaries follow the capture's (frames, flows, expert), the CM one first as named
            int summary = out.indexOf("live:" + net.ifA + ": "), expert = out.indexOf("Findings by kind:"),
                cm = out.indexOf("--- " + net.ipB + " (" + net.ipB + ") cm probe statistics ---\n3 probes, 3 answered, 0 lost (0%); REJ 3\n"),
                tcp = out.indexOf("--- " + net.ipB + ":18515 (" + net.ipB + ") tcp probe statistics ---\n3 probes, 3 answered, 0 lost (0%); open 3\n");
            assertThat(summary).as(out).isPositive();
            assertThat(expert).as(out).isGreaterThan(summary);
            assertThat(cm).as(out).isGreaterThan(expert);
            assertThat(tcp).as(out).isGreaterThan(cm);
            assertThat(out).contains("REJ reasons: 8 Invalid service ID ×3");
            // one bucket for the host: its REQs and SYNs together at least 100 ms apart on the wire
            List<Long> sent = rows(file, "ip.dst == " + net.ipB + " && ((" + REQ + ") || tcp.flags.syn == 1)", "frame.time_epoch").stream()
                .map(x -> nanos(x[0])).sorted().toList();
            assertThat(sent).hasSize(6);
            for (int i = 1; i < sent.size(); i++) assertThat(sent.get(i) - sent.get(i - 1)).as("probe frame %d", i + 1).isGreaterThanOrEqualTo(99_999_000L);
            assertThat(rows(file, "tcp.flags.syn == 1 && tcp.flags.ack == 1 && ip.src == " + net.ipB, "frame.number")).hasSize(3);
            // each connect's time is its handshake's: within 30 ms of the wire's SYN -> SYN/ACK (the JVM's first
            // connect once took 75-194 ms more, the socket code loading inside the timed part)
            List<Double> wire = rows(file, "tcp.flags.syn == 1 && tcp.flags.ack == 1 && ip.src == " + net.ipB, "tcp.time_delta").stream()
                .map(x -> Double.parseDouble(x[0]) * 1e3).toList();
            java.util.regex.Matcher m = java.util.regex.Pattern.compile(java.util.regex.Pattern.quote(net.ipB) + " seq=\\d+ open time=([0-9.]+) ms").matcher(out);
            List<Double> told = new ArrayList<>();
            while (m.find()) told.add(Double.parseDouble(m.group(1)));
            assertThat(told).as(out).hasSize(3);
            for (int i = 0; i < 3; i++) assertThat(told.get(i)).as("tcp probe %d against the wire's %.3f ms", i + 1, wire.get(i)).isLessThan(wire.get(i) + 30);
            assertThat(out).contains("live:" + net.ifA + ": PASS");
            assertThat(Files.readString(junit)).startsWith("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    + "<testsuites name=\"rocescope capture\" tests=\"3\" failures=\"0\" errors=\"0\">\n"
                    + "  <testsuite name=\"live:" + net.ifA + "\" tests=\"1\" failures=\"0\"")
                .contains("<testcase classname=\"rocescope.few-cm-rejects\"")
                .contains("  <testsuite name=\"probe\" tests=\"2\" failures=\"0\"")
                .contains("<testcase classname=\"rocescope.probe.tcp\" name=\"" + net.ipB + ":18515\" time=\"0\"/>")
                .endsWith("  </testsuite>\n</testsuites>\n");
        }
    }

    @Test
    void aCaptureThatEndsFirstStopsTheProbesAndSaysSo(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("ended.pcapng");
        try (NetnsPair net = NetnsPair.create("e")) {
            List<String> log = new ArrayList<>();
            Process resp = ProbeNetnsTest.responder(net, "rej", 90, log);
            ProbeNetnsTest.Run r;
            long start = System.nanoTime();
            try {
                r = ProbeNetnsTest.probe(net, "capture", "-i", net.ifA, "-a", "2", "--probe", "cm:" + net.ipB, "--probe-count", "100", "--rate", "5",
                    "-T", "json", "-w", file.toString());
            } finally {
                resp.destroy();
                resp.waitFor(10, TimeUnit.SECONDS);
            }
            assertThat((System.nanoTime() - start) / 1e9).isLessThan(60);
            // the probes sent were all answered: not sending the rest is the capture's end (said on stderr), not a loss
            assertThat(r.exit()).as(r.err()).isZero();
            JsonNode t = only(r.out(), "probes").get(0);
            int sent = t.get("sent").asInt();
            assertThat(t.get("lost").asInt()).isZero();
            // 5/s for 2 s: 11 tokens, the first at once; one more when the stop comes late on a loaded machine
            assertThat(sent).isBetween(1, 12);
            assertThat(r.err()).contains("rocescope: warning: the capture ended before the probes of cm:" + net.ipB + " were done (" + sent + " of 100)");
            // the probes stop with the capture, before its analysis ends: none went out that the capture did not take
            assertThat(rows(file, REQ, "frame.number")).as("the REQs in the capture").hasSize(sent);
        }
    }

    @Test
    void aProbeThatWouldLeaveByAnotherInterfaceOrToTheBroadcastAddressIsRefused() throws Exception {
        try (NetnsPair net = NetnsPair.create("w")) {
            ProbeNetnsTest.Run lo = ProbeNetnsTest.probe(net, "capture", "-i", "lo", "--probe", "tcp:" + net.ipB + ":18515");
            assertThat(lo.exit()).isEqualTo(2);
            assertThat(lo.err()).isEqualTo("rocescope: the route to " + net.ipB + " leaves by " + net.ifA + ", not lo\n");
            String brd = net.ipB.replaceAll("\\.2$", ".255");
            ProbeNetnsTest.Run b = ProbeNetnsTest.probe(net, "capture", "-i", net.ifA, "--probe", "cm:" + brd);
            assertThat(b.exit()).isEqualTo(2);
            assertThat(b.err()).isEqualTo("rocescope: target '" + brd + "' is the broadcast address of " + net.ifA + ": probes go only to single hosts\n");
            assertThat(b.out()).isEmpty();
        }
    }

    /** Root without its capabilities (setpriv drops them all): the capture cannot open, in one line. */
    @Test
    void withoutRootCapturingWithProbesSaysSoInOneLine() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")), "needs setpriv (util-linux) to drop root's capabilities");
        try (NetnsPair net = NetnsPair.create("n")) {
            ProbeNetnsTest.assertOneLineWithoutCapabilities(net, "rocescope: capture on " + net.ifA + " needs root or CAP_NET_RAW",
                "capture", "-i", net.ifA, "--probe", "cm:" + net.ipB);
        }
    }
}
