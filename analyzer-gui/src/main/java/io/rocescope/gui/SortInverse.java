package io.rocescope.gui;

import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Where each frame of a sort is shown: the sort's inverse, so that "Go to frame" and keeping the selected
 * frame through a sort are a binary search, not a scan of the sort order on the JavaFX thread (10 M reads
 * for a 10 M-frame capture, the window frozen meanwhile). Built in the background with the sort, by a
 * second {@link FrameSort} (positions keyed by their frame): bounded memory, whatever the capture's size.
 * Each element is {@code frame << 32 | position}, in ascending frame order.
 */
final class SortInverse {
    private SortInverse() {}

    /**
     * The inverse of {@code sorted}, a sort of the frames of {@code base} (in capture order, ascending);
     * stops with a CancellationException when {@code cancelled} says so.
     */
    static SpilledLongs of(SpilledLongs sorted, FrameRows base, BooleanSupplier cancelled) {
        FrameSort byFrame = new FrameSort(false, false);
        int n = sorted.size();
        SpilledLongs positions;
        try {
            for (int pos = 0; pos < n; pos++) {
                if ((pos & 65535) == 0 && cancelled.getAsBoolean()) throw new CancellationException();
                byFrame.add(pos, sorted.get(pos));   // the "frame" sorted is the position, keyed by its frame
            }
            positions = byFrame.sorted(cancelled);
        } catch (RuntimeException e) {
            byFrame.discard();
            throw e;
        }
        // positions[k] is where the k-th frame of base (ascending: the sort's frames in ascending order) is shown
        SpilledLongs inverse = new SpilledLongs();
        try (positions) {
            for (int k = 0; k < n; k++) {
                if ((k & 65535) == 0 && cancelled.getAsBoolean()) throw new CancellationException();
                inverse.add((long) base.frameAt(k) << 32 | (positions.get(k) & 0xFFFF_FFFFL));
            }
        } catch (RuntimeException e) {
            inverse.close();
            throw e;
        }
        return inverse;
    }

    /** Where frame {@code frame} is shown according to {@code inverse}, or -1; {@code probes[0]} counts the reads. */
    static int positionOf(SpilledLongs inverse, int frame, int[] probes) {
        int lo = 0, hi = inverse.size() - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            long e = inverse.get(mid);
            probes[0]++;
            int f = (int) (e >>> 32);
            if (f == frame) return (int) (e & 0xFFFF_FFFFL);
            if (f < frame) lo = mid + 1;
            else hi = mid - 1;
        }
        return -1;
    }
}
