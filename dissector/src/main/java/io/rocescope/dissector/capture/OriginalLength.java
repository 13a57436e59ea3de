package io.rocescope.dissector.capture;

import java.util.List;

/**
 * A record's length on the wire from its orig_len and incl_len (both unsigned 32-bit). An orig_len
 * below incl_len is a damaged or badly written record: the captured length is taken, and the first
 * such record of a capture gets a warning (one, however many follow).
 */
final class OriginalLength {
    private boolean warned;

    /** The length on the wire, as the bits of an unsigned 32-bit number. */
    int of(long orig, long incl, long frame, String capture, List<String> warnings) {
        if (orig >= incl) return (int) orig;
        if (!warned) {
            warned = true;
            warnings.add(capture + ": frame " + frame + " has orig_len " + orig + " below its incl_len " + incl
                + "; its length is taken as " + incl + " (later frames like it are not reported)");
        }
        return (int) incl;
    }
}
