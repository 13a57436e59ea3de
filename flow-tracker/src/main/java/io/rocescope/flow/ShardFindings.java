package io.rocescope.flow;

import io.rocescope.dissector.decode.Expert.Severity;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A tracker shard's findings: each goes into the shard's {@link ShardLog}, to be added to the tracker's
 * {@link Findings} in the router's order at the next barrier, where the 10,000 kept whole are chosen as one tracker
 * chooses them. A finding's texts are made now, while its connection's state is the one at its packet, unless it
 * cannot be among those kept: the capture's list was full at the barrier, or this shard alone has made enough
 * since to fill it.
 */
final class ShardFindings extends Findings {
    private static final Supplier<String> NOT_KEPT = () -> {
        throw new IllegalStateException("a tracker shard left out the text of a finding that is kept");
    };
    private final Findings capture;
    private final ShardLog log;
    /** Made since the last barrier; of those, the ones of a kind asked for first (which the merge may leave out). */
    private int made, once;
    private final Set<String> madeKinds = new HashSet<>();
    /** Kinds the shard's code makes only when none was made before ({@link #any}): one per capture. */
    private final Set<String> asked = new HashSet<>();

    ShardFindings(Findings capture, ShardLog log) {
        super(capture.kept);
        this.capture = capture;
        this.log = log;
    }

    /**
     * Whether the capture or this shard has made one; another shard's since the barrier is not known yet, so the
     * merge leaves out the later of two ({@link #logged}).
     */
    @Override
    boolean any(FindingKind kind) {
        asked.add(kind.key());
        return capture.any(kind) || madeKinds.contains(kind.key());
    }

    @Override
    void add(FindingKind kind, Severity s, int connection, Supplier<String> where, Supplier<String> message, long frame,
             Finding.Cause cause) {
        Supplier<String> w = NOT_KEPT, m = NOT_KEPT;
        if (mayBeKept()) {
            String wt = where.get(), mt = message.get();
            w = () -> wt;
            m = () -> mt;
        }
        Supplier<String> kw = w, km = m;
        logged(kind, () -> capture.add(kind, s, connection, kw, km, frame, cause));
    }

    @Override
    void add(FindingKind kind, Severity s, int connection, String where, String message, long count,
             List<Finding.FrameRange> ranges, boolean more, Finding.Cause cause) {
        logged(kind, () -> capture.add(kind, s, connection, where, message, count, ranges, more, cause));
    }

    @Override
    void about(int index, int connection) {
        throw new UnsupportedOperationException("a shard's finding is not in the list yet");
    }

    /**
     * Whether the finding made now can end among the kept: its place in the capture's list is at least the list's
     * size at the barrier plus this shard's findings since, less those the merge may leave out.
     */
    private boolean mayBeKept() {
        return (long) capture.list.size() + made - once < capture.kept;
    }

    private void logged(FindingKind kind, Runnable add) {
        String key = kind.key();
        boolean onePerCapture = asked.contains(key);
        made++;
        if (onePerCapture) once++;
        madeKinds.add(key);
        log.add(onePerCapture ? () -> { if (!capture.any(kind)) add.run(); } : add);
    }

    /** At the barrier, after the merge. */
    void clear() {
        made = once = 0;
        madeKinds.clear();
    }
}
