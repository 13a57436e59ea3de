package io.rocescope.cli;

import io.rocescope.cli.probe.ProbeResult;

import java.io.IOException;
import java.util.function.Consumer;

/**
 * One target's probes, set up and ready to send (its route checked, its link open): what {@code probe cm},
 * {@code probe tcp} and {@code capture --probe} run, the first two one target after the other, the capture
 * all at once on threads of their own.
 */
interface ProbeJob extends AutoCloseable {
    /** The text shown before the probes go (text output only): what is probed, from where, how. */
    String head();

    /** The results so far: each probe is added once it completed. */
    ProbeResult result();

    /** Probes until done; {@code each} hears of each probe, {@code afterStep} of each sweep step done. */
    void run(Consumer<ProbeResult.Probe> each, Consumer<ProbeResult.Step> afterStep) throws IOException, InterruptedException;

    /** The probes it will send when it runs to the end. */
    int planned();

    @Override
    void close() throws IOException;

    /** Sets up one job; may refuse with a {@link SetupException}. */
    @FunctionalInterface
    interface Opener {
        ProbeJob open() throws SetupException, IOException, InterruptedException;
    }

    /**
     * A probe that cannot be set up (no route, a route by another interface, the subnet's broadcast address,
     * no rights, no ARP answer): the one line the user gets, exit 2.
     */
    final class SetupException extends Exception {
        SetupException(String message) { super(message); }
    }
}
