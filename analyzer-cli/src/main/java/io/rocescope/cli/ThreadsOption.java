package io.rocescope.cli;

import io.rocescope.dissector.pipeline.FramePipeline;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** --threads: how many threads decode (the output is the same for any number). */
final class ThreadsOption {
    @Option(names = "--threads", paramLabel = "N",
        description = "decoding threads besides the reading one (default: one per core; 0: decode on one thread)")
    Integer threads;

    /** The thread count; by default one per core, one less when the caller's thread has in-order work of its own. */
    int threads(CommandLine cl, boolean callerBusy) {
        if (threads == null) return FramePipeline.defaultThreads(callerBusy);
        if (threads < 0 || threads > 256) throw new CommandLine.ParameterException(cl, "--threads must be between 0 and 256");
        return threads;
    }
}
