package io.rocescope.fleet;

import java.io.Serializable;

/**
 * One task's share of the fleet when some capture is split: split {@code split} of {@code splits} of capture
 * number {@code capture} (its place in the run), or the whole capture when {@code splits} is 1.
 */
record SplitSpec(int capture, CaptureInput input, int split, int splits) implements Serializable {
    boolean whole() { return splits == 1; }
}
