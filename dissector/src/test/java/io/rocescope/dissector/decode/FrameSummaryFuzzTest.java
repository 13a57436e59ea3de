package io.rocescope.dissector.decode;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzzing of the frame decoder as the one-line view uses it (summary fields only),
 * seeded with one real frame of each kind from the captures (.../FrameSummaryFuzzTestInputs). See {@link FrameFuzzing}.
 */
class FrameSummaryFuzzTest {
    @FuzzTest
    @Timeout(30)   // per input: a hang is a finding (fuzzing: libFuzzer's -timeout, see the root pom)
    void summary(byte[] input) {
        FrameFuzzing.check(input, false);
    }
}
