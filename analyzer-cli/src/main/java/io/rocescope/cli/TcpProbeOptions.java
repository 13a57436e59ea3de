package io.rocescope.cli;

import picocli.CommandLine;
import picocli.CommandLine.Option;

/** How a TCP probe connects: what {@code probe tcp} and {@code capture --probe tcp:…} share. */
final class TcpProbeOptions {
    @Option(names = "--timeout", paramLabel = "MS", description = "connect timeout per probe (default 1000 ms)")
    int timeoutMillis = 1000;

    void check(CommandLine cl) {
        if (timeoutMillis < 1 || timeoutMillis > 60_000) throw new CommandLine.ParameterException(cl, "--timeout must be 1..60000 ms");
    }
}
