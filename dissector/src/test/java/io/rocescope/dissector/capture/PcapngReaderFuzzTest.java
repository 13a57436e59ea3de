package io.rocescope.dissector.capture;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;

/**
 * Coverage-guided fuzzing of the pcapng reader, seeded with the first frames of each real
 * capture (src/test/resources/.../PcapngReaderFuzzTestInputs). See {@link CaptureFuzzing} for what is checked.
 */
class PcapngReaderFuzzTest {
    @FuzzTest
    @Timeout(30)   // per input: a hang is a finding (fuzzing: libFuzzer's -timeout, see the root pom)
    void pcapng(byte[] file) throws IOException {
        CaptureFuzzing.check(file);
    }
}
