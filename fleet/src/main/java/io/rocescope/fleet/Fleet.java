package io.rocescope.fleet;

import io.rocescope.analysis.RuleFileException;
import io.rocescope.analysis.RulePackLoader;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code rocescope fleet}: many captures on Apache Spark. Embedded {@code local[*]} by default (nothing to
 * install), {@code --master spark://…} or {@code yarn}, or {@code spark-submit} of this jar, on a cluster.
 * Exit 0, 1 when --rules is given and any capture fails a rule or cannot be read, 2 for bad input.
 */
@Command(name = "rocescope fleet", mixinStandardHelpOptions = true, version = "rocescope fleet 0.1.0",
    description = "Analyze many captures on Apache Spark, one task per capture: connections and findings as Parquet and JSON Lines,"
        + " a fleet summary (top NAK/retransmission/RNR/CNP QPs, CM rejects by service, set-up latency CM vs socket per host,"
        + " unreadable captures); with --rules, the CI gate across a directory (exit 1 when any capture fails, JUnit XML per capture).")
public final class Fleet implements Callable<Integer> {
    public static final int EXIT_OK = 0, EXIT_FAILED = 1, EXIT_USAGE = 2;

    @Parameters(arity = "1..*", paramLabel = "DIR|GLOB|FILE", description = "capture directories (searched recursively), globs or files")
    List<String> inputs = new ArrayList<>();

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "where the tables, summary.json and junit/ go")
    Path out;

    @Option(names = "--master", paramLabel = "URL", description = "Spark master: local[*] (default, embedded), local[N], spark://HOST:7077, yarn …")
    String master;

    @Option(names = "--rules", paramLabel = "PACK.yaml", description = "the CI gate: check every capture against this rule pack")
    Path rules;

    @Option(names = "--conf", paramLabel = "KEY=VALUE", description = "a Spark setting (repeatable), e.g. spark.executor.memory=4g")
    List<String> conf = new ArrayList<>();

    @Option(names = "--split-size", paramLabel = "SIZE", description = "a capture larger than this is decoded by several tasks,"
        + " one per split of about this size, and tracked as one (results identical to one task's): 64m, 1g, bytes; none: one task"
        + " per capture (default: 256m)")
    String splitSize;

    @Option(names = "--progress", negatable = true, description = "Spark's progress bar on stderr (default: when stderr is a terminal)")
    Boolean progress;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        try {
            Class.forName("org.apache.spark.SparkConf", false, Fleet.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            System.err.println("rocescope: fleet: Apache Spark is not on the class path (java -jar rocescope-fleet.jar needs"
                + " the lib/ folder the build puts beside it; on a cluster, use spark-submit)");
            System.exit(EXIT_USAGE);
        }
        System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new Fleet());
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            err.println("rocescope: " + ex.getMessage() + " (see 'rocescope fleet --help')");
            return EXIT_USAGE;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            err.println("rocescope: fleet: " + (ex.getMessage() == null ? ex.toString() : ex.getMessage().lines().findFirst().orElse("")));
            return EXIT_USAGE;
        });
        int code = cl.execute(args);
        out.flush();
        err.flush();
        return code;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        String missing = SparkJvm.missingOpens();
        if (missing != null) {
            err.println("rocescope: fleet: Spark needs this JVM started with --add-opens=" + missing
                + "=ALL-UNNAMED and the others of SparkJvm (run 'java -jar rocescope-fleet.jar' or 'rocescope fleet', which set them)");
            return EXIT_USAGE;
        }
        List<CaptureInput> captures;
        try {
            captures = CaptureInputs.expand(inputs);
        } catch (CaptureInputs.NoSuchInput e) {
            err.println("rocescope: " + e.getMessage());
            return EXIT_USAGE;
        }
        long split = SplitPlan.DEFAULT_SPLIT_SIZE;
        if (splitSize != null) {
            try {
                split = SplitPlan.parseSize(splitSize);
            } catch (IllegalArgumentException e) {
                err.println("rocescope: " + e.getMessage());
                return EXIT_USAGE;
            }
        }
        FleetJob.Rules gate = null;
        if (rules != null) {
            try {
                byte[] yaml = Files.readAllBytes(rules);
                RulePackLoader.load(yaml, rules.toString());   // a broken pack is the user's mistake: said here, once
                gate = new FleetJob.Rules(yaml, rules.toString());
            } catch (NoSuchFileException e) {
                err.println("rocescope: " + rules + ": no such rule file");
                return EXIT_USAGE;
            } catch (RuleFileException e) {
                err.println("rocescope: " + e.getMessage());
                return EXIT_USAGE;
            }
        }
        // a session already running in this JVM (a test's, a notebook's) is used and left running
        boolean ours = SparkSession.getActiveSession().isEmpty() && SparkSession.getDefaultSession().isEmpty();
        SparkSession spark = SparkSession.builder().config(SparkJvm.conf(master, conf, progress, spec.commandLine())).getOrCreate();
        FleetSummary s;
        FleetJob job = new FleetJob(spark);
        try {
            s = job.run(captures, out, gate, split);
        } finally {
            if (ours) spark.stop();
        }
        for (String note : job.notes()) err.println("rocescope: note: " + note);
        stdout.print(SummaryText.render(s, out));
        stdout.flush();
        for (FleetSummary.Unreadable u : s.unreadableCaptures()) err.println("rocescope: warning: " + u.capture() + ": " + u.reason());
        if (gate != null && s.gate().failed() > 0) return EXIT_FAILED;
        return EXIT_OK;
    }
}
