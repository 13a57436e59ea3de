package io.rocescope.flow;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Connection parameters on real rdma_cm and perftest captures: the negotiated ones equal tshark's CM
 * fields and the tools' printed settings (the .txt beside each capture); the observed ones equal an
 * independent count over tshark's PSN and time fields.
 */
class ConnectionParametersTest {

    static Path capture(String name) {
        Path p = TestCaptures.dir().resolve(name + ".pcap");
        return Files.exists(p) ? p : TestCaptures.sample(name);
    }

    static Path txt(String name) {
        return Path.of(capture(name).toString().replaceFirst("\\.pcap$", ".txt"));
    }

    static void assumeTshark() {
        Assumptions.assumeTrue(Stream.of(System.getenv("PATH").split(":")).anyMatch(p -> Files.isExecutable(Path.of(p, "tshark"))),
            "tshark is not installed");
    }

    /** tshark's -T fields rows (tab-separated) for a filter. */
    static List<String[]> tshark(Path file, String filter, String... fields) {
        List<String> cmd = new ArrayList<>(List.of("tshark", "-n", "-r", file.toString(), "-Y", filter, "-T", "fields"));
        for (String f : fields) { cmd.add("-e"); cmd.add(f); }
        try {
            Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) throw new AssertionError("tshark failed: " + cmd);
            List<String[]> rows = new ArrayList<>();
            for (String line : out.split("\n")) if (!line.isBlank()) rows.add(line.split("\t", -1));
            return rows;
        } catch (IOException | InterruptedException e) {
            throw new AssertionError(e);
        }
    }

    static Integer num(String s) { return s == null || s.isEmpty() ? null : Long.decode(s).intValue(); }

    static final String[] REQ_FIELDS = {"frame.number", "infiniband.cm.req", "infiniband.cm.req.retrcount",
        "infiniband.cm.req.rnrretrcount", "infiniband.cm.req.localresptout", "infiniband.cm.req.remoteresptout",
        "infiniband.cm.req.maxcmretr", "infiniband.cm.req.pppmtu", "infiniband.cm.req.responderres", "infiniband.cm.req.initdepth",
        "infiniband.cm.req.srq", "infiniband.cm.req.e2eflowctrl", "infiniband.cm.req.pkey", "infiniband.cm.req.prim_tfcclass",
        "infiniband.cm.req.prim_localacktout"};
    static final String[] REP_FIELDS = {"frame.number", "infiniband.cm.rep.remotecommid", "infiniband.cm.rep.rnrretrcount",
        "infiniband.cm.rep.respres", "infiniband.cm.rep.initdepth", "infiniband.cm.rep.srq", "infiniband.cm.rep.e2eflowctrl",
        "infiniband.cm.rep.tgtackdelay"};

    @ParameterizedTest
    @ValueSource(strings = {"rping", "send_bw_rc_rdmacm", "write_lat_rc_rdmacm", "nak_remote_access_write", "rnr_nak",
        "send_write_imm", "retry_exhausted", "rnr_retry_exhausted"})
    void negotiatedParametersAreTsharksCmFields(String name) {
        assumeTshark();
        Path file = capture(name);
        Map<Integer, String[]> repByRemoteId = new HashMap<>();
        for (String[] r : tshark(file, "infiniband.cm.rep", REP_FIELDS)) repByRemoteId.put(num(r[1]), r);
        List<String[]> reqs = tshark(file, "infiniband.cm.req", REQ_FIELDS);
        assertThat(reqs).isNotEmpty();
        Reports.Analysis a = Track.file(file);
        int checked = 0;
        for (String[] req : reqs) {
            String[] rep = repByRemoteId.get(num(req[1]));
            if (rep == null) continue;
            long reqFrame = Long.parseLong(req[0]), repFrame = Long.parseLong(rep[0]);
            ConnectionParameters.Report p = a.connections().stream().map(Reports.ConnectionReport::parameters)
                .filter(x -> x != null && List.of(reqFrame, repFrame).equals(x.frames())).findFirst().orElseThrow(
                    () -> new AssertionError("no connection negotiated by frames " + reqFrame + ", " + repFrame));
            assertThat(p.negotiatedBy()).isEqualTo("rdma_cm");
            assertThat(p.localCmResponseTimeout()).isEqualTo(num(req[4]));
            assertThat(p.remoteCmResponseTimeout()).isEqualTo(num(req[5]));
            assertThat(p.maxCmRetries()).isEqualTo(num(req[6]));
            assertThat(p.pathMtu()).isEqualTo(128 << num(req[7]));
            assertThat(p.pkey()).isEqualTo(num(req[12]));
            assertThat(p.trafficClass()).isEqualTo(num(req[13]));
            assertThat(p.targetAckDelay()).isEqualTo(num(rep[7]));
            // both QPs retry as the REQ says; the active side's RNR retry count is the REP's, the passive side's the REQ's
            assertThat(p.a().retryCount()).isEqualTo(num(req[2]));
            assertThat(p.b().retryCount()).isEqualTo(num(req[2]));
            assertThat(p.a().rnrRetryCount()).isEqualTo(num(rep[2]));
            assertThat(p.b().rnrRetryCount()).isEqualTo(num(req[3]));
            assertThat(p.a().ackTimeout()).isEqualTo(num(req[14]));
            assertThat(p.a().initiatorDepth()).isEqualTo(num(req[9]));
            assertThat(p.a().responderResources()).isEqualTo(num(req[8]));
            assertThat(p.b().initiatorDepth()).isEqualTo(num(rep[4]));
            assertThat(p.b().responderResources()).isEqualTo(num(rep[3]));
            assertThat(p.a().readLimit()).isEqualTo(Math.min(num(req[9]), num(rep[3])));
            assertThat(p.a().srq()).isEqualTo(num(req[10]) != 0);
            assertThat(p.b().srq()).isEqualTo(num(rep[5]) != 0);
            assertThat(p.a().endToEndFlowControl()).isEqualTo(num(req[11]) != 0);
            assertThat(p.b().endToEndFlowControl()).isEqualTo(num(rep[6]) != 0);
            checked++;
        }
        assertThat(checked).isEqualTo(repByRemoteId.size());
    }

    /** verbs_probe prints each QP's attributes after the connection: "QP local qpn=… path_mtu=1024 timeout=19 retry_cnt=3 rnr_retry=7". */
    static Map<String, Integer> printedQp(String name, String side) throws IOException {
        String txt = Files.readString(txt(name));
        String part = txt.substring(txt.indexOf("## Output of " + side));
        Matcher m = Pattern.compile("QP local qpn=\\S+ .*?path_mtu=(\\d+) timeout=(\\d+) retry_cnt=(\\d+) rnr_retry=(\\d+)").matcher(part);
        assertThat(m.find()).as("printed QP attributes of the " + side).isTrue();
        return Map.of("mtu", Integer.parseInt(m.group(1)), "timeout", Integer.parseInt(m.group(2)),
            "retry", Integer.parseInt(m.group(3)), "rnr", Integer.parseInt(m.group(4)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"retry_exhausted", "rnr_retry_exhausted"})
    void negotiatedParametersAreTheQpAttributesTheProgramsPrinted(String name) throws IOException {
        Map<String, Integer> client = printedQp(name, "client"), server = printedQp(name, "server");
        ConnectionParameters.Report p = Track.file(capture(name)).connections().get(0).parameters();
        assertThat(p.pathMtu()).isEqualTo(client.get("mtu")).isEqualTo(server.get("mtu"));
        assertThat(p.a().retryCount()).isEqualTo(client.get("retry"));
        assertThat(p.a().rnrRetryCount()).isEqualTo(client.get("rnr"));
        assertThat(p.b().retryCount()).isEqualTo(server.get("retry"));
        assertThat(p.b().rnrRetryCount()).isEqualTo(server.get("rnr"));
        // the passive side's QP takes the REQ's path Local ACK Timeout (the active side's was set apart with rdma_set_option)
        assertThat(p.b().ackTimeout()).isEqualTo(server.get("timeout"));
    }

    @Test
    void perftestParametersAreTheOnesPerftestPrinted() throws IOException {
        for (String name : new String[] {"read_bw_rc", "atomic_bw_fetch_add"}) {
            String txt = Files.readString(txt(name));
            Matcher reads = Pattern.compile("Outstand reads\\s*:\\s*(\\d+)").matcher(txt);
            Matcher mtu = Pattern.compile("Mtu\\s*:\\s*(\\d+)\\[B\\]").matcher(txt);
            assertThat(reads.find()).isTrue();
            assertThat(mtu.find()).isTrue();
            ConnectionParameters.Report p = Track.file(capture(name)).connections().get(0).parameters();
            assertThat(p.negotiatedBy()).as(name).isEqualTo("perftest");
            assertThat(p.pathMtu()).as(name).isEqualTo(Integer.parseInt(mtu.group(1)));
            assertThat(p.a().outstandingReads()).as(name).isEqualTo(Integer.parseInt(reads.group(1)));
        }
    }

    /** A requester's SEND PSNs and times from tshark (frame, PSN, epoch nanoseconds). */
    static List<long[]> requests(Path file, String src) {
        List<long[]> out = new ArrayList<>();
        for (String[] r : tshark(file, "ip.src == " + src + " && infiniband.bth.opcode <= 0x0c && infiniband.bth.destqp != 1",
            "frame.number", "infiniband.bth.psn", "frame.time_epoch")) {
            String[] t = r[2].split("\\.");
            long nanos = Long.parseLong(t[0]) * 1_000_000_000L + Long.parseLong((t[1] + "000000000").substring(0, 9));
            out.add(new long[] {Long.parseLong(r[0]), Long.parseLong(r[1]), nanos});
        }
        return out;
    }

    @Test
    void retryExhaustionMatchesAnIndependentCountOfThePsnSequence() throws IOException {
        assumeTshark();
        Path file = capture("retry_exhausted");
        List<long[]> sends = requests(file, "10.0.0.1");
        long lastPsn = sends.get(sends.size() - 1)[1];
        List<long[]> same = sends.stream().filter(s -> s[1] == lastPsn).toList();
        long[] gaps = new long[same.size() - 1];
        for (int i = 1; i < same.size(); i++) gaps[i - 1] = same.get(i)[2] - same.get(i - 1)[2];
        long[] sorted = gaps.clone();
        Arrays.sort(sorted);
        long median = sorted[(sorted.length + 1) / 2 - 1];
        int exponent = (int) Math.floor(Math.log(median / 1000.0 / 4.096) / Math.log(2));
        int retryCount = num(tshark(file, "infiniband.cm.req", "infiniband.cm.req.retrcount").get(0)[0]);

        Reports.Analysis a = Track.file(file);
        ConnectionParameters.Observed o = a.connections().get(0).parameters().a().observed();
        assertThat(o.mostSendsOfOnePsn()).isEqualTo(same.size()).isEqualTo(retryCount + 1);
        assertThat(o.retriesMade()).isEqualTo(same.size() - 1);
        assertThat(o.timeoutRetransmissions()).isEqualTo(gaps.length);
        assertThat(o.ackTimeoutMicros()).isEqualTo(median / 1000);
        assertThat(o.ackTimeoutExponent()).isEqualTo(exponent).isEqualTo(printedQp("retry_exhausted", "client").get("timeout"));

        Finding f = a.findings().stream().filter(x -> x.kind().equals("qp.retry_exhausted")).findFirst().orElseThrow();
        assertThat(f.frames()).containsExactlyElementsOf(same.stream().map(s -> s[0]).toList());
        assertThat(f.message()).contains("PSN " + lastPsn + " sent " + same.size() + " times", "Retry Count " + retryCount,
            "ACK timeout " + exponent, "IBV_WC_RETRY_EXC_ERR");
        assertThat(a.findingCounts()).containsEntry("qp.retry_exhausted", (long) same.size());
        // the timeout retransmissions say how long the requester waited, not "over 0.000 ms"
        List<Finding> resends = a.findings().stream().filter(x -> x.kind().equals("retransmission")).toList();
        assertThat(resends).hasSize(gaps.length);
        for (int i = 0; i < gaps.length; i++) {
            assertThat(resends.get(i).message()).doesNotContain("over 0.000 ms")
                .contains(String.format(java.util.Locale.ROOT, "%.3f ms of silence after frame %d", gaps[i] / 1e6, same.get(i)[0]));
        }
    }

    @Test
    void rnrExhaustionMatchesTheRnrNaksTsharkShows() {
        assumeTshark();
        Path file = capture("rnr_retry_exhausted");
        // RNR NAKs: AETH syndrome 001x xxxx
        List<String[]> rnr = tshark(file, "infiniband.aeth.syndrome >= 0x20 && infiniband.aeth.syndrome < 0x40",
            "frame.number", "infiniband.bth.psn", "infiniband.aeth.syndrome");
        int rnrRetry = num(tshark(file, "infiniband.cm.rep", "infiniband.cm.rep.rnrretrcount").get(0)[0]);
        assertThat(rnr).hasSize(rnrRetry + 1);
        Reports.Analysis a = Track.file(file);
        Finding f = a.findings().stream().filter(x -> x.kind().equals("qp.rnr_retry_exhausted")).findFirst().orElseThrow();
        assertThat(f.frames()).containsExactlyElementsOf(rnr.stream().map(r -> Long.parseLong(r[0])).toList());
        assertThat(f.message()).contains(rnr.size() + " RNR NAKs for PSN " + rnr.get(0)[1], "RNR Retry Count " + rnrRetry,
            "IBV_WC_RNR_RETRY_EXC_ERR");
        ConnectionParameters.Observed o = a.connections().get(0).parameters().a().observed();
        assertThat(o.rnrNaks()).isEqualTo(rnr.size());
        assertThat(o.mostRnrNaksForOnePsn()).isEqualTo(rnr.size());
        // the timer the server set (min_rnr_timer 26 = 81.92 ms), as its AETH carries it
        assertThat(o.rnrTimersMicros()).containsExactly(81_920);
        assertThat(Files.exists(txt("rnr_retry_exhausted"))).isTrue();
    }

    @Test
    void anErrorNakAfterWhichNothingIsSentEndsTheQp() {
        assumeTshark();
        Path file = capture("nak_remote_access_write");
        List<String[]> nak = tshark(file, "infiniband.aeth.syndrome == 0x62", "frame.number", "infiniband.bth.psn");
        assertThat(nak).hasSize(1);
        Reports.Analysis a = Track.file(file);
        Finding f = a.findings().stream().filter(x -> x.kind().equals("qp.error_nak")).findFirst().orElseThrow();
        assertThat(f.frames()).containsExactly(Long.parseLong(nak.get(0)[0]));
        assertThat(f.message()).contains("Remote Access Error for PSN " + nak.get(0)[1], "IBV_WC_REM_ACCESS_ERR");
    }

    @Test
    void aCmReqRetriedMaxCmRetriesTimesSaysSo() {
        assumeTshark();
        Path file = TestCaptures.sample("cm_req_timeout");
        List<String[]> reqs = tshark(file, "infiniband.cm.req", "frame.number", "infiniband.cm.req.maxcmretr");
        int max = num(reqs.get(0)[1]);
        assertThat(reqs).hasSize(max + 1);
        Finding f = Track.file(file).findings().stream().filter(x -> x.kind().equals("cm.timeout")).findFirst().orElseThrow();
        assertThat(f.message()).contains("(" + reqs.size() + " sent: the first and all " + max + " retries Max CM Retries allows",
            "the initiator gave up");
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_rc", "send_bw_rc_rdmacm", "write_lat_rc_rdmacm", "rping", "send_bw_loss2pct",
        "send_bw_corrupt1pct", "rnr_nak", "read_bw_rc", "send_bw_uc"})
    void connectionsThatEndedWellHaveNoEndingFinding(String name) {
        Reports.Analysis a = Track.file(capture(name));
        assertThat(a.findingCounts().keySet()).noneMatch(k -> k.startsWith("qp.") || k.equals("cm.dreq_unanswered"));
    }
}
