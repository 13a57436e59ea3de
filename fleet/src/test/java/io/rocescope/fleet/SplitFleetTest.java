package io.rocescope.fleet;

import io.rocescope.dissector.pipeline.DecodedRecordCheck;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rocescope.cli.RoceScope;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.capture.CaptureSplits;
import io.rocescope.dissector.capture.RecordBoundaries;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A capture decoded by many tasks gives the rows one task gives, exactly (issue 17 §2). Inputs: every real
 * capture of the ground-truth directory, a pcapng copy of one with findings (written by {@code dissect -w}), a synthesized
 * bulk capture of 200,000 packets, and a copy of a real capture cut in the middle of its last record (damage:
 * read in one task after all). One run without splitting is the reference; then the captures, grouped by size,
 * are run with a split size that cuts each into at least 5 splits (cut at byte offsets in the middle of records).
 * The JSON Lines rows of every capture must be the same lines, the Parquet tables the same rows, the summary the
 * same, and the rows those of {@code flows -T json} / {@code expert -T json} on the file.
 */
class SplitFleetTest {
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));

    @TempDir
    static Path tmp;
    static SparkSession spark;
    static List<CaptureInput> inputs;
    static Path truncated, pcapng, synth;
    static FleetSummary whole;
    /** Each split run: its inputs, split size, output and notes. */
    static final List<SplitRun> RUNS = new ArrayList<>();

    record SplitRun(List<CaptureInput> inputs, long splitSize, Path out, FleetSummary summary, List<String> notes) {}

    @BeforeAll
    static void run() throws Exception {
        spark = SparkSession.builder().master("local[2]").appName("SplitFleetTest").config("spark.ui.enabled", "false")
            .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1")
            .config("spark.sql.shuffle.partitions", "2").getOrCreate();
        Path in = Files.createDirectories(tmp.resolve("in"));
        synth = in.resolve("synth-bulk.pcap");
        cli(new String[]{"synth", "bulk", "--seed", "1", "--packets", "200000", "-o", synth.toString()});
        pcapng = in.resolve("send_bw_loss2pct.pcapng");
        cli(new String[]{"dissect", "-w", pcapng.toString(), TestCaptures.dir().resolve("send_bw_loss2pct.pcap").toString()});
        byte[] b = Files.readAllBytes(TestCaptures.dir().resolve("send_bw_ipv6.pcap"));
        truncated = Files.write(in.resolve("send_bw_ipv6-truncated.pcap"), java.util.Arrays.copyOf(b, b.length - 100));
        damaged(in);
        inputs = CaptureInputs.expand(List.of(TestCaptures.dir() + "/*.pcap", in.toString()));
        whole = new FleetJob(spark).run(inputs, tmp.resolve("whole"), null, 0);

        // groups of captures within a factor of 8 in size; the split size cuts the smallest of each into 5 or more
        List<CaptureInput> bySize = new ArrayList<>(inputs);
        bySize.sort((x, y) -> Long.compare(x.sizeBytes(), y.sizeBytes()));
        int g = 0;
        for (int i = 0; i < bySize.size(); ) {
            long min = bySize.get(i).sizeBytes();
            int j = i;
            while (j < bySize.size() && bySize.get(j).sizeBytes() <= 8 * min) j++;
            List<CaptureInput> group = List.copyOf(bySize.subList(i, j));
            long size = min / 5;
            Path out = tmp.resolve("split" + g++);
            FleetJob job = new FleetJob(spark);
            FleetSummary s = job.run(group, out, null, size);
            RUNS.add(new SplitRun(group, size, out, s, job.notes()));
            i = j;
        }
    }

    /**
     * The damage of the reader tests (CaptureReaderTest, BatchReadingTest), on copies of real captures, each in
     * the middle of a split or at the end: a pcap cut inside its last record header; a pcap whose middle record
     * claims 2 GB (one reader stops there); a pcap with orig_len below incl_len at a third and at two thirds
     * (warned once, read on); a pcapng cut in its last block; a pcapng whose middle block has an invalid length.
     */
    private static void damaged(Path in) throws IOException {
        byte[] rc = Files.readAllBytes(TestCaptures.dir().resolve("send_bw_rc.pcap"));
        List<Integer> r = pcapRecords(rc);
        DAMAGED.add(Files.write(in.resolve("send_bw_rc-header-cut.pcap"), java.util.Arrays.copyOf(rc, r.get(r.size() - 1) + 7)));
        byte[] loss = Files.readAllBytes(TestCaptures.dir().resolve("send_bw_loss2pct.pcap"));
        List<Integer> l = pcapRecords(loss);
        byte[] corrupt = loss.clone();
        le(corrupt).putInt(l.get(l.size() / 2) + 8, 0x7FFFFFF0);
        DAMAGED.add(Files.write(in.resolve("send_bw_loss2pct-corrupt-middle.pcap"), corrupt));
        byte[] orig = rc.clone();
        for (int k : new int[]{r.size() / 3, 2 * r.size() / 3}) le(orig).putInt(r.get(k) + 12, 10);
        DAMAGED.add(Files.write(in.resolve("send_bw_rc-orig-len.pcap"), orig));
        Path ng = in.resolve("send_bw_loss2pct.pcapng");
        byte[] ngBytes = Files.readAllBytes(ng);
        DAMAGED.add(Files.write(in.resolve("send_bw_loss2pct-cut.pcapng"), java.util.Arrays.copyOf(ngBytes, ngBytes.length - 30)));
        List<Integer> blocks = new ArrayList<>();
        for (int at = 0; at + 8 <= ngBytes.length; at += le(ngBytes).getInt(at + 4)) blocks.add(at);
        byte[] badBlock = ngBytes.clone();
        le(badBlock).putInt(blocks.get(blocks.size() / 2) + 4, 6);   // not a multiple of 4
        DAMAGED.add(Files.write(in.resolve("send_bw_loss2pct-bad-block.pcapng"), badBlock));
    }

    static final List<Path> DAMAGED = new ArrayList<>();

    /** The offsets of a little-endian pcap's records. */
    private static List<Integer> pcapRecords(byte[] pcap) {
        assertThat(le(pcap).getInt(0)).isIn(0xa1b2c3d4, 0xa1b23c4d);
        List<Integer> out = new ArrayList<>();
        for (int at = 24; at + 16 <= pcap.length; at += 16 + le(pcap).getInt(at + 8)) out.add(at);
        return out;
    }

    private static java.nio.ByteBuffer le(byte[] b) { return java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN); }

    @AfterAll
    static void stop() {
        if (spark != null) spark.stop();
    }

    @Test
    void everyCaptureIsCutIntoFiveOrMoreSplitsMostlyInTheMiddleOfRecords() throws IOException {
        int midRecord = 0, cuts = 0;
        for (SplitRun r : RUNS) {
            SplitPlan plan = SplitPlan.of(r.inputs(), r.splitSize());
            for (int i = 0; i < r.inputs().size(); i++) {
                int n = plan.splits(i);
                assertThat(n).as(r.inputs().get(i).path()).isGreaterThanOrEqualTo(5);
                long size = r.inputs().get(i).sizeBytes();
                try (RecordBoundaries.Finder f = RecordBoundaries.open(Path.of(r.inputs().get(i).path()), new DecodedRecordCheck())) {
                    for (int k = 1; k < n; k++, cuts++) if (f.next(size * k / n) != size * k / n) midRecord++;
                }
            }
        }
        assertThat(RUNS.stream().mapToInt(r -> r.inputs().size()).sum()).isEqualTo(inputs.size()).isGreaterThan(20);
        assertThat(midRecord).isGreaterThan(cuts * 9 / 10);
    }

    @Test
    void damagedCapturesAreSplitTooAndWarnAsOneReaderWarns() {
        // before: a capture whose reader warned was read again in one task, with a note
        assertThat(RUNS.stream().flatMap(r -> r.notes().stream()).toList()).isEmpty();
        List<FleetSummary.Warning> split = RUNS.stream().flatMap(r -> r.summary().warnings().stream()).toList();
        assertThat(split).containsExactlyInAnyOrderElementsOf(whole.warnings());
        List<Path> damaged = new ArrayList<>(DAMAGED);
        damaged.add(truncated);
        for (Path d : damaged) {
            List<String> expected = whole.warnings().stream().filter(w -> w.capture().equals(d.toString())).map(FleetSummary.Warning::warning).toList();
            assertThat(expected).as(d.toString()).isNotEmpty();
            assertThat(split.stream().filter(w -> w.capture().equals(d.toString())).map(FleetSummary.Warning::warning).toList())
                .as(d.toString()).isEqualTo(expected);
        }
        // the warnings are the whole file's own (equal to the unsplit run's above, while every capture here is in >= 5
        // splits, see everyCaptureIsCutIntoFiveOrMoreSplits…): the damage they name is not in the first split
        assertThat(whole.warnings()).anyMatch(w -> w.capture().endsWith("corrupt-middle.pcap") && w.warning().contains("corrupt from offset"));
        assertThat(whole.warnings()).filteredOn(w -> w.capture().endsWith("orig-len.pcap")).singleElement()
            .satisfies(w -> assertThat(w.warning()).contains("has orig_len 10"));
    }

    @Test
    void splitRowsAreTheUnsplitRowsLineForLine() throws IOException {
        for (String table : List.of("connections", "findings")) {
            Map<String, List<String>> expected = lines(tmp.resolve("whole"), table);
            Map<String, List<String>> got = new LinkedHashMap<>();
            for (SplitRun r : RUNS) got.putAll(lines(r.out(), table));
            for (CaptureInput in : inputs) {
                assertThat(got.getOrDefault(in.path(), List.of())).as(table + " of " + in.path())
                    .isEqualTo(expected.getOrDefault(in.path(), List.of()));
            }
        }
        // the synthesized bulk capture is clean (connections, no findings); the pcapng one has both
        assertThat(lines(tmp.resolve("whole"), "connections").get(synth.toString())).hasSizeGreaterThan(2);
        assertThat(lines(tmp.resolve("whole"), "connections").get(pcapng.toString())).isNotEmpty();
        assertThat(lines(tmp.resolve("whole"), "findings").get(pcapng.toString())).isNotEmpty();
    }

    @Test
    void splitRowsAreWhatFlowsAndExpertPrint() throws IOException {
        long connections = 0, findings = 0;
        for (SplitRun r : RUNS) {
            Map<String, List<String>> c = lines(r.out(), "connections"), f = lines(r.out(), "findings");
            for (CaptureInput in : r.inputs()) {
                assertThat(rows(c.get(in.path()))).as("connections of " + in.path()).isEqualTo(list(flagless("flows", in.path())));
                assertThat(rows(f.get(in.path()))).as("findings of " + in.path()).isEqualTo(list(flagless("expert", in.path()).get("findings")));
                connections += c.getOrDefault(in.path(), List.of()).size();
                findings += f.getOrDefault(in.path(), List.of()).size();
            }
        }
        assertThat(connections).isEqualTo(whole.connections()).isGreaterThan(20);
        assertThat(findings).isEqualTo(whole.findings()).isGreaterThan(50);
    }

    @Test
    void parquetHoldsTheSameRowsAndTheSummaryTheSameTotals() throws IOException {
        Map<String, List<String>> connections = lines(tmp.resolve("whole"), "connections"), findings = lines(tmp.resolve("whole"), "findings");
        long frames = 0, roce = 0;
        for (SplitRun r : RUNS) {
            Map<String, Long> packets = new java.util.TreeMap<>(), found = new java.util.TreeMap<>();
            for (Row row : spark.read().parquet(r.out().resolve("connections.parquet").toString())
                .selectExpr("capture", "aToB.packets + coalesce(bToA.packets, 0) AS p").groupBy("capture").sum("p").collectAsList()) {
                packets.put(row.getString(0), row.getLong(1));
            }
            Dataset<Row> f = spark.read().parquet(r.out().resolve("findings.parquet").toString());
            if (f.columns().length > 0 && f.count() > 0) {
                for (Row row : f.groupBy("capture").count().collectAsList()) found.put(row.getString(0), row.getLong(1));
            }
            Map<String, Long> expectedPackets = new java.util.TreeMap<>(), expectedFound = new java.util.TreeMap<>();
            for (CaptureInput in : r.inputs()) {
                long p = 0;
                for (String l : connections.getOrDefault(in.path(), List.of())) {
                    JsonNode c = JSON.readTree(l);
                    p += c.get("aToB").get("packets").asLong() + (c.get("bToA").isNull() ? 0 : c.get("bToA").get("packets").asLong());
                }
                if (connections.containsKey(in.path())) expectedPackets.put(in.path(), p);
                if (findings.containsKey(in.path())) expectedFound.put(in.path(), (long) findings.get(in.path()).size());
            }
            assertThat(packets).as("packets by capture " + r.inputs()).isEqualTo(expectedPackets);
            assertThat(found).as("findings by capture " + r.inputs()).isEqualTo(expectedFound);
            frames += r.summary().frames();
            roce += r.summary().roceFrames();
        }
        assertThat(frames).isEqualTo(whole.frames()).isGreaterThan(200_000);
        assertThat(roce).isEqualTo(whole.roceFrames());
    }

    @Test
    void aSplitIsNeverOfferedForCompressedInputAFifoOrStandardInput() throws IOException, InterruptedException {
        Path gz = tmp.resolve("rping.pcap.gz");
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
            o.write(Files.readAllBytes(TestCaptures.dir().resolve("rping.pcap")));
        }
        Path fifo = tmp.resolve("fifo.pcap");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        assertThat(CaptureSplits.unsplittable(gz.toString())).isEqualTo("gzip-compressed");
        assertThat(CaptureSplits.unsplittable(fifo.toString())).startsWith("not a regular file");
        assertThat(CaptureSplits.unsplittable("-")).isEqualTo("standard input");
        assertThat(CaptureSplits.unsplittable(TestCaptures.dir().resolve("rping.pcap").toString())).isNull();
        SplitPlan plan = SplitPlan.of(List.of(new CaptureInput(gz.toString(), null, Files.size(gz)),
            new CaptureInput(fifo.toString(), null, 1 << 20)), 100);
        assertThat(plan.splits(0)).isEqualTo(1);
        assertThat(plan.splits(1)).isEqualTo(1);
        assertThat(plan.anySplit()).isFalse();
        assertThat(plan.notes()).hasSize(2).allMatch(n -> n.contains("read in one task"));
        assertThat(org.junit.jupiter.api.Assertions.assertThrows(io.rocescope.dissector.capture.CaptureFormatException.class,
            () -> CaptureSplits.openAt(gz.toString(), 100)).getMessage()).contains("cannot be split: gzip-compressed");
    }

    @Test
    void splitSizes() {
        assertThat(SplitPlan.parseSize("64m")).isEqualTo(64L << 20);
        assertThat(SplitPlan.parseSize("1G")).isEqualTo(1L << 30);
        assertThat(SplitPlan.parseSize("500000")).isEqualTo(500000);
        assertThat(SplitPlan.parseSize("none")).isZero();
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> SplitPlan.parseSize("big"));
        StringWriter err = new StringWriter();
        int code = Fleet.run(new String[]{"--out", tmp.resolve("x").toString(), "--split-size", "lots", TestCaptures.dir().toString()},
            new PrintWriter(new StringWriter()), new PrintWriter(err));
        assertThat(code).isEqualTo(Fleet.EXIT_USAGE);
        assertThat(err.toString().strip()).isEqualTo("rocescope: --split-size lots: expected a size such as 64m, 1g, 500000 or none");
    }

    /** A table's JSON Lines, by capture, in file order. */
    private static Map<String, List<String>> lines(Path out, String table) throws IOException {
        List<Path> parts;
        try (Stream<Path> s = Files.list(out.resolve(table + ".jsonl"))) {
            parts = s.filter(p -> p.getFileName().toString().startsWith("part-")).sorted().toList();
        }
        Map<String, List<String>> by = new LinkedHashMap<>();
        for (Path p : parts) {
            for (String line : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                by.computeIfAbsent(JSON.readTree(line).get("capture").asText(), k -> new ArrayList<>()).add(line);
            }
        }
        return by;
    }

    /** The rows without the leading columns, as the CLI prints them. */
    private static List<JsonNode> rows(List<String> lines) throws IOException {
        List<JsonNode> out = new ArrayList<>();
        if (lines == null) return out;
        for (String l : lines) {
            ObjectNode n = (ObjectNode) JSON.readTree(l);
            n.remove(List.of("capture", "host", "interface", "connectionId"));
            out.add(n);
        }
        return out;
    }

    private static List<JsonNode> list(JsonNode array) {
        List<JsonNode> out = new ArrayList<>();
        array.forEach(out::add);
        return out;
    }

    private static JsonNode flagless(String command, String file) throws IOException {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int code = RoceScope.run(new String[]{command, "-T", "json", file}, stdout, new PrintWriter(err));
        assertThat(code).as(command + " " + file + ": " + err).isIn(0, 1);
        return JSON.readTree(stdout.toString(StandardCharsets.UTF_8));
    }

    private static void cli(String[] args) {
        StringWriter err = new StringWriter();
        int code = RoceScope.run(args, new ByteArrayOutputStream(), new PrintWriter(err));
        assertThat(code).as(String.join(" ", args) + ": " + err).isZero();
    }
}
