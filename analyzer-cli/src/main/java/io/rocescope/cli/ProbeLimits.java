package io.rocescope.cli;

import io.rocescope.cli.probe.TokenBucket;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** How fast probes go and how many may go unanswered: what {@code probe} and {@code capture --probe} share. */
final class ProbeLimits {
    @Option(names = "--rate", paramLabel = "PER_SECOND", description = "probes per second per target (default 1; at most 10, a hard cap)")
    double rate = 1;

    @Option(names = "--max-lost", paramLabel = "N", description = "probes per target that may go unanswered before the run fails (default 0)")
    int maxLost;

    void checkRate(CommandLine cl) {
        if (!(rate > 0) || rate > TokenBucket.MAX_RATE) {
            throw new CommandLine.ParameterException(cl, "--rate is capped at " + (int) TokenBucket.MAX_RATE + " probes/s per target (asked for "
                + CheckReport.number(rate) + ")");
        }
    }

    void checkMaxLost(CommandLine cl) {
        if (maxLost < 0) throw new CommandLine.ParameterException(cl, "--max-lost must not be negative");
    }

    /** The count of probes per target (-c, or capture's --probe-count), checked as both check it. */
    static void checkCount(CommandLine cl, int count, String option) {
        if (count < 1 || count > 100_000) throw new CommandLine.ParameterException(cl, option + " must be between 1 and 100000");
    }
}
