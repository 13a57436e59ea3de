package io.rocescope.dissector.decode;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Coverage-guided fuzzing of the frame decoder as the one-line view uses it (summary fields only),
 * seeded with one real frame of each kind from the captures (.../FrameSummaryFuzzTestInputs). See {@link FrameFuzzing}.
 */
class FrameSummaryFuzzTest {
    @FuzzTest
    void summary(byte[] input) {
        FrameFuzzing.check(input, false);
    }
}
