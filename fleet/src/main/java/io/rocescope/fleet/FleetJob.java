package io.rocescope.fleet;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;

import scala.Tuple2;

import java.io.IOException;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;


/**
 * The fleet run on a Spark session: one task per capture (each a {@link CaptureTask}), the results kept
 * while the tables are written: {@code connections} and {@code findings} as JSON Lines (the rows exactly
 * as made, part files in capture order) and as Parquet (schema inferred from those rows), the fleet
 * summary, and under --rules a JUnit XML file per capture.
 */
public final class FleetJob {
    /** How many QPs each top list of the summary names. */
    static final int TOP = 10;

    private final SparkSession spark;

    public FleetJob(SparkSession spark) { this.spark = spark; }

    /** The gate's rule pack (bytes and the name messages use), or null for no gate. */
    public record Rules(byte[] yaml, String name) {}

    /** With the default split size ({@link SplitPlan#DEFAULT_SPLIT_SIZE}). */
    public FleetSummary run(List<CaptureInput> inputs, Path out, Rules rules) throws IOException {
        return run(inputs, out, rules, SplitPlan.DEFAULT_SPLIT_SIZE);
    }

    /**
     * The run; a capture larger than {@code splitSize} bytes is decoded by several tasks (0: every capture by
     * one). What did not go as planned (a capture that could not be split, or was read whole after all) is in
     * {@link #notes()} afterwards.
     */
    public FleetSummary run(List<CaptureInput> inputs, Path out, Rules rules, long splitSize) throws IOException {
        long start = System.nanoTime();
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        CaptureTask task = rules == null ? new CaptureTask(null, null) : new CaptureTask(rules.yaml(), rules.name());
        SplitPlan plan = SplitPlan.of(inputs, splitSize);
        notes.clear();
        notes.addAll(plan.notes());
        JavaRDD<CaptureResult> analysed = (plan.anySplit() ? split(jsc, inputs, plan, task)
            // one partition, so one task, per capture: a capture is the unit a task reads from start to end
            : jsc.parallelize(inputs, Math.max(1, inputs.size())).map(task)).persist(StorageLevel.MEMORY_AND_DISK_SER());
        try {
            List<CaptureResult> meta = analysed.map(FleetJob::withoutRows).collect();
            for (CaptureResult r : meta) if (r.note() != null) notes.add(r.capture() + ": " + r.note());
            // the tables and the summary from the kept results in a few partitions (adjacent captures together):
            // a task per capture for each of them would cost more in scheduling than the work
            JavaRDD<CaptureResult> results = analysed.coalesce(Math.min(Math.max(1, inputs.size()), jsc.defaultParallelism()));
            Files.createDirectories(out);
            long connections = table(results.flatMap(r -> r.connections().iterator()), out, "connections");
            long findings = table(results.flatMap(r -> r.findings().iterator()), out, "findings");
            FleetSummary.TopQps top = topQps(results);
            List<FleetSummary.Rejects> rejects = rejects(results);
            List<FleetSummary.SetupLatency> latency = latency(results);
            double seconds = (System.nanoTime() - start) / 1e9;
            FleetSummary s = summary(meta, connections, findings, seconds, top, rejects, latency, rules);
            if (rules != null) junit(meta, out.resolve("junit"));
            Files.writeString(out.resolve("summary.json"), Rows.json(s) + "\n", StandardCharsets.UTF_8);
            return s;
        } finally {
            analysed.unpersist(false);
        }
    }

    private final List<String> notes = new ArrayList<>();

    /** The last run's notes, one line each (stderr's "rocescope: note: …"). */
    public List<String> notes() { return List.copyOf(notes); }

