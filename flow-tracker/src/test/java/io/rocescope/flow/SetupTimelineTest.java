package io.rocescope.flow;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Set-ups that failed or that are not perftest's, on real captures: CM REJ, CM REQs nobody answered, SIDR,
 * the ibv_*_pingpong exchange and socket set-ups of a format nobody decodes. Expected values come from the
 * programs' printed output in each capture's .txt, from the kernel's ib_cm counters the lab recorded, and
 * from tshark (flow-tracker/src/test/resources/tshark/setups/, written by scripts/tshark-setups.sh).
 */
class SetupTimelineTest {

    /** "  local address:  LID 0x0000, QPN 0x000011, PSN 0x9b5b5e, GID ::ffff:10.0.0.1" (rdma-core pingpong.c) */
    private static final Pattern LOCAL = Pattern.compile("local address:\\s+LID 0x\\w+, QPN 0x(\\w+), PSN 0x(\\w+)[,:] GID (\\S+)");

    /** ip: the side's RoCE address (an IPv4-mapped GID's IPv4 address); gid: the GID as the program printed it. */
    record Dest(int qpn, int psn, String ip, String gid) {}

    static Path sample(String name) {
        return TestCaptures.sample(name);
    }

    static String txt(Path pcap) {
        try {
            return Files.readString(Path.of(pcap.toString().replace(".pcap", ".txt")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The "local address" lines a side printed, in order (ibv_srq_pingpong prints one per QP). */
    static List<Dest> printed(String txt, String side) {
        String section = txt.substring(txt.indexOf("## Output of " + side));
        int next = section.indexOf("\n## ", 5);
        if (next > 0) section = section.substring(0, next);
        List<Dest> out = new ArrayList<>();
        Matcher m = LOCAL.matcher(section);
        while (m.find()) {
            out.add(new Dest(Integer.parseInt(m.group(1), 16), Integer.parseInt(m.group(2), 16), m.group(3).replace("::ffff:", ""), m.group(3)));
        }
        return out;
    }

    static Reports.Analysis track(Path pcap) {
        return Track.file(pcap);
    }

    /** tshark's rows for a capture (tab-separated, the columns scripts/tshark-setups.sh asked for). */
    static List<String[]> tshark(String name) {
        try (InputStream in = SetupTimelineTest.class.getResourceAsStream("/tshark/setups/" + name + ".tsv")) {
            assertThat(in).as("tshark rows for " + name + " (run scripts/tshark-setups.sh)").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank())
                .map(l -> l.split("\t", -1)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static long hex(String s) {
        return Long.parseLong(s.replaceFirst("^0x", ""), 16);
    }

    // ---- ibv_*_pingpong ----

    @ParameterizedTest
    @ValueSource(strings = {"rc_pingpong", "uc_pingpong", "ud_pingpong", "srq_pingpong"})
    void pingpongExchangePairsTheQpsTheProgramsPrinted(String name) {
        Path pcap = sample(name);
        String t = txt(pcap);
        List<Dest> client = printed(t, "client"), server = printed(t, "server");
        assertThat(client).as(name + " client lines").isNotEmpty().hasSameSizeAs(server);
        Reports.Analysis a = track(pcap);
        List<Reports.ConnectionReport> socket = a.connections().stream().filter(c -> c.setup() == SetupKind.SOCKET).toList();
        assertThat(socket).as(name + ": one socket set-up per QP").hasSameSizeAs(client);
        for (int i = 0; i < client.size(); i++) {
            Reports.ConnectionReport c = socket.get(i);
            assertThat(c.pairedBy()).isEqualTo("socket");
            assertThat(c.a().qpn()).as(name + " client QPN " + i).isEqualTo(client.get(i).qpn());
            assertThat(c.a().startPsn()).as(name + " client PSN " + i).isEqualTo(client.get(i).psn());
            assertThat(c.a().ip()).isEqualTo(client.get(i).ip());
            assertThat(c.a().gid()).as(name + " client GID " + i).isEqualTo(client.get(i).gid());
            assertThat(c.b().gid()).as(name + " server GID " + i).isEqualTo(server.get(i).gid());
            assertThat(c.b().qpn()).as(name + " server QPN " + i).isEqualTo(server.get(i).qpn());
            assertThat(c.b().startPsn()).as(name + " server PSN " + i).isEqualTo(server.get(i).psn());
            assertThat(c.b().ip()).isEqualTo(server.get(i).ip());
            assertThat(c.aToB()).as(name + ": the client's data is on the paired connection " + i).isNotNull();
            assertThat(c.bToA()).as(name + ": the server's data is on the paired connection " + i).isNotNull();
            // each side's data starts at the PSN it printed (and sent in its message)
            if (c.aToB().psn().firstPsn() != null) {
                assertThat(c.aToB().psn().firstPsn()).isEqualTo(client.get(i).psn());
                assertThat(c.bToA().psn().firstPsn()).isEqualTo(server.get(i).psn());
            } else {   // UD: no PSN tracking; the first datagram's PSN is in the ladder
                String psn = " PSN " + client.get(i).psn() + " ";
                assertThat(c.timeline()).anySatisfy(e -> {
                    assertThat(e.event()).isEqualTo("first data");
                    assertThat(e.detail()).contains(psn);
                });
            }
            assertThat(c.timeline().stream().map(TimelineEvent::event))
                .contains("TCP SYN", "ibv_pingpong dest", "ibv_pingpong done", "first data");
            assertThat(c.timeline().stream().filter(e -> e.event().equals("ibv_pingpong dest")).count())
                .as(name + ": one message per QP each way (srq's unused all-zero entries are not drawn)").isEqualTo(2L * client.size());
            assertThat(c.setupLatencyNanos()).isPositive();
        }
        assertThat(a.findingCounts()).doesNotContainKeys("setup.incomplete", "setup.unrecognized", "psn.unexpected_start");
    }

    // ---- inferred socket set-ups ----

    @Test
    void aQpnInTcpDataOfAnUnknownFormatLinksAnInferredSocketSetUp() {
        Path pcap = sample("rc_pingpong_port18600");
        String t = txt(pcap);
        Dest client = printed(t, "client").get(0), server = printed(t, "server").get(0);
        Reports.Analysis a = track(pcap);
        assertThat(a.connections()).hasSize(1);
        Reports.ConnectionReport c = a.connections().get(0);
        assertThat(c.setup()).isEqualTo(SetupKind.SOCKET);
        assertThat(c.pairedBy()).isEqualTo("inferred");
        assertThat(c.a().qpn()).isEqualTo(client.qpn());
        assertThat(c.b().qpn()).isEqualTo(server.qpn());
        // both QPNs were found in the port-18600 text, each in what its owner sent
        List<TimelineEvent> inferred = c.timeline().stream().filter(e -> e.event().equals("TCP data (inferred set-up)")).toList();
        assertThat(inferred).hasSize(2);
        assertThat(inferred).anySatisfy(e -> {
            assertThat(e.from()).isEqualTo(server.ip());
            assertThat(e.detail()).contains(String.format("QPN 0x%06x", server.qpn()), "text hex", "18600");
        });
        assertThat(inferred).anySatisfy(e -> {
            assertThat(e.from()).isEqualTo(client.ip());
            assertThat(e.detail()).contains(String.format("QPN 0x%06x", client.qpn()), "text hex", "18600");
        });
        assertThat(c.timeline().get(c.timeline().size() - 1).frame()).isGreaterThan(inferred.get(1).frame());
    }

    @Test
    void qpnCarriedInBinaryEitherByteOrderOrAsTextIsFound() {
        byte[] be = {9, 9, 0, 0x12, 0x34, 0x56, 9}, le = {9, 0x56, 0x34, 0x12, 0, 9};
        assertThat(InferredSetups.carries(be, 0x123456)).isEqualTo("binary big-endian at payload offset 2");
        assertThat(InferredSetups.carries(le, 0x123456)).isEqualTo("binary little-endian at payload offset 1");
        assertThat(InferredSetups.carries("qp=0x1a2b;".getBytes(StandardCharsets.US_ASCII), 0x1a2b)).contains("text hex \"0x1a2b\"");
        assertThat(InferredSetups.carries("0000:001a2b:".getBytes(StandardCharsets.US_ASCII), 0x1a2b)).contains("text hex \"001a2b\"");
        // a longer hex run is another number, not this QPN
        assertThat(InferredSetups.carries("ff001a2b00".getBytes(StandardCharsets.US_ASCII), 0x1a2b)).isNull();
    }

    // ---- failed CM set-ups ----

    @Test
    void rejectedReqsAreDrawnWithTheReasonTheProgramsWereGiven() {
        Path pcap = TestCaptures.file("cm_reject_no_listener");
        String t = txt(pcap);
        // rping: "cma event RDMA_CM_EVENT_REJECTED, error 8"; ucmatose: "event: RDMA_CM_EVENT_REJECTED, error: 8"
        Matcher m = Pattern.compile("RDMA_CM_EVENT_REJECTED, error:? (\\d+)").matcher(t);
        List<Integer> reasons = new ArrayList<>();
        while (m.find()) reasons.add(Integer.parseInt(m.group(1)));
        assertThat(reasons).hasSize(2);
        List<String[]> rows = tshark("cm_reject_no_listener");   // frame, REQ local QPN, REJ reason
        List<String[]> reqs = rows.stream().filter(r -> !r[1].isEmpty()).toList();
        List<String[]> rejs = rows.stream().filter(r -> !r[2].isEmpty()).toList();
        Reports.Analysis a = track(pcap);
        assertThat(a.failedSetups()).hasSize(2);
        for (int i = 0; i < 2; i++) {
            Reports.SetupReport s = a.failedSetups().get(i);
            assertThat(s.setup()).isEqualTo("rdma_cm");
            assertThat(s.outcome()).isEqualTo("rejected");
            assertThat(s.reason()).endsWith("(" + reasons.get(i) + ")");
            assertThat((int) hex(rejs.get(i)[2])).isEqualTo(reasons.get(i));
            assertThat(s.qpn()).isEqualTo((int) hex(reqs.get(i)[1]));
            assertThat(s.events()).extracting(TimelineEvent::event).containsExactly("REQ", "REJ");
            assertThat(s.events()).extracting(TimelineEvent::step).containsExactly(TimelineEvent.Step.REQ, TimelineEvent.Step.REJ);
            assertThat(s.events().get(1).step().failed()).isTrue();
            assertThat(s.events()).extracting(TimelineEvent::frame)
                .containsExactly(Long.parseLong(reqs.get(i)[0]), Long.parseLong(rejs.get(i)[0]));
            assertThat(s.events().get(1).detail()).contains("Invalid service ID (" + reasons.get(i) + ")");
        }
        assertThat(a.connections()).noneMatch(c -> c.setup() == SetupKind.RDMA_CM);
    }

    @Test
    void reqNobodyAnswersIsDrawnWithEachRetryAndTheTimeOut() {
        Path pcap = sample("cm_req_timeout");
        String t = txt(pcap);
        // verbs_probe prints its QPN before connecting, and when (its own clock) it connected and gave up
        Matcher q = Pattern.compile("QPN 0x(\\w+)\\n").matcher(t);
        assertThat(q.find()).isTrue();
        int qpn = Integer.parseInt(q.group(1), 16);
        double connect = printedTime(t, "rdma_connect"), unreachable = printedTime(t, "cm event RDMA_CM_EVENT_UNREACHABLE");
        List<String[]> rows = tshark("cm_req_timeout");   // frame, REQ local QPN, Max CM Retries, time
        int maxRetries = Integer.parseInt(rows.get(0)[2].replaceFirst("^0x", ""), 16);
        assertThat(rows).as("the CM sent the REQ once and retried it Max CM Retries times").hasSize(maxRetries + 1);
        Reports.Analysis a = track(pcap);
        assertThat(a.failedSetups()).hasSize(1);
        Reports.SetupReport s = a.failedSetups().get(0);
        assertThat(s.outcome()).isEqualTo("no answer");
        assertThat(s.qpn()).isEqualTo(qpn).isEqualTo((int) hex(rows.get(0)[1]));
        List<TimelineEvent> reqs = s.events().stream().filter(e -> e.event().startsWith("REQ")).toList();
        assertThat(reqs).extracting(TimelineEvent::frame).containsExactlyElementsOf(rows.stream().map(r -> Long.parseLong(r[0])).toList());
        assertThat(reqs.get(0).event()).isEqualTo("REQ");
        for (int i = 1; i < reqs.size(); i++) assertThat(reqs.get(i).event()).isEqualTo("REQ (retry " + i + ")");
        assertThat(reqs).extracting(TimelineEvent::step).containsOnlyOnce(TimelineEvent.Step.REQ)
            .containsOnly(TimelineEvent.Step.REQ, TimelineEvent.Step.REQ_RETRY);
        TimelineEvent last = s.events().get(s.events().size() - 1);
        assertThat(last.event()).isEqualTo("time-out");
        assertThat(last.step()).isEqualTo(TimelineEvent.Step.TIME_OUT);
        assertThat(last.frame()).isEqualTo(-1);
        // the drawn time-out is where the program was told UNREACHABLE (its clock: connect → event), within 0.5 s
        double drawn = (last.timestampNanos() - reqs.get(0).timestampNanos()) / 1e9;
        assertThat(drawn).isCloseTo(unreachable - connect, org.assertj.core.data.Offset.offset(0.5));
        assertThat(s.reason()).contains(rows.size() + " REQs sent, none answered", "Max CM Retries " + maxRetries);
        assertThat(a.findingCounts()).containsEntry("cm.timeout", 1L);
    }

    /** verbs_probe's "[  12.345] what…" time stamp of the first line with {@code what}. */
    static double printedTime(String txt, String what) {
        Matcher m = Pattern.compile("\\[\\s*([0-9.]+)\\] " + Pattern.quote(what)).matcher(txt);
        assertThat(m.find()).as(what).isTrue();
        return Double.parseDouble(m.group(1));
    }

    // ---- SIDR ----

    @Test
    void sidrIsLinkedToTheUdQpAndQKeyItResolves() {
        Path pcap = TestCaptures.file("udaddy_sidr");
        // tshark: frame, ip.src, BTH DestQP, DETH Q_Key, DETH SrcQP of every datagram (the first two are the SIDR MADs to QP1)
        List<String[]> rows = tshark("udaddy_sidr");
        List<String[]> data = rows.stream().filter(r -> hex(r[2]) != 1).toList();
        String[] first = data.get(0);
        Reports.Analysis a = track(pcap);
        List<Reports.ConnectionReport> sidr = a.connections().stream().filter(c -> "sidr".equals(c.pairedBy())).toList();
        assertThat(sidr).hasSize(1);
        Reports.ConnectionReport c = sidr.get(0);
        assertThat(c.setup()).isEqualTo(SetupKind.RDMA_CM);
        assertThat(c.a().ip()).isEqualTo(first[1]);
        assertThat(c.b().qpn()).isEqualTo((int) hex(first[2]));        // the QPN the SIDR_REP resolved
        assertThat(c.a().qpn()).isEqualTo((int) hex(first[4]));        // the requester's own, from its first datagram
        assertThat(c.firstDataFrame()).isEqualTo(Long.parseLong(first[0]));
        // librdmacm's RDMA_UDP_QKEY, which udaddy's datagrams carry
        assertThat(hex(first[3])).isEqualTo(0x01234567L);
        assertThat(c.timeline()).extracting(TimelineEvent::event).containsExactly("SIDR_REQ", "SIDR_REP", "first data");
        assertThat(c.timeline()).extracting(TimelineEvent::step)
            .containsExactly(TimelineEvent.Step.SIDR_REQ, TimelineEvent.Step.SIDR_REP, TimelineEvent.Step.FIRST_DATA);
        assertThat(c.timeline().get(1).detail()).contains(String.format("QPN 0x%06x Q_Key 0x%08x", hex(first[2]), hex(first[3])));
        // the answers come back to the requester's QP on the same connection
        long answers = data.stream().filter(r -> !r[1].equals(first[1])).count();
        assertThat(c.bToA()).isNotNull();
        assertThat(c.bToA().packets()).isEqualTo(answers);
        assertThat(c.aToB().packets()).isEqualTo(data.size() - answers);
        assertThat(a.connections()).hasSize(1);
        assertThat(a.failedSetups()).isEmpty();
        assertThat(a.findingCounts()).doesNotContainKey("ud.qkey_mismatch");
    }

    @Test
    void unrecognizedDataOnThePerftestPortIsNeitherPerftestNorPingpong() {
        Reports.Analysis a = track(sample("tcp18515_other"));
        assertThat(a.connections()).isEmpty();
        assertThat(a.findingCounts()).containsEntry("setup.unrecognized", 1L).doesNotContainKey("setup.incomplete");
        assertThat(a.findings()).filteredOn(f -> f.kind().equals("setup.unrecognized"))
            .allSatisfy(f -> assertThat(f.message()).doesNotContain("perftest socket"));
        assertThat(Arrays.asList(a.summary().socketSetups())).containsExactly(1L);
    }
}
