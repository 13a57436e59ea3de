package io.rocescope.cli;

import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.field.ksy.TcpSegmentLayout;
import io.rocescope.dissector.field.ksy.UdpDatagramLayout;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/** Decode-As options every command shares: extra RoCEv2 UDP ports and perftest's TCP port. */
final class DecodeAsOptions {
    @Option(names = "--port", paramLabel = "N", description = "also decode UDP port N as RoCEv2 (repeatable; Decode-As)")
    List<Integer> ports = new ArrayList<>();

    @Option(names = "--perftest-port", paramLabel = "N", description = "TCP port of perftest's key exchange (default 18515, perftest -p)")
    Integer perftestPort;

    DecodeOptions decodeOptions(CommandLine cl) {
        DecodeOptions options = new DecodeOptions();
        for (int p : ports) {
            if (p < 0 || p > UdpDatagramLayout.MASK_DST_PORT) throw new CommandLine.ParameterException(cl, "--port " + p + " is not a UDP port");
            options.addRocePort(p);
        }
        if (perftestPort != null) {
            if (perftestPort < 0 || perftestPort > TcpSegmentLayout.MASK_DST_PORT) throw new CommandLine.ParameterException(cl, "--perftest-port " + perftestPort + " is not a TCP port");
            options.perftestPort(perftestPort);
        }
        return options;
    }
}
