package io.rocescope.gui;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.cli.LiveAnalysisNetnsTest;
import io.rocescope.cli.NetnsPair;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The live view ({@code gui -i IFACE}): a real capture replayed with tcpreplay into one end of a veth pair
 * (network namespaces of the test's own, the CLI's {@link NetnsPair}), the window capturing on the other
 * end in a JVM of its own ({@link LiveViewProbe}). The packet list fills as the frames arrive, with the rows
 * of {@code dissect} on the file (all but the times: a replay keeps frames, not timestamps); the
 * Connections view fills while the capture runs; once stopped, Connections and Expert Info show what
 * {@code flows}/{@code expert -T json} give for the file.
 */
class LiveViewNetnsTest {
    private static final Pattern LINE = Pattern.compile("^\\s*(\\d+)\\s+(\\S+)\\s+(\\S*) → (\\S*)\\s+(.+?) (\\d+) ?(.*)$");

    @BeforeAll
    static void needsNamespaces() {
        Assumptions.assumeTrue(NetnsPair.available(), "the live view test needs root and ip netns (it creates a veth pair in namespaces of its own)");
        Assumptions.assumeTrue(LiveAnalysisNetnsTest.hasTcpreplay(), "the live view test needs tcpreplay (Debian package tcpreplay)");
    }

    @ParameterizedTest
    @ValueSource(strings = {"rnr_nak", "read_bw_rc"})
    void theWindowFillsAsAReplayArrivesAndEndsWithTheFilesAnalysis(String name, @TempDir Path dir) throws Exception {
        String path = RoceScopeGuiTest.path(name);
        List<String> lines = GuiTests.cli("dissect", path).lines().toList();
        Path out = dir.resolve("live.json");
        try (NetnsPair net = NetnsPair.create("v")) {
            Process probe = net.java(net.b, LiveViewProbe.class.getName(), net.ifB, Integer.toString(lines.size()), out.toString())
                .redirectErrorStream(true).start();
            List<String> said = new ArrayList<>();
            LiveAnalysisNetnsTest.awaitLine(probe.getInputStream(), said, "capturing", 120);
            try {
                LiveAnalysisNetnsTest.replay(net, Path.of(path));
                boolean ended = probe.waitFor(240, TimeUnit.SECONDS);
                synchronized (said) {
                    assertThat(ended).as("the window's live run ends: " + String.join("\n", said)).isTrue();
                    assertThat(probe.exitValue()).as(String.join("\n", said)).isZero();
                }
            } finally {
                probe.destroyForcibly();
            }
        }
        JsonNode live = new ObjectMapper().readTree(out.toFile());
        // while capturing: every frame listed, and the connections so far shown
        assertThat(live.get("capturingWhenFilled").asBoolean()).isTrue();
        assertThat(live.get("rowsWhileCapturing").asInt()).isEqualTo(lines.size());
        assertThat(live.get("interimConnections").asInt()).isPositive();
        assertThat(live.get("interimIsSnapshot").asBoolean()).as("the interim views show LiveAnalysis's snapshot").isTrue();
        assertThat(live.get("interimConnections").asInt()).isEqualTo(live.get("snapshotConnections").asInt());
        // the packet list: dissect's rows of the file, times aside
        JsonNode rows = live.get("rows");
        assertThat(rows).hasSize(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            Matcher m = LINE.matcher(lines.get(i));
            assertThat(m.matches()).as(lines.get(i)).isTrue();
            List<String> want = new ArrayList<>(), got = new ArrayList<>();
            for (int g = 1; g <= 7; g++) if (g != 2) want.add(m.group(g));
            for (int g = 0; g < 7; g++) if (g != 1) got.add(rows.get(i).get(g).asText());
            assertThat(got).as(name + " frame " + (i + 1)).isEqualTo(want);
        }
        // after the capture: the file's connections and findings
        JsonNode flows = GuiTests.cliJson("flows", "-T", "json", path), expert = GuiTests.cliJson("expert", "-T", "json", path);
        JsonNode cs = live.get("connections");
        assertThat(cs).hasSize(flows.size());
        for (int i = 0; i < flows.size(); i++) {
            JsonNode c = flows.get(i), shown = cs.get(i);
            assertThat(shown.get("id").asInt()).isEqualTo(c.get("id").asInt());
            assertThat(shown.get("setup").asText()).isEqualTo(c.get("setup").asText());
            assertThat(shown.get("aToB").asLong()).isEqualTo(c.get("aToB").isNull() ? 0 : c.get("aToB").get("packets").asLong());
            assertThat(shown.get("bToA").asLong()).isEqualTo(c.get("bToA").isNull() ? 0 : c.get("bToA").get("packets").asLong());
            long bytes = (c.get("aToB").isNull() ? 0 : c.get("aToB").get("bytes").asLong()) + (c.get("bToA").isNull() ? 0 : c.get("bToA").get("bytes").asLong());
            assertThat(shown.get("bytes").asLong()).isEqualTo(bytes);
        }
        Map<String, Long> want = new HashMap<>(), got = new HashMap<>();
        expert.get("counts").fields().forEachRemaining(e -> want.put(e.getKey(), e.getValue().asLong()));
        live.get("expert").fields().forEachRemaining(e -> got.put(e.getKey(), e.getValue().asLong()));
        assertThat(got).isEqualTo(want);
        assertThat(live.get("title").asText()).contains("(live) — " + lines.size() + " frames");
    }
}
