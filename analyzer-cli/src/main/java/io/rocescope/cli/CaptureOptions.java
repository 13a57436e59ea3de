package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodeOptions;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;

/** The input options every command shares: the capture, Decode-As ports and perftest's port. */
final class CaptureOptions {
    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "pcap or pcapng file, or - for standard input")
    String file;

    @Option(names = "-r", paramLabel = "FILE", description = "read from FILE (as tshark -r)")
    String readFile;

    @Option(names = "--port", paramLabel = "N", description = "also decode UDP port N as RoCEv2 (repeatable; Decode-As)")
    List<Integer> ports = new ArrayList<>();

    @Option(names = "--perftest-port", paramLabel = "N", description = "TCP port of perftest's key exchange (default 18515, perftest -p)")
    Integer perftestPort;

    String input(CommandLine cl) {
        String input = readFile != null ? readFile : file;
        if (input == null) throw new CommandLine.ParameterException(cl, "no capture file given (a path, or - for standard input)");
        return input;
    }

    DecodeOptions decodeOptions(CommandLine cl) {
        DecodeOptions options = new DecodeOptions();
        for (int p : ports) {
            if (p < 0 || p > 65535) throw new CommandLine.ParameterException(cl, "--port " + p + " is not a UDP port");
            options.addRocePort(p);
        }
        if (perftestPort != null) {
            if (perftestPort < 0 || perftestPort > 65535) throw new CommandLine.ParameterException(cl, "--perftest-port " + perftestPort + " is not a TCP port");
            options.perftestPort(perftestPort);
        }
        return options;
    }
}
