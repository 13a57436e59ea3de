package io.rocescope.dissector.filter;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.decode.DecodedFrame;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Coverage-guided fuzzing of the display-filter parser, seeded with the filters of the README, the
 * tests and the rule packs (.../DisplayFilterFuzzTestInputs). Any text either fails with a
 * {@link FilterSyntaxException} or compiles to a filter that runs on real frames (rping's CM, RC and
 * UD frames) without throwing, and whose negation {@code !(F)} matches exactly the other frames.
 */
class DisplayFilterFuzzTest {
    private static final List<DecodedFrame> FRAMES = TestCaptures.decode(TestCaptures.file("rping"));

    @FuzzTest
    void filter(byte[] input) {
        String text = new String(input, StandardCharsets.UTF_8);
        DisplayFilter f, not;
        try {
            f = DisplayFilter.parse(text);
        } catch (FilterSyntaxException e) {
            assertThat(e.getMessage()).isNotBlank();
            return;
        }
        try {
            not = DisplayFilter.parse("!(" + text + ")");
        } catch (FilterSyntaxException e) {
            throw new AssertionError("\"" + text + "\" compiles but its negation does not: " + e.getMessage());
        }
        for (DecodedFrame frame : FRAMES) {
            assertThat(not.matches(frame)).as("frame %d", frame.number()).isEqualTo(!f.matches(frame));
        }
    }
}
