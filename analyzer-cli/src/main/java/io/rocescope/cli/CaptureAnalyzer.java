package io.rocescope.cli;

import io.rocescope.dissector.capture.CaptureFormatException;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.flow.FlowTracker;
import io.rocescope.flow.Reports;
import io.rocescope.flow.TrackerOptions;

import java.io.IOException;
import java.io.PrintWriter;

/** Reads a capture through the dissector into the flow tracker; reports warnings; null when nothing could be read. */
final class CaptureAnalyzer {
    private CaptureAnalyzer() {}

    static Reports.Analysis analyze(String input, DecodeOptions decode, TrackerOptions tracking, PrintWriter err) {
        FlowTracker tracker = new FlowTracker(tracking, decode.perftestPort());
        long frames = 0;
        try (CaptureReader reader = CaptureReaders.open(input)) {
            FrameDecoder decoder = new FrameDecoder(decode);
            CaptureRecord rec = new CaptureRecord();
            while (reader.next(rec)) {
                tracker.accept(decoder.decode(rec));
                frames++;
            }
            for (String w : reader.warnings()) err.println("rocescope: warning: " + w);
            if (frames == 0 && !reader.warnings().isEmpty()) return null;
        } catch (CaptureFormatException e) {
            err.println("rocescope: " + e.getMessage());
            return null;
        } catch (IOException e) {
            err.println("rocescope: " + input + ": read error: " + e.getMessage());
            return null;
        }
        return tracker.finish();
    }
}
