package io.rocescope.cli;

import io.rocescope.analysis.CaptureAnalysis;
import io.rocescope.analysis.JunitXml;
import io.rocescope.analysis.RuleFileException;
import io.rocescope.analysis.RulePackLoader;
import io.rocescope.flow.Reports;
import io.rocescope.flow.rules.Rule;
import io.rocescope.flow.rules.RuleEvaluator;
import io.rocescope.flow.rules.RuleResult;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/** {@code rocescope check}: a CI gate. Exit 0 when every rule passes, 1 when any fails, 2 for bad input. */
@Command(name = "check",
    description = {"Check captures against rule packs (rules/*.yaml): exit 0 if every rule passes, 1 if any fails, 2 on bad input.",
        "Without --rules the default pack (rules/default.yaml) is used."})
final class CheckCommand implements Callable<Integer> {
    @CommandLine.Mixin
    HelpOption help = new HelpOption();

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "capture files")
    List<String> files = new ArrayList<>();

    @Option(names = "--rules", paramLabel = "PACK.yaml", description = "rule pack (repeatable)")
    List<Path> packs = new ArrayList<>();

    @Option(names = "--junit", paramLabel = "OUT.xml", description = "also write JUnit XML (one test case per rule and scope)")
    Path junit;

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

    @Override
    public Integer call() throws IOException {
        CommandLine cl = spec.commandLine();
        boolean json = analysis.json(cl);
        List<Rule> rules = new ArrayList<>();
        try {
            if (packs.isEmpty()) rules.addAll(RulePackLoader.load(defaultPack(), "rules/default.yaml (built in)"));
            for (Path p : packs) rules.addAll(RulePackLoader.load(p));
        } catch (RuleFileException e) {
            cl.getErr().println("rocescope: " + e.getMessage());
            return RoceScope.EXIT_USAGE;
        }
        Map<String, List<RuleResult>> results = new LinkedHashMap<>();
        Map<String, String> notes = new LinkedHashMap<>();
        var filter = analysis.filter(cl);   // parsed once for every file
        for (String file : files) {
            Reports.Analysis a = CaptureAnalysis.analyze(file, decodeAs.decodeOptions(cl), analysis.trackerOptions(cl),
                threads.threads(cl, true), analysis.count, filter, cl.getErr());
            if (a == null) return RoceScope.EXIT_USAGE;
            results.put(file, RuleEvaluator.evaluate(a, rules));
            String note = FlowTableNote.line(a.summary(), analysis.maxFlows);
            if (note != null) notes.put(file, note);
        }
        if (junit != null) Files.writeString(junit, JunitXml.render(results), StandardCharsets.UTF_8);
        OutputStream out = root.stdout();
        if (json) {
            notes.forEach((file, note) -> cl.getErr().print("rocescope: warning: " + file + ": " + note));
            cl.getErr().flush();
            Json.write(out, results);
        } else {
            StringBuilder sb = new StringBuilder();
            results.forEach((file, r) -> {
                CheckReport.text(sb, file, r);
                if (notes.containsKey(file)) sb.append("  ").append(notes.get(file));
            });
            out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
        boolean failed = results.values().stream().flatMap(List::stream).anyMatch(RuleResult::failed);
        return failed ? RoceScope.EXIT_FAILED : RoceScope.EXIT_OK;
    }

    /** rules/default.yaml as built into the jar. */
    private static byte[] defaultPack() throws IOException {
        try (var in = CheckCommand.class.getResourceAsStream("/rules/default.yaml")) {
            if (in == null) throw new IOException("the default rule pack is missing; pass --rules PACK.yaml");
            return in.readAllBytes();
        }
    }
}
