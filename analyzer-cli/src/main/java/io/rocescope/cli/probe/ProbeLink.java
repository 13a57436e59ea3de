package io.rocescope.cli.probe;

import java.io.IOException;

/** Where probes go and answers come from: the wire ({@link RawLink}) or a dry run's file ({@link DryRunLink}). */
public interface ProbeLink extends AutoCloseable {
    /** A frame seen on the link, with the capture's timestamp (nanoseconds since the epoch). */
    record Seen(long timestampNanos, byte[] data) {}

    void send(byte[] frame) throws IOException;

    /** The next frame seen (answers, and our own frames as they left), waiting at most {@code nanos}; null when none came. */
    Seen poll(long nanos) throws IOException, InterruptedException;

    /** True for a dry run: nothing is sent, so nothing is waited for. */
    default boolean dryRun() { return false; }

    @Override
    void close() throws IOException;
}
