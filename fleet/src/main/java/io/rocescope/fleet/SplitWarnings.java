package io.rocescope.fleet;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A split capture's reader warnings as one reader of the whole file gives them. A split's reader numbers
 * frames from 1, so its frame and record numbers ("frame 12", "record 13", "packet block 13", "12 frames were
 * read before it") are moved on by the frames of the splits before it; file offsets are the file's already.
 * The orig_len warning comes once per reader ({@code OriginalLength}): only the capture's first one is kept.
 * SplitFleetTest holds the result to the unsplit run's warnings on damaged captures, so a reader message whose
 * numbers this does not know fails there.
 */
final class SplitWarnings {
    private static final Pattern NUMBERED = Pattern.compile("((?:frame|record|packet block) )(\\d+)|(\\d+)( frames were read before it)");
    private static final String ORIG_LEN = " has orig_len ";

    private final List<String> out = new ArrayList<>();
    private boolean origLen;

    /** A split's warnings, in its reader's order; {@code before}: the capture's frames before the split. */
    void add(List<String> warnings, long before) {
        for (String w : warnings) {
            if (w.contains(ORIG_LEN)) {
                if (origLen) continue;
                origLen = true;
            }
            out.add(renumber(w, before));
        }
    }

    static String renumber(String warning, long before) {
        if (before == 0) return warning;
        // the capture's name (the warning's start, up to ": ") is left alone: a file may be called frame 1.pcap
        int from = warning.indexOf(": ");
        from = from < 0 ? 0 : from + 2;
        Matcher m = NUMBERED.matcher(warning);
        m.region(from, warning.length());
        StringBuilder b = new StringBuilder(warning.substring(0, from));
        int last = from;
        while (m.find()) {
            b.append(warning, last, m.start());
            if (m.group(2) != null) b.append(m.group(1)).append(Long.parseLong(m.group(2)) + before);
            else b.append(Long.parseLong(m.group(3)) + before).append(m.group(4));
            last = m.end();
        }
        return b.append(warning.substring(last)).toString();
    }

    List<String> list() { return List.copyOf(out); }
}
