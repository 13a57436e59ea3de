package io.rocescope.cli;

import io.rocescope.analysis.RuleFileException;
import io.rocescope.analysis.RulePackLoader;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;
import io.rocescope.flow.rules.Rule;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Coverage-guided fuzzing of the rule-pack loader (YAML through Jackson, then every field checked),
 * seeded with the shipped packs and the tests' rule files (.../RulePackFuzzTestInputs). Any bytes either
 * load or fail with a {@link RuleFileException} of one line that names the file: never another exception.
 */
class RulePackFuzzTest {
    @FuzzTest
    @Timeout(30)   // per input: a hang is a finding (fuzzing: libFuzzer's -timeout, see the root pom)
    void rules(byte[] yaml) {
        List<Rule> rules;
        try {
            rules = RulePackLoader.load(yaml, "fuzz.yaml");
        } catch (RuleFileException e) {
            assertThat(e.getMessage()).startsWith("fuzz.yaml").doesNotContainPattern("\\p{Cntrl}");   // one line, nothing raw for the terminal
            return;
        }
        assertThat(rules).isNotNull();
    }
}
