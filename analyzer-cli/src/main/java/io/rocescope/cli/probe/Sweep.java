package io.rocescope.cli.probe;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One sweep of {@code probe cm}: what changes from step to step (the IP DSCP, the frame size, the UDP
 * source port) and the values it takes. Each step sends the run's -c probes with its value.
 */
public record Sweep(Kind kind, List<Integer> values) {
    public enum Kind {
        DSCP("dscp", "DSCP (traffic class: the PFC priority the fabric maps it to)"),
        SIZE("size", "frame size in bytes (the IP datagram padded after the UDP datagram)"),
        UDP_SPORT("udp-sport", "UDP source port (the ECMP path)");

        public final String key, meaning;

        Kind(String key, String meaning) {
            this.key = key;
            this.meaning = meaning;
        }
    }

    /** "0,26,46-48" → [0, 26, 46, 47, 48], each within [min, max]; at most {@code limit} values. */
    public static List<Integer> parseList(String spec, int min, int max, int limit, String option) {
        List<Integer> out = new ArrayList<>();
        for (String part : spec.split(",")) {
            String p = part.strip();
            try {
                int dash = p.indexOf('-', 1);
                int from = Integer.parseInt(dash < 0 ? p : p.substring(0, dash));
                int to = dash < 0 ? from : Integer.parseInt(p.substring(dash + 1));
                if (from < min || to > max || from > to) throw new IllegalArgumentException(option + " '" + p + "': values are " + min + ".." + max);
                for (int v = from; v <= to; v++) {
                    if (out.size() == limit) throw new IllegalArgumentException(option + ": at most " + limit + " steps");
                    if (!out.contains(v)) out.add(v);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(option + " '" + p + "' is not a number or a range (e.g. 0,26,46-48)");
            }
        }
        if (out.isEmpty()) throw new IllegalArgumentException(option + " names no values");
        return out;
    }

    public String label(int value) { return String.format(Locale.ROOT, "%s=%d", kind.key, value); }
}
