package io.rocescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.cli.probe.CmResponder;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code probe cm} and {@code probe tcp} from namespace A against a responder in namespace B (a veth pair
 * of the test's own): {@link CmResponder} answers each CM REQ as Linux's CM does with nothing listening
 * (REJ, reason 8), or as a listener (REP), or not at all, and logs what reached it, which is what the
 * probe's report is checked against. The kernel's own CM (rdma_rxe) cannot be loaded here: this host's
 * kernel has no modules (no /lib/modules, no modprobe); scripts/lab-probe.sh runs the probe against it.
 */
class ProbeNetnsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void needsNamespaces() {
        Assumptions.assumeTrue(NetnsPair.available(), "needs root and ip netns (network namespaces, veth)");
    }

    /** The responder in B, started and ready; its log lines are collected into {@code log}. */
    static Process responder(NetnsPair net, String mode, double seconds, List<String> log, String... more) throws Exception {
        List<String> args = new ArrayList<>(List.of(net.ifB, mode, Double.toString(seconds)));
        args.addAll(List.of(more));
        Process p = net.java(net.b, CmResponder.class.getName(), args.toArray(String[]::new))
            .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        CompletableFuture<Void> ready = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                for (String line; (line = r.readLine()) != null; ) {
                    if (line.equals("READY")) ready.complete(null);
                    else synchronized (log) { log.add(line); }
                }
            } catch (Exception ignored) {
                // ended
            }
            ready.complete(null);
        });
        t.setDaemon(true);
        t.start();
        ready.get(60, TimeUnit.SECONDS);
        return p;
    }

    static Run probe(NetnsPair net, String... args) throws Exception {
        Process p = net.cli(net.a, args).start();
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        String out = read(p.getInputStream());
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), out, err.get());
    }

    record Run(int exit, String out, String err) {}

    static List<String> lines(List<String> log, String prefix) {
        synchronized (log) {
            return log.stream().filter(l -> l.startsWith(prefix)).toList();
        }
    }

    @Test
    void aRejectingTargetAnswersEveryProbeWithItsReason() throws Exception {
        try (NetnsPair net = NetnsPair.create("r")) {
            List<String> log = new ArrayList<>();
            Process resp = responder(net, "rej", 60, log);
            try {
                Run r = probe(net, "probe", "cm", "-c", "4", "--rate", "10", "-T", "json", net.ipB);
                assertThat(r.exit()).as(r.err()).isZero();
                JsonNode t = JSON.readTree(r.out()).get(0);
                assertThat(t.get("from").asText()).isEqualTo(net.ipA);
                assertThat(t.get("sent").asInt()).isEqualTo(4);
                assertThat(t.get("lost").asInt()).isZero();
                assertThat(t.get("answers").get("REJ").asInt()).isEqualTo(4);
                assertThat(t.get("rejectReasons").get("8 Invalid service ID").asInt()).isEqualTo(4);
                JsonNode rtt = t.get("rttMillis");
                assertThat(rtt.get("min").asDouble()).isPositive().isLessThanOrEqualTo(rtt.get("median").asDouble());
                assertThat(rtt.get("max").asDouble()).isGreaterThanOrEqualTo(rtt.get("p99").asDouble()).isLessThan(268.5 * 3);
                // every REQ sent reached the responder (a probe answered after a resend sent two), each decoded with a good ICRC
                int sends = 0;
                for (JsonNode p : t.get("probes")) sends += p.get("sends").asInt();
                Thread.sleep(200);
                assertThat(lines(log, "REQ ")).hasSize(sends).allMatch(l -> l.endsWith("icrc=good"));
            } finally {
                resp.destroy();
                resp.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void aListenersRepIsRejectedAtOnce() throws Exception {
        try (NetnsPair net = NetnsPair.create("p")) {
            List<String> log = new ArrayList<>();
            Process resp = responder(net, "rep", 60, log);
            try {
                Run r = probe(net, "probe", "cm", "-c", "2", "--rate", "10", net.ipB);
                assertThat(r.exit()).as(r.err()).isZero();
                assertThat(r.out()).contains("2 probes, 2 answered, 0 lost (0%); REP 2");
                Thread.sleep(300);
                // each REP answered by our REJ for the same transaction
                List<String> reqTids = lines(log, "REQ ").stream().map(l -> l.split(" ")[1]).distinct().toList();
                List<String> rejTids = lines(log, "REJ ").stream().map(l -> l.split(" ")[1]).toList();
                assertThat(reqTids).hasSize(2);
                assertThat(rejTids).containsExactlyInAnyOrderElementsOf(reqTids);
            } finally {
                resp.destroy();
                resp.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void silenceIsLossAfterCmsResendsAndTheRateLimitHoldsForEveryFrame(@TempDir Path dir) throws Exception {
        try (NetnsPair net = NetnsPair.create("s")) {
            List<String> log = new ArrayList<>();
            Process resp = responder(net, "silent", 60, log);
            try {
                Path junit = dir.resolve("probe.xml");
                // a 1 ms response timeout: only the token bucket (10/s) spaces the 3 × (1 + 2 resends) REQs
                Run r = probe(net, "probe", "cm", "-c", "3", "--rate", "10", "--retries", "2", "--cm-response-timeout", "8",
                    "--junit", junit.toString(), net.ipB);
                assertThat(r.exit()).isEqualTo(1);
                assertThat(r.out()).contains("3 probes, 0 answered, 3 lost (100%); timeout 3");
                assertThat(Files.readString(junit)).contains("<failure type=\"probe.lost\" message=\"3 of 3 probes unanswered");
                Thread.sleep(200);
                List<Long> times = lines(log, "REQ ").stream().map(l -> Long.parseLong(l.replaceAll(".* t=(\\d+).*", "$1"))).toList();
                assertThat(times).hasSize(9);
                for (int i = 1; i < times.size(); i++) {
                    // 100 ms apart at the sender; a little scheduling jitter at the receiver's clock
                    assertThat(times.get(i) - times.get(i - 1)).as("REQ %d after REQ %d", i + 1, i).isGreaterThan(80_000_000L);
                }
                assertThat(times.get(8) - times.get(0)).isGreaterThan(780_000_000L);
            } finally {
                resp.destroy();
                resp.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void aDryRunWritesTheProbesAndSendsNothing(@TempDir Path dir) throws Exception {
        try (NetnsPair net = NetnsPair.create("d")) {
            List<String> log = new ArrayList<>();
            Process resp = responder(net, "rej", 60, log);
            try {
                Path file = dir.resolve("probes.pcap");
                Run r = probe(net, "probe", "cm", "--dry-run", "-w", file.toString(), "-c", "3", "--rate", "10", "--port", "7174", net.ipB);
                assertThat(r.exit()).as(r.err()).isZero();
                assertThat(r.out()).contains("3 probes written (dry run), none sent");
                Thread.sleep(500);
                assertThat(log).isEmpty();
                if (Tshark.installed()) {
                    String t = Tshark.run("-r", file.toString(), "-T", "fields", "-e", "frame.time_relative", "-e", "ip.dst",
                        "-e", "infiniband.mad.attributeid", "-e", "infiniband.cm.req.serviceid.dport", "-e", "infiniband.cm.req.localqpn");
                    String[] rows = t.strip().split("\n");
                    assertThat(rows).hasSize(3).allMatch(l -> l.contains(net.ipB + "\t0x0010\t0x1c06\t") || l.contains(net.ipB + "\t0x0010\t7174\t"));
                    // spaced as the rate limit spaces them
                    assertThat(rows[1]).startsWith("0.100000000");
                    assertThat(rows[2]).startsWith("0.200000000");
                } else {
                    assertThat(CliRunner.run("dissect", file.toString()).lines()).hasSize(3).allMatch(l -> l.contains("ConnectRequest"));
                }
            } finally {
                resp.destroy();
                resp.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** Root without its capabilities (setpriv drops them all): no CAP_NET_RAW, and the class path still readable. */
    @Test
    void withoutRootTheProbeSaysSoInOneLine() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/setpriv")), "needs setpriv (util-linux) to drop root's capabilities");
        try (NetnsPair net = NetnsPair.create("u")) {
            assertOneLineWithoutCapabilities(net, "rocescope: probe needs root or CAP_NET_RAW", "probe", "cm", "-c", "1", net.ipB);
        }
    }

    /**
     * Runs rocescope in namespace A as root without its capabilities (setpriv drops them all) and checks it
     * exits 2 with one line on stderr that starts with {@code expected}.
     */
    static void assertOneLineWithoutCapabilities(NetnsPair net, String expected, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("ip", "netns", "exec", net.a, "setpriv", "--inh-caps=-all", "--bounding-set=-all",
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
            RoceScope.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).start();
        String err = read(p.getErrorStream());
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isEqualTo(2);
        assertThat(err.strip().split("\n")).hasSize(1);
        assertThat(err).startsWith(expected);
    }

    @Test
    void theSubnetsBroadcastAddressIsRefused() throws Exception {
        try (NetnsPair net = NetnsPair.create("b")) {
            String brd = net.ipB.replaceAll("\\.2$", ".255");
            Run r = probe(net, "probe", "cm", "-c", "1", brd);
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.err()).isEqualTo("rocescope: target '" + brd + "' is the broadcast address of " + net.ifA + ": probes go only to single hosts\n");
        }
    }

    @Test
    void tcpProbesTellAnOpenPortFromAClosedOne() throws Exception {
        try (NetnsPair net = NetnsPair.create("t")) {
            Process listener = net.java(net.b, TcpListener.class.getName(), "18515").start();
            try {
                new BufferedReader(new InputStreamReader(listener.getInputStream(), StandardCharsets.UTF_8)).readLine();   // READY
                Run open = probe(net, "probe", "tcp", "-c", "3", "--rate", "10", "-T", "json", net.ipB + ":18515");
                assertThat(open.exit()).as(open.err()).isZero();
                JsonNode t = JSON.readTree(open.out()).get(0);
                assertThat(t.get("answers").get("open").asInt()).isEqualTo(3);
                Run closed = probe(net, "probe", "tcp", "-c", "2", "--rate", "10", net.ipB + ":18516");
                assertThat(closed.exit()).isEqualTo(1);
                assertThat(closed.out()).contains("2 probes, 0 answered, 2 lost (100%); refused 2");
            } finally {
                listener.destroy();
                listener.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    /** A TCP listener for the tcp probe (accepts and closes). */
    public static final class TcpListener {
        public static void main(String[] args) throws Exception {
            try (java.net.ServerSocket s = new java.net.ServerSocket(Integer.parseInt(args[0]))) {
                System.out.println("READY");
                System.out.flush();
                while (true) s.accept().close();
            }
        }
    }

    static String read(java.io.InputStream in) {
        try {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
