package io.rocescope.dissector.capture;

import com.code_intelligence.jazzer.junit.FuzzTest;

import java.io.IOException;

/**
 * Coverage-guided fuzzing of the pcapng reader, seeded with the first frames of each real
 * capture (src/test/resources/.../PcapngReaderFuzzTestInputs). See {@link CaptureFuzzing} for what is checked.
 */
class PcapngReaderFuzzTest {
    @FuzzTest
    void pcapng(byte[] file) throws IOException {
        CaptureFuzzing.check(file);
    }
}
