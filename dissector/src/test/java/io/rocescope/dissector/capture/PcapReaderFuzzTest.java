package io.rocescope.dissector.capture;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;

/**
 * Coverage-guided fuzzing of the classic pcap reader, seeded with the first frames of each real
 * capture (src/test/resources/.../PcapReaderFuzzTestInputs). See {@link CaptureFuzzing} for what is checked.
 */
class PcapReaderFuzzTest {
    @FuzzTest
    @Timeout(30)   // per input: a hang is a finding (fuzzing: libFuzzer's -timeout, see the root pom)
    void pcap(byte[] file) throws IOException {
        CaptureFuzzing.check(file);
    }
}
