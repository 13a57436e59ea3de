package io.rocescope.fleet;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rocescope.cli.RoceScope;
import io.rocescope.dissector.TestCaptures;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerStageSubmitted;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Fleet mode in Spark local mode (local[2], one session for the class) over the real captures: the ground-truth
 * directory (as a glob), the project's sample-pcaps/ (as a directory) and a folder with two files that are no
 * capture. The oracle of every row is the CLI run on the same file: {@code flows -T json}, {@code expert -T json}.
 */
class FleetJobTest {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));
    private static final List<String> LEAD = List.of("capture", "host", "interface", "connectionId");

    @TempDir
    static Path tmp;
    static SparkSession spark;
    static FleetSummary summary;
    static Path out, broken, empty;
    static List<CaptureInput> inputs;
    /** The task count of each stage, in the order Spark submitted them. */
    static final List<Integer> STAGE_TASKS = java.util.Collections.synchronizedList(new ArrayList<>());

    @BeforeAll
    static void run() throws Exception {
        spark = SparkSession.builder().master("local[2]").appName("FleetJobTest").config("spark.ui.enabled", "false")
            .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1")
            .config("spark.sql.shuffle.partitions", "2").getOrCreate();
        Path bad = Files.createDirectories(tmp.resolve("bad"));
        broken = Files.writeString(bad.resolve("broken.pcap"), "this is a text file, not a capture\n".repeat(4));
        empty = Files.write(bad.resolve("empty.pcapng"), new byte[0]);
        // the directory itself too: its external/ sub-folder (captures from elsewhere), whose host is "external"
        inputs = CaptureInputs.expand(List.of(TestCaptures.dir() + "/*.pcap", TestCaptures.dir().toString(), TestCaptures.sample("roce_cm").getParent().toString(), bad.toString()));
        out = tmp.resolve("out");
        spark.sparkContext().addSparkListener(new SparkListener() {
            @Override
            public void onStageSubmitted(SparkListenerStageSubmitted e) {
                STAGE_TASKS.add(e.stageInfo().numTasks());
            }
        });
        long t0 = System.nanoTime();
        summary = new FleetJob(spark).run(inputs, out, null);
        System.out.printf("fleet run: %d captures, %.1f s%n", inputs.size(), (System.nanoTime() - t0) / 1e9);
    }

    @AfterAll
    static void stop() {
        if (spark != null) spark.stop();
    }

    @Test
    void everyCaptureIsOneTask() throws InterruptedException {
        // the listener hears of stages asynchronously; the analysis stage came first, minutes before the run ended
        for (int i = 0; i < 100 && STAGE_TASKS.isEmpty(); i++) Thread.sleep(100);
        assertThat(STAGE_TASKS.get(0)).as("tasks of the analysis stage").isEqualTo(inputs.size());
        long onDisk;
        try (Stream<Path> s = Files.list(TestCaptures.dir())) {
            onDisk = s.filter(p -> p.toString().endsWith(".pcap")).count();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        assertThat(onDisk).isGreaterThan(10);
        assertThat(inputs.stream().filter(i -> Path.of(i.path()).getParent().equals(TestCaptures.dir().toAbsolutePath().normalize()))).hasSize((int) onDisk);
        assertThat(inputs.stream().filter(i -> "external".equals(i.host()))).as("the external captures").hasSizeGreaterThanOrEqualTo(3);
        assertThat(summary.captures()).isEqualTo(inputs.size());
        assertThat(summary.read()).isEqualTo(inputs.size() - 2);
    }

    @Test
    void connectionRowsEqualFlowsJsonFileByFile() throws IOException {
        Map<String, List<JsonNode>> rows = rows("connections");
        long total = 0;
        for (CaptureInput in : readable()) {
            JsonNode expected = cli("flows", in.path());
            List<JsonNode> got = rows.getOrDefault(in.path(), List.of());
            assertThat(got).as(in.path()).hasSize(expected.size());
            for (int i = 0; i < got.size(); i++) {
                ObjectNode row = (ObjectNode) got.get(i);
                assertThat(row.get("capture").asText()).isEqualTo(in.path());
                assertThat(row.get("connectionId").asText()).matches("[0-9a-f]{16}");
                // a pcap describes no interface: the capture's file name stands for it (PcapngInterfacesTest: pcapng)
                assertThat(row.get("host").isNull() ? null : row.get("host").asText()).isEqualTo(in.host());
                if (in.path().endsWith(".pcap")) assertThat(row.get("interface").asText()).isEqualTo(Path.of(in.path()).getFileName().toString());
                row.remove(LEAD);
                assertThat(row).as(in.path() + " connection " + i).isEqualTo(expected.get(i));
            }
            total += got.size();
        }
        assertThat(total).isGreaterThan(20).isEqualTo(summary.connections());
    }

    @Test
    void findingRowsEqualExpertJsonFileByFile() throws IOException {
        Map<String, List<JsonNode>> rows = rows("findings");
        Map<String, Map<Integer, String>> ids = new TreeMap<>();
        for (List<JsonNode> l : rows("connections").values()) {
            for (JsonNode c : l) ids.computeIfAbsent(c.get("capture").asText(), k -> new TreeMap<>()).put(c.get("id").asInt(), c.get("connectionId").asText());
        }
        long total = 0, attributed = 0;
        for (CaptureInput in : readable()) {
            JsonNode expected = cli("expert", in.path()).get("findings");
            List<JsonNode> got = rows.getOrDefault(in.path(), List.of());
            assertThat(got).as(in.path()).hasSize(expected.size());
            for (int i = 0; i < got.size(); i++) {
                ObjectNode row = (ObjectNode) got.get(i);
                String id = row.get("connectionId").isNull() ? null : row.get("connectionId").asText();
                // a finding that names "connection N" carries that connection's id
                var m = java.util.regex.Pattern.compile("\\(connection (\\d+) ").matcher(expected.get(i).get("flow").asText());
                assertThat(id).isEqualTo(m.find() ? ids.get(in.path()).get(Integer.parseInt(m.group(1))) : null);
                if (id != null) attributed++;
                row.remove(LEAD);
                assertThat(row).as(in.path() + " finding " + i).isEqualTo(expected.get(i));
            }
            total += got.size();
        }
        assertThat(total).isGreaterThan(50).isEqualTo(summary.findings());
        assertThat(attributed).isGreaterThan(0);
    }

    @Test
    void parquetHoldsTheSameRows() throws IOException {
        Map<String, List<JsonNode>> rows = rows("connections");
        Map<String, Long> packets = new TreeMap<>();
        rows.forEach((capture, l) -> packets.put(capture, l.stream().mapToLong(c -> c.get("aToB").get("packets").asLong()
            + (c.get("bToA").isNull() ? 0 : c.get("bToA").get("packets").asLong())).sum()));
        Map<String, Long> fromParquet = new TreeMap<>();
        for (Row r : spark.read().parquet(out.resolve("connections.parquet").toString())
            .selectExpr("capture", "aToB.packets + coalesce(bToA.packets, 0) AS p").groupBy("capture").sum("p").collectAsList()) {
            fromParquet.put(r.getString(0), r.getLong(1));
        }
        assertThat(fromParquet).isEqualTo(packets);
        assertThat(spark.read().parquet(out.resolve("findings.parquet").toString()).count()).isEqualTo(summary.findings());
    }

    @Test
    void unreadableFilesAreReportedWithTheCliReason() {
        Map<String, String> unreadable = new TreeMap<>();
        summary.unreadableCaptures().forEach(u -> unreadable.put(u.capture(), u.reason()));
        assertThat(unreadable).containsOnlyKeys(broken.toString(), empty.toString());
        for (Path p : List.of(broken, empty)) {
            StringWriter err = new StringWriter();
            int code = RoceScope.run(new String[]{"flows", p.toString()}, new ByteArrayOutputStream(), new PrintWriter(err));
            assertThat(code).isEqualTo(2);
            assertThat("rocescope: " + unreadable.get(p.toString())).isEqualTo(err.toString().strip());
        }
    }

    @Test
    void topNakQpIsTheFlowWithTheMostNaks() throws IOException {
        // independently: every flow direction of every capture, its NAKs summed from the flows JSON
        long most = 0;
        String where = null;
        for (CaptureInput in : readable()) {
            for (JsonNode c : cli("flows", in.path())) {
                for (String d : List.of("aToB", "bToA")) {
                    JsonNode f = c.get(d);
                    if (f == null || f.isNull()) continue;
                    long naks = 0;
                    for (JsonNode n : f.get("answers").get("naks")) naks += n.asLong();
                    if (naks > most) { most = naks; where = in.path(); }
                }
            }
        }
        assertThat(most).isGreaterThan(0);
        assertThat(summary.topQps().naks().get(0).count()).isEqualTo(most);
        assertThat(summary.topQps().naks().get(0).capture()).isEqualTo(where);
        assertThat(summary.topQps().naks()).isSortedAccordingTo((a, b) -> Long.compare(b.count(), a.count()));
    }

    @Test
    void rejectsBySetupAndServiceMatchTheTimeline() throws IOException {
        Map<String, Long> expected = new TreeMap<>();
        for (CaptureInput in : readable()) {
            for (JsonNode e : cli("timeline", in.path())) {
                if (e.has("failedSetup") && e.get("outcome").asText().equals("rejected")) {
                    expected.merge(e.get("failedSetup").asText() + " " + e.get("service").asText() + ": " + e.get("reason").asText(), 1L, Long::sum);
                }
            }
        }
        Map<String, Long> got = new TreeMap<>();
        summary.rejectsByService().forEach(r -> got.put(r.setup() + " " + r.service() + ": " + r.reason(), r.count()));
        assertThat(expected).isNotEmpty();
        assertThat(got).isEqualTo(expected);
    }

    @Test
    void setupLatencyPerHostAndKind() throws IOException {
        Map<String, List<Double>> micros = new TreeMap<>();
        for (CaptureInput in : readable()) {
            for (JsonNode c : cli("flows", in.path())) {
                if (c.get("setupLatencyNanos").isNull()) continue;
                micros.computeIfAbsent(in.host() + " " + c.get("setup").asText(), k -> new ArrayList<>()).add(c.get("setupLatencyNanos").asLong() / 1e3);
            }
        }
        assertThat(micros.keySet()).anyMatch(k -> k.endsWith(" rdma_cm")).anyMatch(k -> k.endsWith(" socket"));
        Map<String, double[]> got = new TreeMap<>();
        summary.setupLatencyMicros().forEach(l -> got.put(l.host() + " " + l.setup(), new double[]{l.count(), l.min(), l.median(), l.max()}));
        assertThat(got.keySet()).isEqualTo(micros.keySet());
        micros.forEach((k, v) -> {
            v.sort(null);
            int n = v.size();
            // the median by linear interpolation between the closest ranks, as Spark's percentile()
            double pos = 0.5 * (n - 1), median = v.get((int) Math.floor(pos)) + (pos - Math.floor(pos)) * (v.get((int) Math.ceil(pos)) - v.get((int) Math.floor(pos)));
            assertThat(got.get(k)).as(k).containsExactly(n, v.get(0), median, v.get(n - 1));
        });
    }

    private static List<CaptureInput> readable() {
        return inputs.stream().filter(i -> !i.path().equals(broken.toString()) && !i.path().equals(empty.toString())).toList();
    }

    /** The rows of a table's JSON Lines, by capture, in file order. */
    private static Map<String, List<JsonNode>> rows(String table) throws IOException {
        List<Path> parts;
        try (Stream<Path> s = Files.list(out.resolve(table + ".jsonl"))) {
            parts = s.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
        }
        Map<String, List<JsonNode>> by = new LinkedHashMap<>();
        for (Path p : parts) {
            for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                JsonNode n = JSON.readTree(line);
                by.computeIfAbsent(n.get("capture").asText(), k -> new ArrayList<>()).add(n);
            }
        }
        return by;
    }

    private static final Map<String, JsonNode> CLI = new java.util.concurrent.ConcurrentHashMap<>();

    /** What {@code rocescope COMMAND -T json FILE} prints (once per command and file: the tests share it). */
    static JsonNode cli(String command, String file) throws IOException {
        JsonNode cached = CLI.get(command + " " + file);
        if (cached != null) return cached.deepCopy();
        JsonNode n = run(command, file);
        CLI.put(command + " " + file, n);
        return n.deepCopy();
    }

    private static JsonNode run(String command, String file) throws IOException {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int code = RoceScope.run(new String[]{command, "-T", "json", file}, stdout, new PrintWriter(err));
        assertThat(code).as(command + " " + file + ": " + err).isIn(0, 1);
        return JSON.readTree(stdout.toString(StandardCharsets.UTF_8));
    }
}
