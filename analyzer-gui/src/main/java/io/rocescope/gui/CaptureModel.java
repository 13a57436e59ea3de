package io.rocescope.gui;

import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.FrameDecoder;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A capture opened in the GUI: its decoded frames (kept, up to {@link #MAX_FRAMES}, since a person
 * scrolls back and forth) and the reader's warnings.
 */
final class CaptureModel {
    static final int MAX_FRAMES = 2_000_000;

    final String name;
    final List<DecodedFrame> frames = new ArrayList<>();
    final List<String> warnings = new ArrayList<>();
    boolean capped;

    private CaptureModel(String name) {
        this.name = name;
    }

    static CaptureModel load(String path) throws IOException {
        CaptureModel m = new CaptureModel(path);
        try (CaptureReader r = CaptureReaders.open(path)) {
            FrameDecoder decoder = new FrameDecoder();
            CaptureRecord rec = new CaptureRecord();
            while (r.next(rec)) {
                if (m.frames.size() == MAX_FRAMES) {
                    m.capped = true;
                    m.warnings.add("only the first " + MAX_FRAMES + " frames are shown; use the CLI for the whole capture");
                    break;
                }
                m.frames.add(decoder.decode(rec).copy());
            }
            m.warnings.addAll(r.warnings());
        }
        return m;
    }
}
