import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.field.FieldInterest;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * One build's side of bench/decode-ab.sh: the first 500,000 frames of a capture, in memory, and one round of
 * decoding them all with the summary decoder (what dissect, flows and check use). Compiled against one jar and
 * loaded by each jar's own class loader, so the same bytecode calls each build's decoder; it implements
 * LongSupplier (a round) and IntSupplier (its frames), JDK types, so that the driver calls it without reflection.
 */
public final class DecodeRound implements LongSupplier, IntSupplier {
    private final List<CaptureRecord> records = new ArrayList<>();
    private final FrameDecoder decoder = new FrameDecoder(new DecodeOptions(), FieldInterest.summary());

    public DecodeRound(String file) throws Exception {
        try (CaptureReader r = CaptureReaders.open(file)) {
            while (records.size() < 500_000) {
                CaptureRecord rec = new CaptureRecord();
                if (!r.next(rec)) break;
                rec.data = java.util.Arrays.copyOf(rec.data, rec.capturedLength);
                records.add(rec);
            }
        }
    }

    /** Decodes every frame once; returns a sum of what was decoded (the same in both builds, and kept live). */
    @Override
    public long getAsLong() {
        long sink = 0;
        for (CaptureRecord rec : records) {
            DecodedFrame f = decoder.decode(rec);
            sink += f.fieldCount() + f.ib().psn();
        }
        return sink;
    }

    /** Frames per round. */
    @Override
    public int getAsInt() { return records.size(); }
}
