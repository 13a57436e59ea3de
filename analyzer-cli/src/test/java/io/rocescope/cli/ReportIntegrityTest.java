package io.rocescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.dissector.TestCaptures;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Capture integrity (issue 14 §2) against tshark and against captures damaged on purpose with editcap:
 * frames cut by a snaplen, frames deleted (the capture "dropped" them), timestamps that go back, silences.
 */
class ReportIntegrityTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path tmp;

    @BeforeAll
    static void tools() {
        Assumptions.assumeTrue(ExternalTool.installed("tshark") && ExternalTool.installed("editcap"), "tshark/editcap are not installed");
    }

    private static List<String> run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", command)).isZero();
        return out.isBlank() ? List.of() : Arrays.asList(out.strip().split("\n"));
    }

    private static List<String> tsharkFrames(Path file, String filter) throws Exception {
        return run("tshark", "-n", "-r", file.toString(), "-Y", filter, "-T", "fields", "-e", "frame.number");
    }

    private static JsonNode integrity(Path file) throws IOException {
        CliRunner r = CliRunner.run("stats", "-T", "json", file.toString());
        assertThat(r.exit()).as(r.err()).isIn(0, 1);
        return JSON.readTree(r.out()).get("integrity");
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void framesCutBySnaplenAreCountedAndTheirIcrcUnchecked() throws Exception {
        Path cut = tmp.resolve("cut.pcap");
        run("editcap", "-s", "100", TestCaptures.file("rnr_nak").toString(), cut.toString());
        JsonNode i = integrity(cut);
        List<String> cutFrames = tsharkFrames(cut, "frame.cap_len < frame.len");
        List<String> roceCut = tsharkFrames(cut, "frame.cap_len < frame.len && (infiniband || udp.dstport == 4791)");
        assertThat(cutFrames).isNotEmpty();
        assertThat(i.get("cutBySnaplen").asLong()).isEqualTo(cutFrames.size());
        assertThat(i.get("roceCutBySnaplen").asLong()).isEqualTo(roceCut.size());
        assertThat(i.get("roceCutIcrcUnchecked").asLong()).isEqualTo(roceCut.size());
        assertThat(texts(i.get("cutFrames"))).isEqualTo(cutFrames.subList(0, Math.min(10, cutFrames.size())));
        // the whole capture is intact: nothing cut
        assertThat(integrity(TestCaptures.file("rnr_nak")).get("cutBySnaplen").asLong()).isZero();

        Document d = Jsoup.parse(report(cut, "html"));
        assertThat(d.select(".integrity .badge").text()).isEqualTo("caveats");
        assertThat(d.select(".integrity .reasons").text()).contains(roceCut.size() + " RoCE frames were cut by the snaplen");
    }

    /**
     * Request packets deleted from a real capture whose later ACKs cover them: the capture lost them, the
     * network did not (no NAK, no resend). The expected count is the deleted frames that tshark shows as
     * RC requests with a later ACK at or beyond their PSN.
     */
    @Test
    void requestsTheCaptureDroppedAreCountedAsCaptureLoss() throws Exception {
        Path original = TestCaptures.file("send_bw_rc");
        int[] deleted = {200, 201, 202, 650};
        Path dropped = tmp.resolve("dropped.pcap");
        List<String> args = new ArrayList<>(List.of("editcap", original.toString(), dropped.toString()));
        for (int f : deleted) args.add(Integer.toString(f));
        run(args.toArray(String[]::new));
        List<String> rows = run("tshark", "-n", "-r", original.toString(), "-Y", "infiniband", "-T", "fields",
            "-e", "frame.number", "-e", "infiniband.bth.opcode", "-e", "infiniband.bth.psn");
        long expected = 0;
        for (int f : deleted) {
            String[] me = rows.stream().map(r -> r.split("\t")).filter(r -> r[0].equals(Integer.toString(f))).findFirst().orElseThrow();
            assertThat(Integer.parseInt(me[1])).as("frame %d is an RC SEND", f).isBetween(0, 5);
            long psn = Long.parseLong(me[2]);
            boolean acked = rows.stream().map(r -> r.split("\t"))
                .anyMatch(r -> Integer.parseInt(r[0]) > f && r[1].equals("17") && Long.parseLong(r[2]) >= psn);
            if (acked) expected++;
        }
        assertThat(expected).isPositive();
        JsonNode loss = integrity(dropped).get("captureLoss");
        assertThat(loss.get("psns").asLong()).isEqualTo(expected);
        assertThat(loss.get("connections")).hasSize(1);
        assertThat(loss.at("/connections/0/psns").asLong()).isEqualTo(expected);
        // the untouched capture: no capture loss, and the network loss of send_bw_loss2pct is not capture loss
        assertThat(integrity(original).at("/captureLoss/psns").asLong()).isZero();
        assertThat(integrity(TestCaptures.file("send_bw_loss2pct")).at("/captureLoss/psns").asLong()).isZero();

        Document d = Jsoup.parse(report(dropped, "html"));
        assertThat(d.select(".integrity .reasons").text()).contains("The capture dropped at least " + expected + " request packets");
    }

    @Test
    void timestampsOutOfOrderAndSilencesMatchTshark() throws Exception {
        Path merged = TestCaptures.dir().resolve("external/oferby_proxy__roce.pcap");
        JsonNode i = integrity(merged);
        List<String> back = tsharkFrames(merged, "frame.time_delta < 0");
        assertThat(back).isNotEmpty();
        assertThat(i.get("timestampsOutOfOrder").asLong()).isEqualTo(back.size());
        assertThat(texts(i.get("outOfOrderFrames"))).isEqualTo(back.subList(0, Math.min(10, back.size())));

        for (String name : new String[] {"rnr_nak", "rping", "send_bw_loss2pct"}) {
            Path file = TestCaptures.file(name);
            List<String> silences = tsharkFrames(file, "frame.time_delta >= 1");
            JsonNode j = integrity(file);
            assertThat(j.get("timeGaps").asLong()).as(name).isEqualTo(silences.size());
            List<String> listed = new ArrayList<>();
            j.get("gapList").forEach(g -> listed.add(g.get("frame").asText()));
            assertThat(listed).as(name).isEqualTo(silences);
            if (!silences.isEmpty()) {
                String delta = run("tshark", "-n", "-r", file.toString(), "-Y", "frame.number == " + j.get("largestGapFrame").asText(),
                    "-T", "fields", "-e", "frame.time_delta").get(0);
                assertThat(j.get("largestGapNanos").asLong()).isEqualTo(new java.math.BigDecimal(delta).movePointRight(9).longValueExact());
            }
        }
        Document d = Jsoup.parse(report(TestCaptures.file("send_bw_loss2pct"), "html"));
        assertThat(d.select(".integrity .badge").text()).isEqualTo("trusted");
    }

    private static String report(Path capture, String ext) throws IOException {
        Path out = tmp.resolve(capture.getFileName() + "." + ext);
        CliRunner r = CliRunner.run("report", capture.toString(), "-o", out.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        return java.nio.file.Files.readString(out);
    }
}
