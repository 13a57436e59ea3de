package io.rocescope.cli.report;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Display filters that select a finding's frames again: Wireshark's set form (commas, as tshark 4.0
 * requires; it rejects the older space-separated set). RoCEscope's -Y speaks the same language, so one
 * filter serves both.
 */
final class DisplayFilters {
    private DisplayFilters() {}

    static String wireshark(List<Long> frames) {
        if (frames.isEmpty()) return null;
        if (frames.size() == 1) return "frame.number == " + frames.get(0);
        return frames.stream().map(String::valueOf).collect(Collectors.joining(",", "frame.number in {", "}"));
    }

    static String rocescope(List<Long> frames) {
        return wireshark(frames);
    }
}
