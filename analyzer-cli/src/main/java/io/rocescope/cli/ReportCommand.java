package io.rocescope.cli;

import io.rocescope.analysis.CaptureAnalysis;
import io.rocescope.cli.report.Evidence;
import io.rocescope.cli.report.EvidenceScanner;
import io.rocescope.cli.report.ReportFormat;
import io.rocescope.cli.report.ReportModel;
import io.rocescope.cli.report.ReportWriter;
import io.rocescope.flow.Reports;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@code rocescope report}: one self-contained, hash-stamped document about one or more captures, made
 * from the same analysis as {@code flows}, {@code expert} and {@code stats} (issue 14).
 */
@Command(name = "report",
    description = "Write a forensic report (evidence identity, findings with display filters, connections) as HTML, Markdown or JSON.")
final class ReportCommand implements Callable<Integer> {
    @CommandLine.Mixin
    HelpOption help = new HelpOption();

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "pcap or pcapng files (one report for all)")
    List<String> files;

    @Option(names = "-o", required = true, paramLabel = "OUT", description = "output file; its extension picks the format: .html, .md or .json")
    String output;

    @Option(names = "--evidence", paramLabel = "DIR", description = "also write into DIR a pcap per finding and per connection "
        + "(the frames involved, with context) and the findings as JSON Lines (findings.jsonl); the report lists each with its SHA-256")
    Path evidenceDir;

    @Option(names = "--force", description = "with --evidence: write into DIR even when it already holds files (files of the same name are "
        + "overwritten, others are left there and are not in the report)")
    boolean force;

    @CommandLine.Mixin
    DecodeAsOptions decodeAs = new DecodeAsOptions();

    @CommandLine.Mixin
    AnalysisOptions analysis = new AnalysisOptions();

    @CommandLine.Mixin
    ThreadsOption threads = new ThreadsOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.ParentCommand
    RoceScope root;

    private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_./=:,+@%^-]+");

    @Override
    public Integer call() throws IOException {
        CommandLine cl = spec.commandLine();
        ReportFormat format = ReportFormat.ofFileName(output);
        if (format == null) throw new CommandLine.ParameterException(cl, "-o " + output + ": the name must end in .html, .md or .json");
        if (!analysis.format.equals("text")) throw new CommandLine.ParameterException(cl, "report takes its format from -o's extension, not -T");
        if (evidenceDir != null) {
            // old files beside the new extracts would look like evidence the report vouches for
            if (!force && Files.isDirectory(evidenceDir) && holdsFiles(evidenceDir)) {
                throw new CommandLine.ParameterException(cl, "--evidence " + evidenceDir + ": the directory already holds files; "
                    + "give an empty or new directory, or --force to write into it anyway");
            }
            try {
                Files.createDirectories(evidenceDir);
            } catch (IOException e) {
                throw new CommandLine.ParameterException(cl, "--evidence " + evidenceDir + ": cannot make the directory (" + e.getMessage() + ")");
            }
        }
        List<ReportModel.Input> inputs = new ArrayList<>();
        var filter = analysis.filter(cl);   // -c and -Y choose the frames, as for flows and check
        for (String file : files) {
            if (file.equals("-")) throw new CommandLine.ParameterException(cl, "report needs capture files (their hashes identify them), not standard input");
            Reports.Analysis a = CaptureAnalysis.analyze(file, decodeAs.decodeOptions(cl), analysis.trackerOptions(cl),
                threads.threads(cl, true), analysis.count, filter, cl.getErr());
            if (a == null) return RoceScope.EXIT_USAGE;
            // one more pass over the file: its hashes and identity, the PSNs the charts draw, the evidence extracts
            var psn = ReportModel.psnSeriesFor(a);
            var extracts = evidenceDir == null ? null
                : ReportModel.extractsFor(evidenceDir, files.size() == 1 ? "" : "file" + inputs.size() + "-", a);
            Evidence e = EvidenceScanner.scan(Path.of(file), decodeAs.decodeOptions(cl), extracts == null ? List.of(psn) : List.of(psn, extracts));
            if (extracts != null) extracts.close();
            inputs.add(new ReportModel.Input(e, a, psn, extracts));
        }
        String tool = RoceScope.class.getAnnotation(Command.class).version()[0];
        Map<String, Object> lines = evidenceDir == null ? null : findingLines(inputs);
        var model = ReportModel.build(tool, commandLine(), Instant.now(), inputs, lines);
        Files.writeString(Path.of(output), ReportWriter.render(format, model), StandardCharsets.UTF_8);
        return RoceScope.EXIT_OK;
    }

    private static boolean holdsFiles(Path dir) throws IOException {
        try (var entries = Files.list(dir)) {
            return entries.findAny().isPresent();
        }
    }

    /** Every input's findings into DIR/findings.jsonl, hashed as written. */
    private Map<String, Object> findingLines(List<ReportModel.Input> inputs) throws IOException {
        Path file = evidenceDir.resolve("findings.jsonl");
        java.security.MessageDigest sha256;
        try {
            sha256 = java.security.MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        long count = 0;
        try (var out = new java.io.BufferedOutputStream(new java.security.DigestOutputStream(Files.newOutputStream(file), sha256))) {
            for (ReportModel.Input in : inputs) {
                in.extracts().writeLines(out, in.evidence());
                count += in.analysis().findings().size();
            }
        }
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("file", file.getFileName().toString());
        m.put("lines", count);
        m.put("sha256", java.util.HexFormat.of().formatHex(sha256.digest()));
        return m;
    }

    /** The command line as typed, quoted so it can be pasted into a shell again. */
    private String commandLine() {
        List<String> args = root.spec.commandLine().getParseResult().originalArgs();
        return "rocescope " + args.stream().map(ReportCommand::quoted).collect(Collectors.joining(" "));
    }

    private static String quoted(String arg) {
        return SHELL_SAFE.matcher(arg).matches() ? arg : "'" + arg.replace("'", "'\\''") + "'";
    }
}
