package io.rocescope.cli;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.Tshark;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * -T json times are exact decimal text with nine digits, character for character what tshark prints
 * for frame.time_epoch / frame.time_relative (a double printed 1796101820.2945569 for .294557000).
 */
class JsonTimesTest {
    /** Numbers read as BigDecimal keep their text: 0.064172000 stays 0.064172000. */
    private static final ObjectMapper JSON = new ObjectMapper().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
        .setNodeFactory(com.fasterxml.jackson.databind.node.JsonNodeFactory.withExactBigDecimals(true));

    private static String text(JsonNode n) { return n.decimalValue().toPlainString(); }

    @Test
    void frameTimesAreTsharksDigits() throws Exception {
        Assumptions.assumeTrue(Tshark.available(), "tshark is not installed");
        Path file = TestCaptures.file("send_bw_rc");
        List<String[]> tshark = Tshark.fields(file, null, "frame.time_epoch", "frame.time_relative");
        CliRunner r = CliRunner.run("dissect", "-T", "rocescope-json", file.toString());
        assertThat(r.exit()).isZero();
        JsonNode frames = JSON.readTree(r.out());
        assertThat(frames.size()).isEqualTo(tshark.size());
        for (int i = 0; i < frames.size(); i++) {
            JsonNode f = frames.get(i);
            assertThat(f.get("timestamp").isNumber()).isTrue();
            assertThat(text(f.get("timestamp"))).as("frame %d", i + 1).isEqualTo(tshark.get(i)[0]);
            assertThat(text(f.get("relativeTime"))).as("frame %d", i + 1).isEqualTo(tshark.get(i)[1]);
            JsonNode epochField = f.get("layers").get(0).get("children").get(1);
            assertThat(epochField.get("name").asText()).isEqualTo("frame.time_epoch");
            assertThat(text(epochField.get("value"))).isEqualTo(tshark.get(i)[0]);
        }
    }

    @Test
    void flowTimesAreTsharksRelativeTimesOfTheirFrames() throws Exception {
        Assumptions.assumeTrue(Tshark.available(), "tshark is not installed");
        Path file = TestCaptures.file("send_bw_rc");
        List<String> relative = new ArrayList<>();
        for (String[] row : Tshark.fields(file, null, "frame.time_relative")) relative.add(row[0]);
        CliRunner r = CliRunner.run("flows", "-T", "json", file.toString());
        assertThat(r.exit()).isZero();
        int flows = 0;
        for (JsonNode c : JSON.readTree(r.out())) {
            for (String dir : new String[] {"aToB", "bToA"}) {
                JsonNode f = c.get(dir);
                if (f == null || f.isNull()) continue;
                flows++;
                assertThat(text(f.get("firstTime"))).isEqualTo(relative.get(f.get("firstFrame").asInt() - 1));
                assertThat(text(f.get("lastTime"))).isEqualTo(relative.get(f.get("lastFrame").asInt() - 1));
            }
        }
        assertThat(flows).isEqualTo(2);
        JsonNode stats = JSON.readTree(CliRunner.run("stats", "-T", "json", file.toString()).out());
        assertThat(text(stats.findValue("durationSeconds"))).isEqualTo(relative.get(relative.size() - 1));
    }
}
