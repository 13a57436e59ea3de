import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.FrameDecoder;

import java.util.ArrayList;
import java.util.List;

/**
 * Steady-state decode speed, in memory (no I/O, JIT warmed up): reads up to 500,000 frames of FILE,
 * then decodes them 10 times and prints frames/s of each round.
 * Run: java -cp analyzer-cli/target/rocescope-all.jar bench/DecodeSpeed.java FILE
 */
public class DecodeSpeed {
    public static void main(String[] args) throws Exception {
        List<CaptureRecord> records = new ArrayList<>();
        try (CaptureReader r = CaptureReaders.open(args[0])) {
            while (records.size() < 500_000) {
                CaptureRecord rec = new CaptureRecord();
                if (!r.next(rec)) break;
                rec.data = java.util.Arrays.copyOf(rec.data, rec.capturedLength);
                records.add(rec);
            }
        }
        FrameDecoder decoder = new FrameDecoder();
        long sink = 0;
        for (int round = 1; round <= 10; round++) {
            long t0 = System.nanoTime();
            for (CaptureRecord rec : records) {
                DecodedFrame f = decoder.decode(rec);
                sink += f.fieldCount();
            }
            long dt = System.nanoTime() - t0;
            System.out.printf("round %2d: %,.0f frames/s (%.0f ns a frame)%n", round, records.size() * 1e9 / dt, (double) dt / records.size());
        }
        System.out.println("(fields seen: " + sink + ")");
    }
}
