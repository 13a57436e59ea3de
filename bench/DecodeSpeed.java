import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.field.FieldInterest;

import java.util.ArrayList;
import java.util.List;

/**
 * Steady-state decode speed on one core, in memory (no I/O, JIT warmed up): reads up to 500,000 frames
 * of FILE, then decodes them 10 times with the summary decoder (what dissect, flows and the CI gate
 * use: every value, the ICRC checked, no field tree) and 5 times with the full tree (-V, JSON, GUI),
 * and prints frames/s of each round.
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
        run("summary", new FrameDecoder(new DecodeOptions(), FieldInterest.summary()), records, 10);
        run("tree", new FrameDecoder(new DecodeOptions(), FieldInterest.all()), records, 5);
    }

    private static void run(String what, FrameDecoder decoder, List<CaptureRecord> records, int rounds) {
        long sink = 0;
        for (int round = 1; round <= rounds; round++) {
            long t0 = System.nanoTime();
            for (CaptureRecord rec : records) {
                DecodedFrame f = decoder.decode(rec);
                sink += f.fieldCount() + f.ib().psn();
            }
            long dt = System.nanoTime() - t0;
            System.out.printf("%s round %2d: %,.0f frames/s (%.0f ns a frame)%n", what, round, records.size() * 1e9 / dt,
                (double) dt / records.size());
        }
        System.out.println("(checksum " + sink + ")");
    }
}
