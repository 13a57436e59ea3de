package io.rocescope.cli.report;

import io.rocescope.dissector.field.Fields;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Display filters that select a finding's frames again: Wireshark's set form (commas, as tshark 4.0
 * requires; it rejects the older space-separated set). RoCEscope's -Y speaks the same language, so one
 * filter serves both.
 */
final class DisplayFilters {
    /** Wireshark's field name of the frame number, as the dissector names it: frame.number. */
    private static final String FRAME_NUMBER = Fields.FRAME_NUMBER.abbrev();
    private DisplayFilters() {}

    static String wireshark(List<Long> frames) {
        if (frames.isEmpty()) return null;
        if (frames.size() == 1) return FRAME_NUMBER + " == " + frames.get(0);
        return frames.stream().map(String::valueOf).collect(Collectors.joining(",", FRAME_NUMBER + " in {", "}"));
    }

    static String rocescope(List<Long> frames) {
        return wireshark(frames);
    }
}
