package io.rocescope.cli;

import io.rocescope.analysis.TrackerJob;
import io.rocescope.dissector.pipeline.FilteredJob;
import io.rocescope.dissector.capture.CaptureFormatException;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.encode.CaptureWriter;
import io.rocescope.dissector.encode.PcapFileWriter;
import io.rocescope.dissector.encode.PcapngFileWriter;
import io.rocescope.dissector.text.TimeColumn;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.filter.DisplayFilter;
import io.rocescope.dissector.filter.FilterSyntaxException;
import io.rocescope.dissector.pipeline.FrameJob;
import io.rocescope.dissector.pipeline.FramePipeline;
import io.rocescope.dissector.pipeline.ReadFilterPass;
import io.rocescope.dissector.capture.SelectedRecords;
import io.rocescope.flow.TrackerOptions;
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

    @Option(names = "-T", paramLabel = "FORMAT", description = "output format: text (default), fields, json, ek, pdml, psml (tshark's layouts), "
        + "rocescope-json (RoCEscope's JSON: every field with label, value, display text, offset and length)")
    String format = "text";

    @Option(names = "-e", paramLabel = "FIELD", description = "field to print with -T fields (repeatable), e.g. infiniband.bth.psn")
    List<String> fields = new ArrayList<>();

    @Option(names = "-E", paramLabel = "OPTION", description = "-T fields options, as tshark's: header=y|n, separator=/t|/s|C, "
        + "quote=d|s|n, occurrence=f|l|a, aggregator=,|/s|C, bom=y|n, escape=y|n; several may be comma-separated")
    List<String> fieldOptions = new ArrayList<>();

    @Option(names = "-x", description = "print each frame's bytes in hex and ASCII (after the tree with -V, after the line with -P)")
    boolean hexDump;

    @Option(names = "-P", description = "print the summary line even with -x or -w")
    boolean printSummary;

    @Option(names = "-t", paramLabel = "FORMAT", description = "Time column: r (relative, default), a/ad/adoy (local time, with date, "
        + "day of year), u/ud/udoy (UTC), e (epoch), d (delta to previous captured), dd (delta to previous displayed)")
    String timeFormat;

    @Option(names = "-u", paramLabel = "UNITS", description = "relative and delta times in s (seconds, default) or hms (1h 2m 3.000000s)")
    String timeUnits;

    @Option(names = "-w", paramLabel = "OUTFILE", description = "write the frames (those -Y selects) to a capture file instead of printing them")
    String writeFile;

    @Option(names = "-F", paramLabel = "FORMAT", description = "file format for -w: pcapng (default, as tshark's) or pcap; a name ending in .pcap picks pcap")
    String writeFormat;

    @Option(names = "-c", paramLabel = "N", description = "stop after N frames")
    long count = -1;

    @Option(names = "-Y", paramLabel = "FILTER", description = "display filter, as Wireshark's: e.g. \"infiniband.aeth.syndrome.opcode == 3 && ip.src == 10.0.0.2\"")
    String displayFilter;

    @Option(names = "-2", description = "two passes, as tshark's: with -R, the first pass selects the frames")
    boolean twoPass;

    @Option(names = "-R", paramLabel = "FILTER", description = "read filter (needs -2): frames it rejects are dropped in the first pass, "
        + "before anything else, and the rest numbered 1, 2, 3 … as tshark -2 -R does")
    String readFilter;

    @Option(names = "-z", paramLabel = "STATISTIC", description = "statistics after the frames, as tshark's: conv,udp; "
        + "io,stat,INTERVAL[,FILTER]; expert[,error|warn|note|chat][,FILTER] (repeatable; with -q only the statistics)")
    List<String> statistics = new ArrayList<>();

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
        DisplayFilter read = null;
        if (readFilter != null) {
            if (!twoPass) throw new CommandLine.ParameterException(cl, "-R needs -2 (as tshark's; for one pass, filter with -Y)");
            if (input.equals("-")) throw new CommandLine.ParameterException(cl, "-2 reads the capture twice: give a file, not standard input");
            try {
                read = DisplayFilter.parse(readFilter);
            } catch (FilterSyntaxException e) {
                cl.getErr().println("rocescope: " + e.getMessage());
                return RoceScope.EXIT_USAGE;
            }
        }
        TimeColumn time;
        try {
            time = TimeColumn.parse(timeFormat, timeUnits);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, e.getMessage());
        }
        FrameClock clock = new FrameClock();
        if (time.needsPrevious()) threads = 0;   // deltas to the previous frames: formatted in capture order
        FrameSink<?> sink;
        try {
            sink = sink(time, clock);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, e.getMessage());
        }
        FieldInterest interest = sink.interest();
        if (filter != null) interest = interest.with(filter.fields());
        Statistics stats = statistics(cl);
        if (stats != null) for (DisplayFilter f : stats.filters()) interest = interest.with(f.fields());
        ExpertStatistics expert = expertStatistics(cl, options);
        if (expert != null && expert.filter() != null) interest = interest.with(expert.filter().fields());
        PrintWriter err = cl.getErr();
        long frames = 0;
        // The output is whole or absent: a sink that began (JSON's "[") is ended whatever stops the run,
        // and one that did not (the input never opened) prints nothing.
        boolean begun = false;
        try (CaptureReader reader = read == null ? CaptureReaders.open(input) : selected(input, options, read, threads)) {
            if (sink instanceof WriteSink w) w.open(reader.nanosecondTimestamps());
            FramePipeline pipeline = new FramePipeline(options, interest, threads, FramePipeline.DEFAULT_BATCH);
            sink.begin();
            begun = true;
            frames = run(pipeline, reader, read == null ? count : -1, sink, filter, clock, stats, expert);
            begun = false;
            sink.end(frames);
            if (stats != null) {
                root.stdout().write(stats.report().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                root.stdout().flush();
            }
            if (expert != null) {
                root.stdout().write(expert.report().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                root.stdout().flush();
            }
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

    /** -2 -R: the first pass picks the frames (and applies -c, as tshark's does); the capture is then read as if it held only those. */
    private CaptureReader selected(String input, DecodeOptions options, DisplayFilter read, int threads) throws IOException {
        ReadFilterPass.Selection s;
        try (CaptureReader first = CaptureReaders.open(input)) {
            s = ReadFilterPass.run(first, options, read, threads, count);
        }
        return new SelectedRecords(CaptureReaders.open(input), s.kept(), s.firstTimestampNanos());
    }

    private <O> long run(FramePipeline pipeline, CaptureReader reader, long count, FrameSink<O> sink, DisplayFilter filter, FrameClock clock,
                         Statistics stats, ExpertStatistics expert) throws IOException {
        FrameJob<O> printed = filter == null ? sink : new FilteredJob<>(sink, filter);
        // as tshark 4.0's taps, the statistics count every frame read; -Y chooses only the frames printed
        if (stats != null && expert != null) return pipeline.run(reader, count, clock.counting(pair(printed, pair(stats, expert))));
        if (stats != null) return pipeline.run(reader, count, clock.counting(pair(printed, stats)));
        if (expert != null) return pipeline.run(reader, count, clock.counting(pair(printed, expert)));
        return pipeline.run(reader, count, clock.counting(printed));
    }

    private static <A, B> PairJob<A, B> pair(FrameJob<A> a, FrameJob<B> b) { return new PairJob<>(a, b); }

    /** -z expert[,error|warn|note|chat|comment][,FILTER], as tshark's; null when not asked for. */
    private ExpertStatistics expertStatistics(CommandLine cl, DecodeOptions options) {
        ExpertStatistics found = null;
        for (String z : statistics) {
            if (!z.equals("expert") && !z.startsWith("expert,")) continue;
            String rest = z.length() > 7 ? z.substring(7) : "";
            String level = "";
            int comma = rest.indexOf(',');
            String first = comma < 0 ? rest : rest.substring(0, comma);
            if (List.of("error", "warn", "note", "chat", "comment").contains(first)) {
                level = first;
                rest = comma < 0 ? "" : rest.substring(comma + 1);
            }
            DisplayFilter f = null;
            if (!rest.isEmpty()) {
                try {
                    f = DisplayFilter.parse(rest);
                } catch (FilterSyntaxException e) {
                    throw new CommandLine.ParameterException(cl, "-z expert: " + e.getMessage());
                }
            }
            found = new ExpertStatistics(new TrackerJob(TrackerOptions.defaults(), options.perftestPort()), ExpertStatistics.lowest(level), f);
        }
        return found;
    }

    /** The -z statistics asked for, or null. */
    private Statistics statistics(CommandLine cl) {
        if (statistics.stream().allMatch(z -> z.equals("expert") || z.startsWith("expert,"))) return null;
        boolean conv = false;
        long interval = 0;
        List<DisplayFilter> ioFilters = new ArrayList<>();
        List<String> ioTexts = new ArrayList<>();
        for (String z : statistics) {
            if (z.equals("expert") || z.startsWith("expert,")) continue;   // expertStatistics()
            if (z.equals("conv,udp")) {
                conv = true;
            } else if (z.startsWith("io,stat,")) {
                String[] parts = z.substring(8).split(",");
                try {
                    double secs = Double.parseDouble(parts[0]);
                    if (!(secs > 0)) throw new NumberFormatException();
                    interval = Math.round(secs * 1e9);
                } catch (NumberFormatException e) {
                    throw new CommandLine.ParameterException(cl, "-z io,stat: invalid interval '" + parts[0] + "' (seconds, e.g. 1 or 0.1)");
                }
                // each further comma-separated part is one column's filter, as in tshark (a filter has no comma)
                for (int k = 1; k < parts.length; k++) {
                    if (parts[k].isEmpty()) continue;
                    try {
                        ioFilters.add(DisplayFilter.parse(parts[k]));
                        ioTexts.add(parts[k]);
                    } catch (FilterSyntaxException e) {
                        throw new CommandLine.ParameterException(cl, "-z io,stat: " + e.getMessage());
                    }
                }
            } else {
                throw new CommandLine.ParameterException(cl, "unsupported -z statistic '" + z + "' (conv,udp; io,stat,INTERVAL[,FILTER]; expert[,LEVEL][,FILTER])");
            }
        }
        return new Statistics(conv, interval, ioFilters, ioTexts);
    }

    /** The -w file's writer: pcapng unless -F pcap or a name ending in .pcap (tshark writes pcapng by default). */
    private CaptureWriter writer(boolean nanos) throws IOException {
        boolean pcap = writeFormat != null ? writeFormat.equals("pcap") : writeFile.toLowerCase(java.util.Locale.ROOT).endsWith(".pcap");
        OutputStream o = writeFile.equals("-") ? root.stdout() : java.nio.file.Files.newOutputStream(java.nio.file.Path.of(writeFile));
        return pcap ? new PcapFileWriter(o, nanos) : new PcapngFileWriter(o, nanos);
    }

    private FrameSink<?> sink(TimeColumn time, FrameClock clock) throws IOException {
        OutputStream out = root.stdout();
        if (quiet) return new CountSink(spec.commandLine().getErr());
        if (writeFile != null) {
            if (writeFormat != null && !writeFormat.equals("pcap") && !writeFormat.equals("pcapng")) {
                throw new CommandLine.ParameterException(spec.commandLine(), "unknown -F file format '" + writeFormat + "' (pcap, pcapng)");
            }
            if (printSummary || hexDump || verbose) {
                throw new CommandLine.ParameterException(spec.commandLine(), "-w writes the frames and prints nothing; -P, -V and -x cannot go with it");
            }
            return new WriteSink(this::writer);
        }
        switch (format) {
            case "text":
                if (hexDump || printSummary || !time.isDefault()) {
                    // as tshark: -x alone prints only the dump, -V only the tree; -P adds the line to either
                    return new PrintSink(out, printSummary || !hexDump && !verbose, verbose, hexDump, time, clock);
                }
                return verbose ? new TreeSink(out) : new LineSink(out);
            case "fields": {
                if (fields.isEmpty()) throw new CommandLine.ParameterException(spec.commandLine(), "-T fields needs at least one -e FIELD");
                List<FieldDef> defs = new ArrayList<>();
                for (String name : fields) {
                    FieldDef def = Fields.byName(name);
                    if (def == null) throw new CommandLine.ParameterException(spec.commandLine(), "unknown field '" + name + "' (rocescope fields lists them)");
                    defs.add(def);
                }
                return new FieldsSink(out, defs, FieldsFormat.parse(fieldOptions));
            }
            case "json":
                return new TsharkJsonSink(out, false);
            case "ek":
                return new TsharkJsonSink(out, true);
            case "pdml":
                return new PdmlSink(out, capture.input(spec.commandLine()));
            case "psml":
                return new PsmlSink(out);
            case "rocescope-json":
                return new JsonSink(out);
            default:
                throw new CommandLine.ParameterException(spec.commandLine(), "unknown output format '" + format
                    + "' (text, fields, json, ek, pdml, psml, rocescope-json)");
        }
    }
}
