package io.rocescope.cli;

import io.rocescope.analysis.CaptureAnalysis;
import io.rocescope.flow.Reports;
import picocli.CommandLine;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

/** The shape of flows, timeline, expert and stats: read the capture, track flows, render one view. */
abstract class AnalysisCommand implements Callable<Integer> {
    @CommandLine.Mixin
    HelpOption help = new HelpOption();

    @CommandLine.Mixin
    CaptureOptions capture;

    @CommandLine.Mixin
    AnalysisOptions analysis;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.ParentCommand
    RoceScope root;

    @Override
    public Integer call() throws IOException {
        CommandLine cl = spec.commandLine();
        String input = capture.input(cl);
        boolean json = analysis.json(cl);
        Reports.Analysis result = CaptureAnalysis.analyze(input, capture.decodeOptions(cl), analysis.trackerOptions(cl),
            capture.threads(cl, true), analysis.count, analysis.filter(cl), cl.getErr());
        if (result == null) return RoceScope.EXIT_USAGE;
        OutputStream out = root.stdout();
        String note = FlowTableNote.line(result.summary(), analysis.maxFlows);
        if (json) {
            if (note != null) { cl.getErr().print("rocescope: warning: " + note); cl.getErr().flush(); }
            Json.write(out, jsonView(result));
        } else {
            StringBuilder sb = new StringBuilder(4096);
            text(result, sb);
            if (note != null) sb.append(note);
            out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
            out.flush();
        }
        return exitCode(result);
    }

    /** What -T json prints. */
    abstract Object jsonView(Reports.Analysis a);

    abstract void text(Reports.Analysis a, StringBuilder sb);

    int exitCode(Reports.Analysis a) { return RoceScope.EXIT_OK; }
}
