package io.rocescope.cli.probe;

/**
 * The rate limit of one target's probes (every frame sent to it: first attempts and retries alike): a
 * bucket of one token refilled at {@code rate} per second, so probes never come closer than 1/rate
 * apart and never in a burst. {@link #MAX_RATE} is a hard cap, not a default.
 *
 * <p>Probes send through {@link #send}: the token is held while the frame goes, and the next one is due
 * 1/rate after the send returned, so frames leave at least 1/rate apart on the wire even when a send was
 * late (a JVM warming up, a thread not scheduled at once: several probes starting together would otherwise
 * leave in a bunch, their tokens spaced, their frames not). One bucket may be shared by the probes of
 * several kinds to one host ({@code capture --probe cm:X --probe tcp:X:P}, each on a thread of its own):
 * the cap is the host's, so a send is one thread at a time, and a thread waiting for its turn can still be
 * interrupted (the capture ended).
 */
public final class TokenBucket {
    /** Probes per second per target, at most. */
    public static final double MAX_RATE = 10;

    /** A clock and a way to wait, replaceable for a dry run (which writes the probes, never waits). */
    public interface Clock {
        long nanoTime();

        void sleepNanos(long n) throws InterruptedException;

        Clock SYSTEM = new Clock() {
            @Override public long nanoTime() { return System.nanoTime(); }

            @Override public void sleepNanos(long n) throws InterruptedException {
                Thread.sleep(n / 1_000_000, (int) (n % 1_000_000));
            }
        };
    }

    private final long intervalNanos;
    private final Clock clock;
    private final java.util.concurrent.locks.ReentrantLock lock = new java.util.concurrent.locks.ReentrantLock(true);
    private long next = Long.MIN_VALUE;

    public TokenBucket(double rate, Clock clock) {
        if (!(rate > 0) || rate > MAX_RATE) {
            throw new IllegalArgumentException("the probe rate is capped at " + (int) MAX_RATE + " probes/s per target (asked for " + rate + ")");
        }
        this.intervalNanos = (long) Math.ceil(1e9 / rate);
        this.clock = clock;
    }

    /** What a probe sends while it holds the token (a frame injected, a TCP connect made). */
    @FunctionalInterface
    public interface Send<T> {
        T send() throws java.io.IOException;
    }

    /** Waits for the token, runs {@code send} holding it, and makes the next token due 1/rate after it returned. */
    public <T> T send(Send<T> send) throws java.io.IOException, InterruptedException {
        lock.lockInterruptibly();
        try {
            takeLocked();
            T result = send.send();
            next = Math.max(next, clock.nanoTime() + intervalNanos);
            return result;
        } finally {
            lock.unlock();
        }
    }

    /** Waits for the token; returns the clock's time when it was taken. */
    public long take() throws InterruptedException {
        lock.lockInterruptibly();
        try {
            return takeLocked();
        } finally {
            lock.unlock();
        }
    }

    private long takeLocked() throws InterruptedException {
        long now = clock.nanoTime();
        if (next != Long.MIN_VALUE && now < next) {
            clock.sleepNanos(next - now);
            now = clock.nanoTime();
            // a sleep may end a little early: never hand the token out before its time
            while (now < next) {
                clock.sleepNanos(next - now);
                now = clock.nanoTime();
            }
        }
        next = now + intervalNanos;
        return now;
    }
}
