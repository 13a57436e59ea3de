package io.rocescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.flow.FindingKind;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code report --evidence DIR}: each extract against capinfos (frames, SHA-256) and tshark (it holds the
 * frames its finding names, or exactly its connection's packets and set-up frames); the findings' JSON
 * Lines against {@code expert -T json} and tshark's times; the explanations against the findings registry.
 */
class ReportEvidenceTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private static List<String> run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return out.isBlank() ? List.of() : Arrays.asList(out.strip().split("\n"));
    }

    private static JsonNode cli(String command, Path file) throws IOException {
        CliRunner r = CliRunner.run(command, "-T", "json", file.toString());
        assertThat(r.exit()).as(r.err()).isIn(0, 1);
        return JSON.readTree(r.out());
    }

    private static String capinfo(Path file, String flag, String key) throws Exception {
        return run("capinfos", flag, "-M", file.toString()).stream().filter(l -> l.startsWith(key + ":"))
            .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElseThrow();
    }

    private static List<String> times(Path file, String filter) throws Exception {
        List<String> args = new ArrayList<>(List.of("tshark", "-n", "-r", file.toString()));
        if (filter != null) args.addAll(List.of("-Y", filter));
        args.addAll(List.of("-T", "fields", "-e", "frame.time_epoch"));
        return run(args.toArray(String[]::new));
    }

    private static Map<String, String> epochs(Path file) throws Exception {
        Map<String, String> m = new HashMap<>();
        for (String line : run("tshark", "-n", "-r", file.toString(), "-T", "fields", "-e", "frame.number", "-e", "frame.time_epoch")) {
            String[] f = line.split("\t");
            m.put(f[0], f[1]);
        }
        return m;
    }

    @Test
    void extractsHoldTheirFramesAndAreListedWithTheirHashes() throws Exception {
        Assumptions.assumeTrue(ExternalTool.installed("tshark") && ExternalTool.installed("capinfos"), "tshark/capinfos missing");
        for (String name : new String[] {"rnr_nak", "send_bw_corrupt1pct"}) {
            Path capture = TestCaptures.file(name), dir = tmp.resolve(name), html = tmp.resolve(name + ".html");
            CliRunner r = CliRunner.run("report", capture.toString(), "-o", html.toString(), "--evidence", dir.toString());
            assertThat(r.exit()).as(r.err()).isZero();
            Document d = Jsoup.parse(Files.readString(html));
            JsonNode expert = cli("expert", capture), flows = cli("flows", capture), timeline = cli("timeline", capture);
            Map<String, String> epochOf = epochs(capture);   // tshark's frame.time_epoch of each frame number, one run
            List<Element> rows = d.select("tr[data-extract]");
            assertThat(rows).isNotEmpty();
            int findingsChecked = 0;
            for (Element row : rows) {
                Path x = dir.resolve(row.attr("data-extract"));
                assertThat(x).exists();
                assertThat(row.selectFirst("[data-extract-sha256]").text()).isEqualTo(capinfo(x, "-H", "SHA256"));
                assertThat(row.selectFirst("[data-extract-frames]").text()).isEqualTo(capinfo(x, "-c", "Number of packets"));
                String file = row.attr("data-extract");
                if (file.startsWith("finding-") && findingsChecked++ < 8) {
                    // the frames the finding names, and its cause, are all in it (matched by their timestamps; tshark
                    // reads only the extracts checked so, at half a second each)
                    Set<String> inExtract = new HashSet<>(times(x, null));
                    JsonNode f = expert.at("/findings/" + Integer.parseInt(file.substring(8, 12)));
                    List<String> named = new ArrayList<>();
                    f.get("frames").forEach(n -> named.add(n.asText()));
                    if (f.has("causedBy") && f.at("/causedBy/frame").asLong() > 0) named.add(f.at("/causedBy/frame").asText());
                    List<String> want = named.stream().map(epochOf::get).toList();
                    assertThat(inExtract).as(file).containsAll(want);
                    assertThat(inExtract.size()).as(file + ": context, not the whole capture").isLessThan(500);
                } else if (file.startsWith("connection-")) {
                    // exactly the connection's packets (both directions by address and QP) and its set-up frames
                    int id = Integer.parseInt(file.substring(11, file.indexOf('.')));
                    JsonNode c = null;
                    for (JsonNode n : flows) if (n.get("id").asInt() == id) c = n;
                    List<String> parts = new ArrayList<>();
                    for (String dir2 : new String[] {"aToB", "bToA"}) {
                        JsonNode f = c.get(dir2);
                        if (f == null || f.isNull()) continue;
                        parts.add(String.format("(ip.src == %s && ip.dst == %s && infiniband.bth.destqp == %d)", f.get("src").asText(),
                            f.get("dst").asText(), f.get("destQp").asInt()));
                    }
                    List<String> setup = new ArrayList<>();
                    for (JsonNode t : timeline) if (t.path("connection").asInt() == id) t.get("events").forEach(e -> setup.add(e.get("frame").asText()));
                    if (!setup.isEmpty()) parts.add("frame.number in {" + String.join(",", setup) + "}");
                    List<String> want = times(capture, String.join(" || ", parts));
                    assertThat(times(x, null)).as(file).isEqualTo(want);
                }
            }
            assertThat(findingsChecked).isPositive();

            // the JSON Lines: one line per finding, as expert lists them, timed as tshark times the first frame
            Path lines = dir.resolve("findings.jsonl");
            List<String> all = Files.readAllLines(lines);
            assertThat(all).hasSize(expert.get("findings").size());
            assertThat(d.selectFirst("[data-lines-sha256]").text()).isEqualTo(capinfoSha(lines));
            Set<Long> flowIds = new HashSet<>();
            for (int i = 0; i < all.size(); i++) {
                JsonNode line = JSON.readTree(all.get(i)), f = expert.at("/findings/" + i);
                assertThat(line.get("event_type").asText()).isEqualTo("finding");
                assertThat(line.at("/finding/kind").asText()).isEqualTo(f.get("kind").asText());
                assertThat(line.at("/finding/frames")).isEqualTo(f.get("frames"));
                if (i < 5) {
                    String epoch = epochOf.get(f.get("frames").get(0).asText());
                    Instant t = Instant.parse(line.get("timestamp").asText());
                    assertThat(BigDecimal.valueOf(t.getEpochSecond()).add(BigDecimal.valueOf(t.getNano(), 9))).isEqualByComparingTo(epoch);
                }
                if (!line.get("flow_id").isNull()) flowIds.add(line.get("flow_id").asLong());
            }
            assertThat(flowIds).as(name + ": one connection, one flow id").hasSize(1);
        }
    }

    private static String capinfoSha(Path file) throws Exception {
        java.security.MessageDigest md = java.security.MessageDigest.getInstance("SHA-256");
        return java.util.HexFormat.of().formatHex(md.digest(Files.readAllBytes(file)));
    }

    /** The flow id names the connection, not the run or the file: the same in a pcapng copy of the capture. */
    @Test
    void flowIdsAreStableAcrossRunsAndFiles() throws Exception {
        Assumptions.assumeTrue(ExternalTool.installed("editcap"), "editcap missing");
        Path pcap = TestCaptures.file("rnr_nak"), pcapng = tmp.resolve("copy.pcapng");
        run("editcap", "-F", "pcapng", pcap.toString(), pcapng.toString());
        List<Set<String>> ids = new ArrayList<>();
        for (Path p : new Path[] {pcap, pcap, pcapng}) {
            Path dir = Files.createTempDirectory(tmp, "ev");
            CliRunner r = CliRunner.run("report", p.toString(), "-o", dir.resolve("r.json").toString(), "--evidence", dir.toString());
            assertThat(r.exit()).as(r.err()).isZero();
            ids.add(Files.readAllLines(dir.resolve("findings.jsonl")).stream().map(l -> {
                try {
                    return JSON.readTree(l).get("flow_id").asText();
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            }).collect(Collectors.toSet()));
        }
        assertThat(ids.get(0)).hasSize(1).isEqualTo(ids.get(1)).isEqualTo(ids.get(2));
    }

    @Test
    void eachFindingKindIsExplainedByTheRegistry() throws Exception {
        Path capture = TestCaptures.file("send_bw_corrupt1pct"), html = tmp.resolve("x.html");
        CliRunner r = CliRunner.run("report", capture.toString(), "-o", html.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        Document d = Jsoup.parse(Files.readString(html));
        JsonNode counts = cli("expert", capture).get("counts");
        List<Element> cards = d.select(".explanations .explain");
        assertThat(cards).hasSize(counts.size());
        for (Element card : cards) {
            FindingKind k = FindingKind.of(card.selectFirst(".kind").text());
            assertThat(k).isNotNull();
            assertThat(card.select("dd").eachText()).containsExactly(k.meaning(), k.causes(), k.nextStep(), k.ibtaSection());
            assertThat(card.select(".group").text()).isEqualTo(k.group().label());
        }
        // each finding links to its kind's explanation
        assertThat(d.select(".finding a.explain-link")).hasSize(d.select(".finding").size());
        for (Element link : d.select(".finding a.explain-link")) assertThat(d.getElementById(link.attr("href").substring(1))).isNotNull();
    }
}