    /**
     * Some capture is split: one task per split (and per capture read whole) decodes it into pieces
     * ({@link SplitDecoding}), which go, sorted into file order, to one task per capture that tracks them
     * ({@link SplitMerge}); partition i of the result is capture i's, as without splits.
     */
    private static JavaRDD<CaptureResult> split(JavaSparkContext jsc, List<CaptureInput> inputs, SplitPlan plan, CaptureTask task) {
        List<SplitSpec> specs = plan.specs(inputs);
        List<Integer> counts = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) counts.add(plan.splits(i));
        return jsc.parallelize(specs, specs.size())
            .flatMapToPair(new SplitTask(task))
            .repartitionAndSortWithinPartitions(new CapturePartitioner(inputs.size()), SplitKey.ORDER)
            .mapPartitionsWithIndex(new MergeTask(task, inputs, counts), true);
    }

    /** A result as the driver collects it: everything but the rows, which stay with the executors. */
    private static CaptureResult withoutRows(CaptureResult r) {
        return new CaptureResult(r.capture(), r.host(), r.iface(), r.sizeBytes(), r.error(), r.warnings(), r.frames(), r.roceFrames(),
            List.of(), List.of(), List.of(), List.of(), List.of(), r.junit(), r.gateFailures(), r.note());
    }

    /** NAME.jsonl/ and NAME.parquet/ under {@code out}; returns the row count. */
    private long table(JavaRDD<String> rows, Path out, String name) {
        Dataset<String> lines = spark.createDataset(rows.rdd(), Encoders.STRING());
        lines.write().mode(SaveMode.Overwrite).text(out.resolve(name + ".jsonl").toString());
        // times and sizes as decimals (exact) where they fit; the leading columns say where a row comes from
        Dataset<Row> table = spark.read().option("prefersDecimal", "true").json(lines);
        long n = rows.count();
        if (n == 0) table = spark.createDataFrame(List.of(), new StructType().add("capture", DataTypes.StringType)
            .add("host", DataTypes.StringType).add("interface", DataTypes.StringType).add("connectionId", DataTypes.StringType));
        table.write().mode(SaveMode.Overwrite).parquet(out.resolve(name + ".parquet").toString());
        return n;
    }

    /** A QP's counts with the capture they come from: what the top lists rank. */
    private record Ranked(String capture, String host, CaptureResult.QpCounts qp) implements Serializable {}

    /** Most first; ties by capture and QP, so that every run names the same ten. */
    private record ByMetric(String metric) implements Comparator<Ranked>, Serializable {
        long value(Ranked r) {
            return switch (metric) {
                case "naks" -> r.qp().naks();
                case "retransmitted" -> r.qp().retransmitted();
                case "rnrNaks" -> r.qp().rnrNaks();
                default -> r.qp().cnps();
            };
        }

        @Override
        public int compare(Ranked x, Ranked y) {
            int c = Long.compare(value(y), value(x));
            if (c == 0) c = x.capture().compareTo(y.capture());
            return c != 0 ? c : x.qp().qp().compareTo(y.qp().qp());
        }
    }

    private static FleetSummary.TopQps topQps(JavaRDD<CaptureResult> results) {
        JavaRDD<Ranked> qps = results.flatMap(r -> r.qps().stream().map(q -> new Ranked(r.capture(), r.host(), q)).iterator());
        return new FleetSummary.TopQps(top(qps, "naks"), top(qps, "retransmitted"), top(qps, "rnrNaks"), top(qps, "cnps"));
    }

    private static List<FleetSummary.Qp> top(JavaRDD<Ranked> qps, String metric) {
        ByMetric by = new ByMetric(metric);
        List<FleetSummary.Qp> out = new ArrayList<>();
        for (Ranked r : qps.filter(r -> by.value(r) > 0).takeOrdered(TOP, by)) {
            out.add(new FleetSummary.Qp(r.capture(), r.host(), r.qp().connectionId(), r.qp().qp(), by.value(r)));
        }
        return out;
    }

    private static List<FleetSummary.Rejects> rejects(JavaRDD<CaptureResult> results) {
        Map<CaptureResult.Reject, Long> counts = results.flatMap(r -> r.rejects().iterator()).countByValue();
        List<FleetSummary.Rejects> out = new ArrayList<>();
        counts.forEach((r, n) -> out.add(new FleetSummary.Rejects(r.service(), r.setup(), r.reason(), n)));
        out.sort(Comparator.comparingLong(FleetSummary.Rejects::count).reversed()
            .thenComparing(FleetSummary.Rejects::service, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(FleetSummary.Rejects::reason, Comparator.nullsFirst(Comparator.naturalOrder())));
        return out;
    }

    /** Per host and set-up kind, exact: a fleet has thousands of set-ups, not billions (one value per connection). */
    private static List<FleetSummary.SetupLatency> latency(JavaRDD<CaptureResult> results) {
        List<FleetSummary.SetupLatency> out = results
            .flatMapToPair(r -> r.setupLatencies().stream().map(x -> new Tuple2<>(Arrays.asList(r.host(), x.setup()), x.nanos())).iterator())
            .groupByKey()
            .map(e -> {
                List<Long> v = new ArrayList<>();
                e._2().forEach(v::add);
                v.sort(null);
                return new FleetSummary.SetupLatency(e._1().get(0), e._1().get(1), v.size(), v.get(0) / 1e3, percentile(v, 0.5) / 1e3,
                    percentile(v, 0.99) / 1e3, v.get(v.size() - 1) / 1e3);
            }).collect();
        List<FleetSummary.SetupLatency> sorted = new ArrayList<>(out);
        sorted.sort(Comparator.comparing(FleetSummary.SetupLatency::host, Comparator.nullsFirst(Comparator.naturalOrder()))
            .thenComparing(FleetSummary.SetupLatency::setup));
        return sorted;
    }

    /** Linear interpolation between the closest ranks (as Spark SQL's percentile and numpy's default). */
    static double percentile(List<Long> sorted, double p) {
        double pos = p * (sorted.size() - 1);
        int lo = (int) Math.floor(pos), hi = (int) Math.ceil(pos);
        return sorted.get(lo) + (pos - lo) * (sorted.get(hi) - sorted.get(lo));
    }

    private static FleetSummary summary(List<CaptureResult> meta, long connections, long findings, double seconds,
                                        FleetSummary.TopQps top, List<FleetSummary.Rejects> rejects,
                                        List<FleetSummary.SetupLatency> latency, Rules rules) {
        long bytes = 0, frames = 0, roce = 0;
        List<FleetSummary.Unreadable> unreadable = new ArrayList<>();
        List<FleetSummary.Warning> warnings = new ArrayList<>();
        List<FleetSummary.GateFailure> gateFailures = new ArrayList<>();
        for (CaptureResult r : meta) {
            bytes += r.sizeBytes();
            frames += r.frames();
            roce += r.roceFrames();
            if (!r.read()) unreadable.add(new FleetSummary.Unreadable(r.capture(), r.error()));
            for (String w : r.warnings()) warnings.add(new FleetSummary.Warning(r.capture(), w));
            if (rules != null && !r.read()) gateFailures.add(new FleetSummary.GateFailure(r.capture(), List.of("unreadable: " + r.error())));
            else if (rules != null && !r.gateFailures().isEmpty()) gateFailures.add(new FleetSummary.GateFailure(r.capture(), r.gateFailures()));
        }
        FleetSummary.Gate gate = rules == null ? null
            : new FleetSummary.Gate(rules.name(), meta.size() - gateFailures.size(), gateFailures.size(), gateFailures);
        return new FleetSummary(meta.size(), meta.size() - unreadable.size(), unreadable.size(), bytes, frames, roce, connections,
            findings, seconds, top, rejects, latency, unreadable, warnings, gate);
    }

    /** junit/NAME.xml per capture (NAME its file name, made unique), an unreadable capture as an erroring test case. */
    private static void junit(List<CaptureResult> meta, Path dir) throws IOException {
        Files.createDirectories(dir);
        Set<String> used = new HashSet<>();
        for (CaptureResult r : meta) {
            String base = Path.of(r.capture()).getFileName().toString(), name = base;
            for (int i = 2; !used.add(name); i++) name = base + "-" + i;
            String xml = r.read() ? r.junit()
                : io.rocescope.analysis.JunitXml.render(Map.of(), new LinkedHashMap<>(Map.of(r.capture(), r.error())));
            Files.writeString(dir.resolve(name + ".xml"), xml, StandardCharsets.UTF_8);
        }
    }
}
