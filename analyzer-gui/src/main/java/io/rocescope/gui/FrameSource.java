package io.rocescope.gui;

import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.field.FieldInterest;

import java.io.IOException;

/**
 * Frames decoded on demand from a {@link CaptureFile}: read again at their offset, decoded on their
 * own. The few frames whose decoding depends on those before them (perftest's TCP exchange) are
 * decoded again in order from the first frame, as the CLI's pipeline does, while that is cheap: up to
 * {@link #REPLAY_LIMIT} frames in. One instance per thread.
 */
final class FrameSource {
    static final int REPLAY_LIMIT = 200_000;

    private final CaptureFile file;
    private final DecodeOptions options = new DecodeOptions();
    private final FrameDecoder stateless = FrameDecoder.stateless(options, FieldInterest.all());
    private final CaptureRecord rec = new CaptureRecord();
    private FrameDecoder ordered;
    private int orderedNext;

    FrameSource(CaptureFile file) {
        this.file = file;
        if (file.index.size() > 0) stateless.firstTimestamp(file.index.firstTime());
    }

    /** Frames indexed so far. */
    int indexed() { return file.index.size(); }

    /** Frame {@code i} (from 0), a copy the caller keeps; null when it cannot be read. */
    DecodedFrame decode(int i) {
        try {
            if (i < 0 || i >= file.index.size()) return null;
            stateless.firstTimestamp(file.index.firstTime());
            if (!file.read(i, rec)) return null;
            DecodedFrame f = stateless.decode(rec);
            if (!f.needsSequentialDecode() || i >= REPLAY_LIMIT) return f.copy();
            return inOrder(i);
        } catch (IOException e) {
            return null;
        }
    }

    private DecodedFrame inOrder(int i) throws IOException {
        if (ordered == null || orderedNext > i) {
            ordered = new FrameDecoder(options, FieldInterest.all());
            ordered.firstTimestamp(file.index.firstTime());
            orderedNext = 0;
        }
        DecodedFrame f = null;
        while (orderedNext <= i) {
            if (!file.read(orderedNext, rec)) return null;
            f = ordered.decode(rec);
            orderedNext++;
        }
        return f.copy();
    }
}
