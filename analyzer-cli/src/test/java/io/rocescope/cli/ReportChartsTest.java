package io.rocescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.dissector.TestCaptures;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The report's SVG charts against what they are drawn from: PSN marks against tshark's frames, throughput
 * buckets and RTT histogram counts against {@code flows -T json}, the set-up ladder against {@code timeline -T json}.
 */
class ReportChartsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private Document report(Path file) throws IOException {
        Path out = tmp.resolve(file.getFileName() + ".html");
        CliRunner r = CliRunner.run("report", file.toString(), "-o", out.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        return Jsoup.parse(Files.readString(out));
    }

    private static JsonNode cli(String command, Path file) throws IOException {
        CliRunner r = CliRunner.run(command, "-T", "json", file.toString());
        assertThat(r.exit()).as(r.err()).isIn(0, 1);
        return JSON.readTree(r.out());
    }

    @Test
    void psnMarksAreTheFramesTsharkShowsAndResentOnesAreRed() throws Exception {
        Assumptions.assumeTrue(ExternalTool.installed("tshark"), "tshark is not installed");
        Path file = TestCaptures.file("send_bw_loss2pct");
        Document d = report(file);
        Process p = new ProcessBuilder("tshark", "-n", "-r", file.toString(), "-Y", "infiniband.bth.psn", "-T", "fields",
            "-e", "frame.number", "-e", "infiniband.bth.psn", "-e", "ip.src").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String[]> rows = new ArrayList<>();
        for (String line : new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\n")) rows.add(line.split("\t"));
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        Map<String, String> psnOf = new HashMap<>();
        for (String[] r : rows) psnOf.put(r[0], r[1]);
        Element chart = d.selectFirst("svg.psn");
        assertThat(chart).isNotNull();
        Elements marks = chart.select("[data-frame]");
        assertThat(marks).isNotEmpty();
        for (Element m : marks) assertThat(m.attr("data-psn")).as("frame " + m.attr("data-frame")).isEqualTo(psnOf.get(m.attr("data-frame")));
        // the requests whose PSN did not advance (resent, late), counted independently from tshark's rows: all drawn in red (up to 500)
        long back = 0;
        long highest = -1;
        for (String[] r : rows) {
            if (!r[2].equals("10.0.0.1")) continue;
            long psn = Long.parseLong(r[1]);
            if (highest >= 0 && psn <= highest) back++;
            else highest = psn;
        }
        assertThat(back).isPositive();
        assertThat(chart.select("circle[fill=#c62828]")).hasSize((int) Math.min(500, back));
    }

    @Test
    void throughputRttAndLadderComeFromTheCliJson() throws Exception {
        for (String name : new String[] {"send_bw_loss2pct", "rping"}) {
            Path file = TestCaptures.file(name);
            Document d = report(file);
            JsonNode flows = cli("flows", file), timeline = cli("timeline", file);
            Element tp = d.selectFirst("svg.throughput");
            long sum = 0;
            for (Element bucket : tp.select("[data-ptr]")) {
                assertThat(bucket.attr("data-v")).isEqualTo(flows.at(bucket.attr("data-ptr")).asText());
                if (bucket.attr("data-ptr").startsWith("/0/aToB/")) sum += Long.parseLong(bucket.attr("data-v"));
            }
            assertThat(sum).as(name + ": the buckets add up to the flow's bytes").isEqualTo(flows.at("/0/aToB/bytes").asLong());

            Elements hist = d.select("section.connection").first().select("svg.rtt");
            long rtts = flows.at("/0/aToB/answers/rttMicros/count").asLong() + flows.at("/0/bToA/answers/rttMicros/count").asLong();
            long drawn = hist.select("[data-n]").stream().mapToLong(e -> Long.parseLong(e.attr("data-n"))).sum();
            assertThat(rtts).isLessThanOrEqualTo(512);   // the sample holds every RTT: the histogram counts them all
            assertThat(drawn).as(name).isEqualTo(rtts);

            List<String> arrows = d.select("section.connection").first().select("svg.ladder [data-frame]").eachAttr("data-frame");
            List<String> events = new ArrayList<>();
            for (JsonNode c : timeline) if (c.path("connection").asInt() == flows.at("/0/id").asInt()) c.get("events").forEach(e -> events.add(e.get("frame").asText()));
            assertThat(arrows).as(name).isNotEmpty().isEqualTo(events.subList(0, Math.min(40, events.size())));
        }
    }
}
