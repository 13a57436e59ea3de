package io.rocescope.cli.live;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The one line a live analysis keeps refreshed in place on standard error, when that is a terminal (never
 * into a file or a pipe). Lines printed meanwhile go through {@link #println} so that the status line is
 * cleared first and drawn again after.
 */
public final class StatusLine {
    private final PrintWriter err;
    private final boolean enabled;
    private String shown;
    private long lastPackets = -1, lastNanos;
    private double rate;

    public StatusLine(PrintWriter err, boolean enabled) {
        this.err = err;
        this.enabled = enabled;
    }

    /** Whether file descriptor 2 is a terminal (Linux: where /proc/self/fd/2 points). */
    public static boolean stderrIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (Exception | Error e) {
            return false;
        }
    }

    public synchronized void update(long packets, int connections, long findings, long drops) {
        long now = System.nanoTime();
        if (lastPackets >= 0 && now > lastNanos) rate = (packets - lastPackets) * 1e9 / (now - lastNanos);
        lastPackets = packets;
        lastNanos = now;
        shown = String.format(Locale.ROOT, "%d packets  %.0f pkt/s  %d connections  %d findings  %d dropped",
            packets, rate, connections, findings, drops);
        draw();
    }

    /** A line of output (on standard output or error) while the status line may be shown. */
    public synchronized void println(Runnable printLine) {
        if (enabled && shown != null) { err.print("\r\033[K"); err.flush(); }
        printLine.run();
        draw();
    }

    /** Clears the line for good (the summary follows). */
    public synchronized void clear() {
        if (enabled && shown != null) { err.print("\r\033[K"); err.flush(); }
        shown = null;
    }

    private void draw() {
        if (!enabled || shown == null) return;
        err.print("\r" + shown + "\033[K");
        err.flush();
    }
}
