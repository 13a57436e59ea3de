package io.rocescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** flows, timeline, expert and stats: what a person reads, and JSON a script can follow back to frames. */
class AnalysisCommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String capture(String name) {
        return TestCaptures.file(name).toString();
    }

    @Test
    void flowsTableShowsSetupEndpointsAndLoss() {
        CliRunner r = CliRunner.run("flows", capture("send_bw_loss2pct"));
        assertThat(r.exit()).isZero();
        assertThat(r.out()).contains("socket", "10.0.0.1 QP 0x000011", "10.0.0.2 QP 0x000011", "1024 (perftest)",
            "NAK PSN Sequence Error 28", "gaps 25");
    }

    @Test
    void flowsJsonHasPlainNumbersSetupKindsAndFrameFields() throws Exception {
        JsonNode conns = JSON.readTree(CliRunner.run("flows", "-T", "json", capture("write_bw_rc")).out());
        assertThat(conns.isArray()).isTrue();
        JsonNode c = conns.get(0);
        assertThat(c.get("setup").asText()).isEqualTo("socket");
        assertThat(c.get("a").get("qpn").isNumber()).isTrue();
        assertThat(c.get("a").get("qpn").asInt()).isEqualTo(0x11);
        assertThat(c.get("a").get("startPsn").asInt()).isEqualTo(0x6e214d);
        assertThat(c.get("a").get("rkey").asLong()).isEqualTo(0x273);
        assertThat(c.get("a").get("va").asLong()).isEqualTo(0x7fdff1bda000L);
        assertThat(c.get("aToB").get("firstFrame").isNumber()).isTrue();
        assertThat(c.get("timeline").get(0).get("frame").asLong()).isPositive();
        JsonNode cm = JSON.readTree(CliRunner.run("flows", "-T", "json", capture("rping")).out());
        assertThat(cm.get(0).get("setup").asText()).isEqualTo("rdma_cm");
    }

    @Test
    void timelineDrawsBothSetupKindsWithLatency() {
        String cm = CliRunner.run("timeline", capture("rping")).out();
        assertThat(cm).contains("Connection 1  rdma_cm", "REQ", "REP", "RTU", "first data", "DREQ", "DREP", "set-up latency");
        assertThat(cm).containsPattern("─+ REQ ─+▶").containsPattern("◀─+ REP ─+");
        String socket = CliRunner.run("timeline", capture("send_lat_rc")).out();
        assertThat(socket).contains("socket", "TCP SYN", "TCP SYN/ACK", "perftest key", "first data");
        assertThat(socket).contains("Set-up summary").containsPattern("socket\\s+1 ");
    }

    @Test
    void timelineDrawsFailedSetUpsWithEachRetryAndTheTimeOut() throws Exception {
        // cm_req_timeout: tshark counts 16 REQs (frames 3-9, 12-18, 21, 22), none answered
        String t = CliRunner.run("timeline", TestCaptures.sample("cm_req_timeout").toString()).out();
        assertThat(t).contains("Failed set-up  rdma_cm  10.0.0.1 QP 0x000011 → 10.0.0.2  service TCP:7471  NO ANSWER");
        assertThat(t.lines().filter(l -> l.matches(".*─+ REQ( \\(retry \\d+\\))? ─+▶.*"))).hasSize(16);
        assertThat(t).containsPattern("\\n +- +\\+[0-9.]+ s  ╳ time-out ");
        String rej = CliRunner.run("timeline", capture("cm_reject_no_listener")).out();
        assertThat(rej).containsPattern("◀─+ REJ ─+  reason Invalid service ID \\(8\\)").contains("REJECTED: Invalid service ID (8)");
        JsonNode j = JSON.readTree(CliRunner.run("timeline", "-T", "json", capture("cm_reject_no_listener")).out());
        assertThat(j.size()).isEqualTo(2);
        assertThat(j.get(0).get("failedSetup").asText()).isEqualTo("rdma_cm");
        assertThat(j.get(0).get("outcome").asText()).isEqualTo("rejected");
        assertThat(j.get(0).get("events").get(1).get("frame").asLong()).isEqualTo(4);
    }

    @Test
    void timelineJsonEventsCarryFrames() throws Exception {
        JsonNode t = JSON.readTree(CliRunner.run("timeline", "-T", "json", capture("send_bw_rc_rdmacm")).out());
        assertThat(t.size()).isEqualTo(2);
        List<String> events = new ArrayList<>();
        for (JsonNode e : t.get(0).get("events")) {
            events.add(e.get("event").asText());
            assertThat(e.get("frame").asLong()).isPositive();
        }
        assertThat(events).containsSubsequence("REQ", "REP", "RTU", "first data");
        assertThat(t.get(0).get("setup").asText()).isEqualTo("rdma_cm");
    }

    @Test
    void expertListsFindingsWithFramesAndJsonCounts() throws Exception {
        String rej = CliRunner.run("expert", capture("cm_reject_no_listener")).out();
        assertThat(rej).contains("[error] cm.rej frames 3, 4:").contains("Invalid service ID (8)");
        JsonNode j = JSON.readTree(CliRunner.run("expert", "-T", "json", capture("nak_remote_access_write")).out());
        assertThat(j.get("counts").get("nak.remote_access_error").asInt()).isEqualTo(1);
        JsonNode f = j.get("findings").get(0);
        assertThat(f.get("severity").asText()).isEqualTo("error");
        assertThat(f.get("frames").get(0).asLong()).isPositive();
        assertThat(f.get("firstFrame").asLong()).isEqualTo(f.get("frames").get(0).asLong());
    }

    @Test
    void expertNamesRangesListsAndCausesAndFlowsSaysWhatEachTimingMeasures() throws Exception {
        String rnr = CliRunner.run("expert", capture("rnr_nak")).out();
        assertThat(rnr).containsPattern("\\[warning\\] retransmission frames \\d+–\\d+: .*\\[caused by rnr_nak frame \\d+\\]");
        assertThat(rnr).containsPattern("\\[note\\] nak.psn_sequence_error frame \\d+: .*not a loss \\[caused by rnr_nak frame \\d+\\]");
        JsonNode j = JSON.readTree(CliRunner.run("expert", "-T", "json", capture("rnr_nak")).out());
        JsonNode withCause = null;
        for (JsonNode f : j.get("findings")) if (f.has("causedBy")) { withCause = f; break; }
        assertThat(withCause).isNotNull();
        assertThat(withCause.get("causedBy").get("frame").asLong()).isLessThan(withCause.get("firstFrame").asLong());
        assertThat(withCause.get("frameRanges").get(0).get("first").asLong()).isEqualTo(withCause.get("firstFrame").asLong());
        String flows = CliRunner.run("flows", capture("send_bw_loss2pct")).out();
        assertThat(flows).contains("RTT p50", "req→ACK incl. retries p50", "Karn's rule");
        JsonNode answers = JSON.readTree(CliRunner.run("flows", "-T", "json", capture("send_bw_loss2pct")).out()).get(0).get("aToB").get("answers");
        assertThat(answers.get("timings").get("rttMicros").asText()).contains("sent once");
        assertThat(answers.get("requestToAckIncludingRetriesMicros").get("count").asLong())
            .isGreaterThan(answers.get("rttMicros").get("count").asLong());
    }

    @Test
    void jsonObjectsKeepOneKeyOrderFromRunToRun() throws Exception {
        // Map.of's order changes with every JVM: two runs of the same command must not differ.
        List<String> expert = new ArrayList<>(), stats = new ArrayList<>(), timeline = new ArrayList<>();
        JSON.readTree(CliRunner.run("expert", "-T", "json", capture("rnr_nak")).out()).fieldNames().forEachRemaining(expert::add);
        JSON.readTree(CliRunner.run("stats", "-T", "json", capture("rnr_nak")).out()).fieldNames().forEachRemaining(stats::add);
        JSON.readTree(CliRunner.run("timeline", "-T", "json", capture("write_lat_rc_rdmacm")).out()).get(0).fieldNames()
            .forEachRemaining(timeline::add);
        assertThat(expert).containsExactly("counts", "findings", "notListed");
        assertThat(stats).containsExactly("summary", "pfc", "findingCounts", "priorities", "integrity");
        assertThat(timeline).containsExactly("connection", "setup", "a", "b", "firstDataFrame", "setupLatencyMicros", "events");
    }

    @Test
    void statsIsOneScreen() {
        CliRunner r = CliRunner.run("stats", capture("send_bw_corrupt1pct"));
        assertThat(r.out().lines().count()).isLessThan(25);
        assertThat(r.out()).contains("21 bad ICRC", "12 NAK", "socket");
    }

    @Test
    void analysisCommandsRejectBadInputInOneLine() {
        for (String cmd : new String[] {"flows", "timeline", "expert", "stats"}) {
            CliRunner r = CliRunner.run(cmd, "/nonexistent.pcap");
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.err().lines().count()).isEqualTo(1);
            assertThat(CliRunner.run(cmd, "-T", "xml", capture("rping")).exit()).isEqualTo(2);
        }
    }
}
