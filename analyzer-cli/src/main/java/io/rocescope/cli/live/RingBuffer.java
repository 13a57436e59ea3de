package io.rocescope.cli.live;

import java.util.List;

/**
 * dumpcap's ring buffer options: {@code -b filesize:KB} (a new file after this many kilobytes, 1000
 * bytes each as dumpcap counts), {@code -b duration:S} (after this many seconds), {@code -b files:N}
 * (keep the newest N, deleting older ones). None set: one file.
 */
public record RingBuffer(long fileBytes, double durationSeconds, int files) {
    public static final RingBuffer NONE = new RingBuffer(0, 0, 0);

    public boolean rotates() { return fileBytes > 0 || durationSeconds > 0; }

    /** Parses the -b values; throws IllegalArgumentException with the message a user sees. */
    public static RingBuffer parse(List<String> specs) {
        long bytes = 0;
        double seconds = 0;
        int files = 0;
        for (String s : specs) {
            int colon = s.indexOf(':');
            String key = colon < 0 ? s : s.substring(0, colon), value = colon < 0 ? "" : s.substring(colon + 1);
            try {
                switch (key) {
                    case "filesize" -> bytes = positive(Long.parseLong(value), s) * 1000L;
                    case "duration" -> seconds = positive(Double.parseDouble(value), s);
                    case "files" -> files = (int) positive(Integer.parseInt(value), s);
                    default -> throw new IllegalArgumentException("unknown ring buffer option '" + s
                        + "' (-b filesize:KB, -b duration:SECONDS, -b files:N)");
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad number in ring buffer option '" + s + "'");
            }
        }
        RingBuffer r = new RingBuffer(bytes, seconds, files);
        if (files > 0 && !r.rotates()) throw new IllegalArgumentException("-b files:N needs -b filesize:KB or -b duration:SECONDS");
        return r;
    }

    private static long positive(long v, String s) {
        if (v <= 0) throw new IllegalArgumentException("ring buffer option '" + s + "' must be positive");
        return v;
    }

    private static double positive(double v, String s) {
        if (!(v > 0)) throw new IllegalArgumentException("ring buffer option '" + s + "' must be positive");
        return v;
    }
}
