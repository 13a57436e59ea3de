package io.rocescope.fleet;

import java.io.Serializable;

/**
 * A piece of a task's output, one of three: frames of a split ({@link SplitDecoding}'s entries, in file order),
 * the end of a split (how it went), or the result of a capture analysed whole.
 *
 * @param firstTimestamp the capture's first record's time, which every decoder of it counts from
 */
record SplitOutput(long firstTimestamp, byte[] frames, SplitEnd end, CaptureResult whole) implements Serializable {

    /**
     * How a split's reading went. {@code firstOffset}: the file offset of the first record its reader met (at
     * or after its start; {@link #EOF} when none); {@code nextOffset}: of the first record at or after its end,
     * the one the next split must start with; {@code warnings}: what its reader warned of, numbered within the split
     * (the merge renumbers them, {@link SplitWarnings}); {@code stopped}: the reader stopped at damage before the
     * split's end, where one reading of the whole file stops too, so no later split counts; {@code problem}: why the
     * split cannot stand for its part of the capture (an interface described in the middle of a pcapng file, no
     * record boundary found), else null.
     */
    record SplitEnd(long frames, long firstOffset, long nextOffset, java.util.List<String> warnings, boolean stopped, String problem)
        implements Serializable {}

    /** No record: the reader reached the end of the file. */
    static final long EOF = Long.MAX_VALUE;

    static SplitOutput frames(long firstTimestamp, byte[] frames) { return new SplitOutput(firstTimestamp, frames, null, null); }

    static SplitOutput end(SplitEnd end) { return new SplitOutput(Long.MIN_VALUE, null, end, null); }

    static SplitOutput whole(CaptureResult r) { return new SplitOutput(Long.MIN_VALUE, null, null, r); }
}
