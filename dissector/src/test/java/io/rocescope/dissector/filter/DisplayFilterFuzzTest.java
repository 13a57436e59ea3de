package io.rocescope.dissector.filter;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.Test;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.decode.DecodedFrame;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Coverage-guided fuzzing of the display-filter parser, seeded with the filters of the README, the
 * tests and the rule packs (.../DisplayFilterFuzzTestInputs). Any text either fails with a
 * {@link FilterSyntaxException} or compiles to a filter that runs on real frames (rping's CM, RC and
 * UD frames) without throwing, and whose negation {@code !(F)} matches exactly the other frames.
 */
class DisplayFilterFuzzTest {
    private static final List<DecodedFrame> FRAMES = TestCaptures.decode(TestCaptures.file("rping"));

    /**
     * Found outside the fuzzer's default input sizes (it makes inputs of a few KiB): 10,000 nested
     * parentheses or negations overflowed the parser's stack, and a 100,000-term || chain the matcher's.
     */
    @Test
    void deepNestingIsAnErrorAndLongChainsMatch() throws FilterSyntaxException {
        for (String deep : new String[] {"(".repeat(10_000) + "ip" + ")".repeat(10_000), "!".repeat(10_000) + "ip"}) {
            assertThatThrownBy(() -> DisplayFilter.parse(deep)).isInstanceOf(FilterSyntaxException.class)
                .hasMessageContaining("nest more than");
        }
        DisplayFilter nested = DisplayFilter.parse("(".repeat(FilterParser.MAX_NESTING) + "ip" + ")".repeat(FilterParser.MAX_NESTING));
        DisplayFilter any = DisplayFilter.parse("ipv6" + " || ipv6".repeat(100_000) + " || ip");
        DisplayFilter all = DisplayFilter.parse("ip" + " && ip".repeat(100_000));
        DisplayFilter ip = DisplayFilter.parse("ip");
        for (DecodedFrame frame : FRAMES) {
            assertThat(nested.matches(frame)).isEqualTo(ip.matches(frame));
            assertThat(any.matches(frame)).isEqualTo(ip.matches(frame) || DisplayFilter.parse("ipv6").matches(frame));
            assertThat(all.matches(frame)).isEqualTo(ip.matches(frame));
        }
    }

    @FuzzTest
    @Timeout(30)   // per input: a hang is a finding (fuzzing: libFuzzer's -timeout, see the root pom)
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
