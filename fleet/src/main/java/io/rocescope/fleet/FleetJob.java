package io.rocescope.fleet;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.storage.StorageLevel;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.max;
import static org.apache.spark.sql.functions.min;

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

    public FleetSummary run(List<CaptureInput> inputs, Path out, Rules rules) throws IOException {
        long start = System.nanoTime();
        JavaSparkContext jsc = JavaSparkContext.fromSparkContext(spark.sparkContext());
        CaptureTask task = rules == null ? new CaptureTask(null, null) : new CaptureTask(rules.yaml(), rules.name());
        // one partition, so one task, per capture: a capture is the unit a task reads from start to end
        JavaRDD<CaptureResult> results = jsc.parallelize(inputs, Math.max(1, inputs.size())).map(task)
            .persist(StorageLevel.MEMORY_AND_DISK_SER());
        try {
            List<CaptureResult> meta = results.map(FleetJob::withoutRows).collect();
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
            results.unpersist(false);
        }
    }

    /** A result as the driver collects it: everything but the rows, which stay with the executors. */
    private static CaptureResult withoutRows(CaptureResult r) {
        return new CaptureResult(r.capture(), r.host(), r.iface(), r.sizeBytes(), r.error(), r.warnings(), r.frames(), r.roceFrames(),
            List.of(), List.of(), List.of(), List.of(), List.of(), r.junit(), r.gateFailures());
    }

    /** NAME.jsonl/ and NAME.parquet/ under {@code out}; returns the row count. */
    private long table(JavaRDD<String> rows, Path out, String name) {
        Dataset<String> lines = spark.createDataset(rows.rdd(), Encoders.STRING());
        lines.write().mode(SaveMode.Overwrite).text(out.resolve(name + ".jsonl").toString());
        // times and sizes as decimals (exact) where they fit; the leading columns say where a row comes from
        Dataset<Row> table = spark.read().option("prefersDecimal", "true").json(lines);
        long n = table.count();
        if (n == 0) table = spark.createDataFrame(List.of(), new StructType().add("capture", DataTypes.StringType)
            .add("host", DataTypes.StringType).add("interface", DataTypes.StringType).add("connectionId", DataTypes.StringType));
        table.write().mode(SaveMode.Overwrite).parquet(out.resolve(name + ".parquet").toString());
        return n;
    }

    private FleetSummary.TopQps topQps(JavaRDD<CaptureResult> results) {
        StructType schema = new StructType().add("capture", DataTypes.StringType).add("host", DataTypes.StringType)
            .add("connectionId", DataTypes.StringType).add("qp", DataTypes.StringType).add("naks", DataTypes.LongType)
            .add("retransmitted", DataTypes.LongType).add("rnrNaks", DataTypes.LongType).add("cnps", DataTypes.LongType);
        JavaRDD<Row> rows = results.flatMap(r -> r.qps().stream().map(q -> RowFactory.create(r.capture(), r.host(),
            q.connectionId(), q.qp(), q.naks(), q.retransmitted(), q.rnrNaks(), q.cnps())).iterator());
        Dataset<Row> qps = spark.createDataFrame(rows, schema).cache();
        try {
            return new FleetSummary.TopQps(top(qps, "naks"), top(qps, "retransmitted"), top(qps, "rnrNaks"), top(qps, "cnps"));
        } finally {
            qps.unpersist();
        }
    }

    private static List<FleetSummary.Qp> top(Dataset<Row> qps, String metric) {
        List<FleetSummary.Qp> out = new ArrayList<>();
        for (Row r : qps.filter(col(metric).gt(0)).orderBy(col(metric).desc(), col("capture"), col("qp")).limit(TOP).collectAsList()) {
            out.add(new FleetSummary.Qp(r.getString(0), r.getString(1), r.getString(2), r.getString(3), r.getLong(r.fieldIndex(metric))));
        }
        return out;
    }

    private List<FleetSummary.Rejects> rejects(JavaRDD<CaptureResult> results) {
        StructType schema = new StructType().add("service", DataTypes.StringType).add("setup", DataTypes.StringType)
            .add("reason", DataTypes.StringType);
        JavaRDD<Row> rows = results.flatMap(r -> r.rejects().stream().map(x -> RowFactory.create(x.service(), x.setup(), x.reason())).iterator());
        List<FleetSummary.Rejects> out = new ArrayList<>();
        for (Row r : spark.createDataFrame(rows, schema).groupBy("service", "setup", "reason").count()
            .orderBy(col("count").desc(), col("service"), col("reason")).collectAsList()) {
            out.add(new FleetSummary.Rejects(r.getString(0), r.getString(1), r.getString(2), r.getLong(3)));
        }
        return out;
    }

    private List<FleetSummary.SetupLatency> latency(JavaRDD<CaptureResult> results) {
        StructType schema = new StructType().add("host", DataTypes.StringType).add("setup", DataTypes.StringType)
            .add("micros", DataTypes.DoubleType);
        JavaRDD<Row> rows = results.flatMap(r -> r.setupLatencies().stream().map(x -> RowFactory.create(r.host(), x.setup(), x.nanos() / 1e3)).iterator());
        List<FleetSummary.SetupLatency> out = new ArrayList<>();
        // exact percentiles: a fleet has thousands of set-ups, not billions
        for (Row r : spark.createDataFrame(rows, schema).groupBy("host", "setup")
            .agg(count("micros"), min("micros"), expr("percentile(micros, 0.5)"), expr("percentile(micros, 0.99)"), max("micros"))
            .orderBy(col("host").asc_nulls_first(), col("setup")).collectAsList()) {
            out.add(new FleetSummary.SetupLatency(r.getString(0), r.getString(1), r.getLong(2), r.getDouble(3), r.getDouble(4),
                r.getDouble(5), r.getDouble(6)));
        }
        return out;
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
