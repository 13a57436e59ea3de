package io.rocescope.flow;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.FrameDecoder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/** Runs the tracker over a real capture or over synthesized frames. */
final class Track {
    private Track() {}

    static Reports.Analysis capture(String name) {
        return file(TestCaptures.file(name));
    }

    /** Every frame of the capture at {@code pcap} through one tracker. */
    static Reports.Analysis file(java.nio.file.Path pcap) {
        FlowTracker t = new FlowTracker();
        try (CaptureReader r = CaptureReaders.open(pcap.toString())) {
            FrameDecoder d = new FrameDecoder();
            CaptureRecord rec = new CaptureRecord();
            while (r.next(rec)) t.accept(d.decode(rec));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return t.finish();
    }

    static Reports.Analysis frames(List<byte[]> frames) {
        return frames(frames, 1000);
    }

    /** The frames {@code spacingNanos} apart. */
    static Reports.Analysis frames(List<byte[]> frames, long spacingNanos) {
        FlowTracker t = new FlowTracker();
        FrameDecoder d = new FrameDecoder();
        CaptureRecord rec = new CaptureRecord();
        long n = 0;
        for (byte[] f : frames) {
            rec.data = f;
            rec.capturedLength = f.length;
            rec.originalLength = f.length;
            rec.linkType = 1;
            rec.number = ++n;
            rec.timestampNanos = 1_000_000_000L + n * spacingNanos;
            t.accept(d.decode(rec));
        }
        return t.finish();
    }
}
