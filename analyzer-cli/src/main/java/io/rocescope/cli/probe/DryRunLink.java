package io.rocescope.cli.probe;

import io.rocescope.dissector.encode.PcapWriter;

import java.io.IOException;
import java.io.OutputStream;

/**
 * {@code --dry-run -w FILE}: the probes are written to a pcap (nanosecond timestamps, spaced as the rate
 * limit would space them) and never sent; nothing answers. Needs no rights.
 */
public final class DryRunLink implements ProbeLink {
    private final PcapWriter writer;
    private final TokenBucket.Clock clock;
    private final long wallStart = System.currentTimeMillis() * 1_000_000L;

    public DryRunLink(OutputStream out, TokenBucket.Clock clock) throws IOException {
        this.writer = new PcapWriter(out);
        this.clock = clock;
    }

    @Override
    public void send(byte[] frame) throws IOException {
        writer.write(wallStart + clock.nanoTime(), frame);
    }

    @Override
    public Seen poll(long nanos) { return null; }

    @Override
    public boolean dryRun() { return true; }

    /** Frames written. */
    public long frames() { return writer.frames(); }

    @Override
    public void close() throws IOException { writer.close(); }

    /** A clock that only moves when the rate limit waits: a dry run takes no time. */
    public static final class VirtualClock implements TokenBucket.Clock {
        private long now;

        @Override public long nanoTime() { return now; }

        @Override public void sleepNanos(long n) { now += Math.max(0, n); }
    }
}
