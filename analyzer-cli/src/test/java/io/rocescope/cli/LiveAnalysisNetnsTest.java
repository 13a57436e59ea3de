package io.rocescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Live analysis against the file's: a real capture replayed with tcpreplay into one end of a veth pair
 * (in namespaces of the test's own), {@code capture --analyze -T json} on the other end, and its flows and
 * expert reports compared with {@code flows}/{@code expert} on the file. Everything but the times must be
 * equal (a replay keeps the frames and their order, not their timestamps: the keys that carry a time or
 * something measured from times are left out of the comparison, by name).
 */
public class LiveAnalysisNetnsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Keys whose values come from timestamps. */
    private static final Pattern TIMED = Pattern.compile("(?i).*(time|nanos|micros|millis|throughput|latency|duration|rate|gbps).*");

    @BeforeAll
    static void needsNamespaces() {
        Assumptions.assumeTrue(NetnsPair.available(), "needs root and ip netns (network namespaces, veth)");
        Assumptions.assumeTrue(hasTcpreplay(), "needs tcpreplay (Debian package tcpreplay)");
    }

    public static boolean hasTcpreplay() {
        try {
            return new ProcessBuilder("tcpreplay", "-V").redirectErrorStream(true).start().waitFor(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            return false;
        }
    }

    /** The capture's frames, counted by tshark when it is there, else by our reader (-c N ends the live run at the last one). */
    private static int frames(Path file) {
        if (Tshark.installed()) return Tshark.run("-r", file.toString(), "-T", "fields", "-e", "frame.number").strip().split("\n").length;
        return CliRunner.run("dissect", file.toString()).lines().length;
    }

    /** Starts {@code capture} in B and waits until it says it captures. */
    static Process startCapture(NetnsPair net, List<String> stderr, String... args) throws Exception {
        Process p = net.cli(net.b, args).start();
        awaitLine(p.getErrorStream(), stderr, "Capturing on ", 60);
        return p;
    }

    /**
     * Collects {@code in}'s lines into {@code lines} (on a thread of its own, until it ends) and waits up to
     * {@code seconds} for one that starts with {@code ready} (or for the stream's end).
     */
    public static void awaitLine(java.io.InputStream in, List<String> lines, String ready, int seconds) throws Exception {
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        CompletableFuture<Void> seen = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                for (String line; (line = r.readLine()) != null; ) {
                    synchronized (lines) { lines.add(line); }
                    if (line.startsWith(ready)) seen.complete(null);
                }
            } catch (Exception ignored) {
                // the process ended
            }
            seen.complete(null);
        });
        t.setDaemon(true);
        t.start();
        seen.get(seconds, TimeUnit.SECONDS);
    }

    public static void replay(NetnsPair net, Path file) throws Exception {
        net.exec(net.a, "tcpreplay", "-q", "-i", net.ifA, file.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"rnr_nak", "cm_reject_no_listener", "send_lat_rc", "rping"})
    void liveAnalysisOfAReplayEqualsTheFilesFlowsAndExpert(String name) throws Exception {
        Path file = TestCaptures.file(name);
        int frames = frames(file);
        try (NetnsPair net = NetnsPair.create("l")) {
            List<String> stderr = new ArrayList<>();
            Process live = startCapture(net, stderr, "capture", "-i", net.ifB, "--analyze", "-T", "json", "-c", Integer.toString(frames), "-a", "60");
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(live));
            replay(net, file);
            assertThat(live.waitFor(90, TimeUnit.SECONDS)).as("live capture ends after -c %d frames", frames).isTrue();
            assertThat(live.exitValue()).as(String.join("\n", stderr)).isZero();
            List<JsonNode> lines = new ArrayList<>();
            for (String l : out.get().split("\n")) if (!l.isBlank()) lines.add(JSON.readTree(l));
            JsonNode flows = only(lines, "flows"), expert = only(lines, "expert"), capture = only(lines, "capture");
            assertThat(capture.get("frames").asLong()).isEqualTo(frames);
            assertThat(capture.get("kernelDrops").asLong()).isZero();

            JsonNode fileFlows = JSON.readTree(CliRunner.run("flows", "-T", "json", file.toString()).out());
            JsonNode fileExpert = JSON.readTree(CliRunner.run("expert", "-T", "json", file.toString()).out());
            assertThat(untimed(flows)).isEqualTo(untimed(fileFlows));
            assertThat(untimed(expert)).isEqualTo(untimed(fileExpert));
            // the findings streamed as they were made are findings of the end's report, in its order
            List<JsonNode> streamed = lines.stream().filter(l -> l.has("finding")).map(l -> untimed(l.get("finding"))).toList();
            List<JsonNode> reported = new ArrayList<>();
            fileExpert.get("findings").forEach(f -> reported.add(untimed(f)));
            assertThat(reported).containsAll(streamed);
        }
    }

    @Test
    void aRulesGateFailsLiveAsCheckFailsTheFile(@TempDir Path dir) throws Exception {
        Path file = TestCaptures.file("cm_reject_no_listener");
        Path pack = Path.of(System.getProperty("user.dir")).getParent().resolve("rules/default.yaml");
        Assumptions.assumeTrue(Files.exists(pack), "rules/default.yaml of the source tree");
        Path junit = dir.resolve("live.xml");
        CliRunner check = CliRunner.run("check", "--rules", pack.toString(), file.toString());
        assertThat(check.exit()).isEqualTo(1);
        try (NetnsPair net = NetnsPair.create("g")) {
            List<String> stderr = new ArrayList<>();
            Process live = startCapture(net, stderr, "capture", "-i", net.ifB, "--rules", pack.toString(), "--junit", junit.toString(),
                "-c", Integer.toString(frames(file)), "-a", "60");
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(live));
            replay(net, file);
            assertThat(live.waitFor(90, TimeUnit.SECONDS)).isTrue();
            assertThat(live.exitValue()).as(String.join("\n", stderr)).isEqualTo(1);
            String text = out.get();
            // the gate stops at the first REJ (a count that only grows): check's verdict, word for word, on the
            // frames captured until then (the file cut there by tshark), under the live capture's name
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("live:" + net.ifB + ": (\\d+) frames captured").matcher(text);
            assertThat(m.find()).as(text).isTrue();
            int captured = Integer.parseInt(m.group(1));
            assertThat(captured).isBetween(1, frames(file));
            Path prefix = dir.resolve("prefix.pcap");
            Tshark.run("-r", file.toString(), "-c", Integer.toString(captured), "-w", prefix.toString());
            CliRunner upTo = CliRunner.run("check", "--rules", pack.toString(), prefix.toString());
            String verdict = upTo.out().substring(upTo.out().indexOf(": FAIL"));
            assertThat(text).contains("live:" + net.ifB + verdict);
            assertThat(Files.readString(junit)).contains("<testsuite name=\"live:" + net.ifB + "\"").contains("<failure");
        }
    }

    /** A rule on a count that only grows fails for good on the first REJ: the gate stops at once, not at -a's end. */
    @Test
    void aRulesGateStopsTheCaptureAsSoonAsARuleFails(@TempDir Path dir) throws Exception {
        Path file = TestCaptures.file("cm_reject_no_listener");
        Path pack = dir.resolve("rej.yaml");
        Files.writeString(pack, "rules:\n  - id: no-cm-rejects\n    description: no CM REJ at all\n    severity: error\n"
            + "    metric: cm_rej_count\n    scope: capture\n    comparison: \">\"\n    threshold: 0\n");
        Path junit = dir.resolve("live.xml");
        CliRunner check = CliRunner.run("check", "--rules", pack.toString(), file.toString());
        assertThat(check.exit()).as(check.out() + check.err()).isEqualTo(1);
        try (NetnsPair net = NetnsPair.create("f")) {
            List<String> stderr = new ArrayList<>();
            long start = System.nanoTime();
            Process live = startCapture(net, stderr, "capture", "-i", net.ifB, "--rules", pack.toString(), "--junit", junit.toString(), "-a", "120");
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(live));
            replay(net, file);
            assertThat(live.waitFor(100, TimeUnit.SECONDS)).as("the gate stops the capture before -a 120 ends it").isTrue();
            assertThat((System.nanoTime() - start) / 1e9).isLessThan(100);
            assertThat(live.exitValue()).as(String.join("\n", stderr)).isEqualTo(1);
            synchronized (stderr) {
                assertThat(stderr).anyMatch(l -> l.startsWith("rocescope: rule no-cm-rejects failed (capture): stopping the capture"));
            }
            String text = out.get();
            assertThat(text).contains("live:" + net.ifB + ": FAIL").contains("no-cm-rejects");
            assertThat(Files.readString(junit)).contains("<testsuite name=\"live:" + net.ifB + "\"").contains("<failure");
        }
    }

    @Test
    void ctrlCEndsTheCaptureWithTheSummaryAndWritesPcapng(@TempDir Path dir) throws Exception {
        Path file = TestCaptures.file("cm_reject_no_listener");
        Path written = dir.resolve("live.pcapng");
        try (NetnsPair net = NetnsPair.create("i")) {
            List<String> stderr = new ArrayList<>();
            Process live = startCapture(net, stderr, "capture", "-i", net.ifB, "--analyze", "-w", written.toString());
            CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(live));
            replay(net, file);
            Thread.sleep(500);
            new ProcessBuilder("kill", "-INT", Long.toString(live.pid())).start().waitFor();
            assertThat(live.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(live.exitValue()).as(String.join("\n", stderr)).isZero();
            String text = out.get();
            int frames = frames(file);
            assertThat(text).contains("live:" + net.ifB + ": " + frames + " frames captured (0 dropped)");
            // the same flows table as the file's (its times are not in the text table)
            assertThat(text).contains(CliRunner.run("flows", file.toString()).out());
            // pcapng with the interface's name and the capture statistics, as tshark reads it
            assertThat(Files.readAllBytes(written)).startsWith(0x0A, 0x0D, 0x0D, 0x0A);
            assertThat(CliRunner.run("dissect", written.toString()).lines()).hasSize(frames);
            if (Tshark.installed()) {
                String ifaces = Tshark.run("-r", written.toString(), "-T", "fields", "-e", "frame.interface_name");
                assertThat(ifaces.strip().split("\n")).hasSize(frames).allMatch(l -> l.equals(net.ifB));
            }
            // the last block: an Interface Statistics Block (type 5) whose isb_usrdeliv (option 8) is the frames written
            java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(Files.readAllBytes(written)).order(java.nio.ByteOrder.LITTLE_ENDIAN);
            int len = buf.getInt(buf.limit() - 4), at = buf.limit() - len;
            assertThat(buf.getInt(at)).isEqualTo(5);
            long delivered = -1;
            for (int o = at + 20; o + 4 <= buf.limit() - 4; ) {
                int code = buf.getShort(o) & 0xFFFF, n = buf.getShort(o + 2) & 0xFFFF;
                if (code == 0) break;
                if (code == 8) delivered = buf.getLong(o + 4);
                o += 4 + ((n + 3) & ~3);
            }
            assertThat(delivered).isEqualTo(frames);
        }
    }

    private static JsonNode only(List<JsonNode> lines, String key) {
        List<JsonNode> l = lines.stream().filter(n -> n.has(key)).map(n -> n.get(key)).toList();
        assertThat(l).as("one '%s' line", key).hasSize(1);
        return l.get(0);
    }

    /** A duration in a finding's text ("over 0.107 ms"): measured from timestamps too. */
    private static final Pattern DURATION = Pattern.compile("\\d+(\\.\\d+)? ?(ns|µs|us|ms|s)\\b");

    /** A copy without the keys whose values come from timestamps, and with the durations in texts blanked. */
    public static JsonNode untimed(JsonNode n) {
        if (n.isTextual()) return JSON.getNodeFactory().textNode(DURATION.matcher(n.asText()).replaceAll("<duration>"));
        if (n.isObject()) {
            ObjectNode o = JSON.createObjectNode();
            for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!TIMED.matcher(k).matches()) o.set(k, untimed(n.get(k)));
            }
            return o;
        }
        if (n.isArray()) {
            ArrayNode a = JSON.createArrayNode();
            n.forEach(x -> a.add(untimed(x)));
            return a;
        }
        return n;
    }

    static String read(Process p) {
        try {
            return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
