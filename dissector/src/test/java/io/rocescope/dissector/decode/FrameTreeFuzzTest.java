package io.rocescope.dissector.decode;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;

/**
 * Coverage-guided fuzzing of the frame decoder with every field kept (the -V tree, -T fields values),
 * seeded with one real frame of each kind from the captures (.../FrameTreeFuzzTestInputs). See {@link FrameFuzzing}.
 */
class FrameTreeFuzzTest {
    @FuzzTest
    @Timeout(30)   // per input: a hang is a finding (fuzzing: libFuzzer's -timeout, see the root pom)
    void tree(byte[] input) {
        FrameFuzzing.check(input, true);
    }
}
