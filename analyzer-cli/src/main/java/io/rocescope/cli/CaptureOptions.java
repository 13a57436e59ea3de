package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodeOptions;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** One capture to read (a path or - for standard input) and how to decode it. */
final class CaptureOptions {
    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "pcap or pcapng file, or - for standard input")
    String file;

    @Option(names = "-r", paramLabel = "FILE", description = "read from FILE (as tshark -r)")
    String readFile;

    @CommandLine.Mixin
    DecodeAsOptions decodeAs = new DecodeAsOptions();

    @CommandLine.Mixin
    ThreadsOption threads = new ThreadsOption();

    int threads(CommandLine cl, boolean callerBusy) { return threads.threads(cl, callerBusy); }

    String input(CommandLine cl) {
        String input = readFile != null ? readFile : file;
        if (input == null) throw new CommandLine.ParameterException(cl, "no capture file given (a path, or - for standard input)");
        return input;
    }

    DecodeOptions decodeOptions(CommandLine cl) {
        return decodeAs.decodeOptions(cl);
    }
}
