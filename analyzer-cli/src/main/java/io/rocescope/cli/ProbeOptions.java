package io.rocescope.cli;

import io.rocescope.cli.probe.ProbeResult;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What the probe commands share: how many, how fast, how the results are shown, and the gate. */
final class ProbeOptions {
    @Option(names = "-c", paramLabel = "N", description = "probes per target (default 5)")
    int count = 5;

    @CommandLine.Mixin
    ProbeLimits limits = new ProbeLimits();

    @Option(names = "-T", paramLabel = "FORMAT", description = "output format: text (default) or json")
    String format = "text";

    @Option(names = "--junit", paramLabel = "OUT.xml", description = "also write JUnit XML (one test case per target)")
    Path junit;

    void check(CommandLine cl) {
        ProbeLimits.checkCount(cl, count, "-c");
        limits.checkRate(cl);
        if (!format.equals("text") && !format.equals("json")) throw new CommandLine.ParameterException(cl, "unknown output format '" + format + "' (text, json)");
        limits.checkMaxLost(cl);
    }

    boolean json() { return format.equals("json"); }

    double rate() { return limits.rate; }

    /**
     * The probe commands' run: each target set up, probed (its lines printed as they come) and closed, one
     * after the other; then the results. A target that cannot be set up ends the run with its one line (exit 2).
     */
    int run(List<ProbeJob.Opener> jobs, OutputStream out, PrintWriter err) throws IOException, InterruptedException {
        List<ProbeResult> results = new ArrayList<>();
        for (ProbeJob.Opener opener : jobs) {
            ProbeJob job;
            try {
                job = opener.open();
            } catch (ProbeJob.SetupException e) {
                err.println("rocescope: " + e.getMessage());
                return RoceScope.EXIT_USAGE;
            }
            try (job) {
                print(out, job.head());
                job.run(p -> print(out, ProbeReport.line(job.result(), p)), s -> print(out, ProbeReport.stepLine(s)));
                results.add(job.result());
            }
        }
        return finish(results, out);
    }

    private void print(OutputStream out, String text) {
        if (json()) return;
        try {
            out.write(text.getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Writes the results (JSON at the end, or the text summaries) and the JUnit file; returns the exit code. */
    int finish(List<ProbeResult> results, OutputStream out) throws IOException {
        ProbeReport report = new ProbeReport(limits.maxLost);
        if (json()) {
            Json.write(out, ProbeReport.json(results));
        } else {
            out.write(ProbeReport.text(results).getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
        if (junit != null) Files.writeString(junit, report.junit(results), StandardCharsets.UTF_8);
        return report.anyFailed(results) ? RoceScope.EXIT_FAILED : RoceScope.EXIT_OK;
    }
}
