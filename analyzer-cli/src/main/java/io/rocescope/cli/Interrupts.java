package io.rocescope.cli;

/**
 * Ctrl-C (SIGINT) and SIGTERM as a request to stop, not an exit: a live capture ends its loop, prints its
 * summary and returns its own exit code (a shutdown hook could do neither). Through sun.misc.Signal, the
 * JDK's supported way for an application to handle a signal; where it is missing, the JVM's default stays.
 */
final class Interrupts {
    private Interrupts() {}

    /** Installs {@code stop} for SIGINT and SIGTERM; returns what {@link #restore} needs. */
    static Object onInterrupt(Runnable stop) {
        try {
            sun.misc.SignalHandler h = sig -> stop.run();
            return new Object[] {sun.misc.Signal.handle(new sun.misc.Signal("INT"), h), sun.misc.Signal.handle(new sun.misc.Signal("TERM"), h)};
        } catch (Throwable e) {   // no such signal here, or the JVM was started with -Xrs
            return null;
        }
    }

    static void restore(Object previous) {
        if (!(previous instanceof Object[] p)) return;
        try {
            sun.misc.Signal.handle(new sun.misc.Signal("INT"), (sun.misc.SignalHandler) p[0]);
            sun.misc.Signal.handle(new sun.misc.Signal("TERM"), (sun.misc.SignalHandler) p[1]);
        } catch (Throwable ignored) {
            // as above
        }
    }
}
