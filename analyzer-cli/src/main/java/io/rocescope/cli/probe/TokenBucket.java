package io.rocescope.cli.probe;

/**
 * The rate limit of one target's probes (every frame sent to it: first attempts and retries alike): a
 * bucket of one token refilled at {@code rate} per second, so probes never come closer than 1/rate
 * apart and never in a burst. {@link #MAX_RATE} is a hard cap, not a default.
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
    private long next = Long.MIN_VALUE;

    public TokenBucket(double rate, Clock clock) {
        if (!(rate > 0) || rate > MAX_RATE) {
            throw new IllegalArgumentException("the probe rate is capped at " + (int) MAX_RATE + " probes/s per target (asked for " + rate + ")");
        }
        this.intervalNanos = (long) Math.ceil(1e9 / rate);
        this.clock = clock;
    }

    /** Waits for the token; returns the clock's time when it was taken. */
    public long take() throws InterruptedException {
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
