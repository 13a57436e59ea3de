package io.rocescope.cli;

import io.rocescope.dissector.capture.CaptureFormatException;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.filter.DisplayFilter;
import io.rocescope.dissector.filter.FilterSyntaxException;
import io.rocescope.dissector.pipeline.FramePipeline;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code rocescope dissect}: decode every frame and print it, like tshark -r. */
@Command(name = "dissect",
    description = {"Decode a capture frame by frame, like tshark.",
        "Output: one line per frame (default), the full field tree (-V), JSON (-T json) or chosen fields (-T fields -e NAME)."})
final class DissectCommand implements Callable<Integer> {
    @CommandLine.Mixin
    HelpOption help = new HelpOption();

    @CommandLine.Mixin
    CaptureOptions capture = new CaptureOptions();

    @Option(names = "-V", description = "print the full field tree of every frame")
    boolean verbose;

    @Option(names = "-T", paramLabel = "FORMAT", description = "output format: text (default), fields, json")
    String format = "text";

    @Option(names = "-e", paramLabel = "FIELD", description = "field to print with -T fields (repeatable), e.g. infiniband.bth.psn")
    List<String> fields = new ArrayList<>();

    @Option(names = "-E", paramLabel = "OPTION", description = "-T fields options: header=y|n, separator=CHAR (as tshark)")
    List<String> fieldOptions = new ArrayList<>();

    @Option(names = "-c", paramLabel = "N", description = "stop after N frames")
    long count = -1;

    @Option(names = "-Y", paramLabel = "FILTER", description = "display filter, as Wireshark's: e.g. \"infiniband.aeth.syndrome.opcode == 3 && ip.src == 10.0.0.2\"")
    String displayFilter;

    @Option(names = "-q", description = "decode every frame but print only a count (for timing)")
    boolean quiet;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.ParentCommand
    RoceScope root;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        String input = capture.input(cl);
        DecodeOptions options = capture.decodeOptions(cl);
        int threads = capture.threads(cl, false);
        DisplayFilter filter = null;
        if (displayFilter != null) {
            try {
                filter = DisplayFilter.parse(displayFilter);
            } catch (FilterSyntaxException e) {
                cl.getErr().println("rocescope: " + e.getMessage());   // one line: what is wrong, at which column
                return RoceScope.EXIT_USAGE;
            }
        }
        FrameSink<?> sink = sink();
        FieldInterest interest = sink.interest();
        if (filter != null) interest = interest.with(filter.fields());
        PrintWriter err = cl.getErr();
        long frames = 0;
        // The output is whole or absent: a sink that began (JSON's "[") is ended whatever stops the run,
        // and one that did not (the input never opened) prints nothing.
        boolean begun = false;
        try (CaptureReader reader = CaptureReaders.open(input)) {
            FramePipeline pipeline = new FramePipeline(options, interest, threads, FramePipeline.DEFAULT_BATCH);
            sink.begin();
            begun = true;
            frames = run(pipeline, reader, sink, filter);
            begun = false;
            sink.end(frames);
            for (String w : reader.warnings()) err.println("rocescope: warning: " + w);
            if (frames == 0 && !reader.warnings().isEmpty()) return RoceScope.EXIT_USAGE;
        } catch (StandardOutput.Closed e) {
            return RoceScope.EXIT_PIPE;   // | head: the reader has what it wanted
        } catch (StandardOutput.Failed e) {
            err.println("rocescope: " + e.getMessage());
            return RoceScope.EXIT_USAGE;
        } catch (CaptureFormatException e) {
            if (begun) sink.end(frames);
            err.println("rocescope: " + e.getMessage());
            return RoceScope.EXIT_USAGE;
        } catch (IOException e) {
            if (begun) sink.end(frames);
            err.println("rocescope: " + input + ": read error: " + e.getMessage());
            return RoceScope.EXIT_USAGE;
        } catch (RuntimeException | Error e) {
            if (begun) endAfterFailure(sink, e);
            throw e;
        }
        return RoceScope.EXIT_OK;
    }

    /** Closes the output of a run that failed (the failure is reported at the top); a second failure only adds to it. */
    private static void endAfterFailure(FrameSink<?> sink, Throwable failure) {
        try {
            sink.end(0);
        } catch (IOException | RuntimeException | Error e) {
            failure.addSuppressed(e);
        }
    }

    private <O> long run(FramePipeline pipeline, CaptureReader reader, FrameSink<O> sink, DisplayFilter filter) throws IOException {
        return pipeline.run(reader, count, filter == null ? sink : new FilteredJob<>(sink, filter));
    }

    private FrameSink<?> sink() throws IOException {
        OutputStream out = root.stdout();
        if (quiet) return new CountSink(spec.commandLine().getErr());
        switch (format) {
            case "text":
                return verbose ? new TreeSink(out) : new LineSink(out);
            case "fields": {
                if (fields.isEmpty()) throw new CommandLine.ParameterException(spec.commandLine(), "-T fields needs at least one -e FIELD");
                List<FieldDef> defs = new ArrayList<>();
                for (String name : fields) {
                    FieldDef def = Fields.byName(name);
                    if (def == null) throw new CommandLine.ParameterException(spec.commandLine(), "unknown field '" + name + "' (rocescope fields lists them)");
                    defs.add(def);
                }
                boolean header = false;
                char sep = '\t';
                for (String o : fieldOptions) {
                    if (o.equals("header=y")) header = true;
                    else if (o.equals("header=n")) header = false;
                    else if (o.startsWith("separator=") && o.length() == 11) sep = o.charAt(10);
                    else if (o.equals("separator=/t")) sep = '\t';
                    else if (o.equals("separator=/s")) sep = ' ';
                    else throw new CommandLine.ParameterException(spec.commandLine(), "unknown -E option '" + o + "' (header=y|n, separator=C)");
                }
                return new FieldsSink(out, defs, header, sep);
            }
            case "json":
                return new JsonSink(out);
            default:
                throw new CommandLine.ParameterException(spec.commandLine(), "unknown output format '" + format + "' (text, fields, json)");
        }
    }
}
