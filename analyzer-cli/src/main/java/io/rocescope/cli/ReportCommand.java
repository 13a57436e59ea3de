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
        List<ReportModel.Input> inputs = new ArrayList<>();
        var filter = analysis.filter(cl);   // -c and -Y choose the frames, as for flows and check
        for (String file : files) {
            if (file.equals("-")) throw new CommandLine.ParameterException(cl, "report needs capture files (their hashes identify them), not standard input");
            Reports.Analysis a = CaptureAnalysis.analyze(file, decodeAs.decodeOptions(cl), analysis.trackerOptions(cl),
                threads.threads(cl, true), analysis.count, filter, cl.getErr());
            if (a == null) return RoceScope.EXIT_USAGE;
            Evidence e = EvidenceScanner.scan(Path.of(file));
            inputs.add(new ReportModel.Input(e, a));
        }
        String tool = RoceScope.class.getAnnotation(Command.class).version()[0];
        var model = ReportModel.build(tool, commandLine(), Instant.now(), inputs);
        Files.writeString(Path.of(output), ReportWriter.render(format, model), StandardCharsets.UTF_8);
        return RoceScope.EXIT_OK;
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
