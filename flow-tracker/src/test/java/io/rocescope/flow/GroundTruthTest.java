package io.rocescope.flow;

import io.rocescope.dissector.decode.Expert.Severity;
import io.rocescope.dissector.text.Addresses;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.CmFields;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.ksy.IbMadKsy;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.text.FieldText;
import io.rocescope.dissector.value.Gid;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The tracker against the real captures and what the tools printed while making them. */
class GroundTruthTest {

    /** A side's printed values; gid: its "GID:" line's bytes (perftest prints them in decimal), null when not printed. */
    record Printed(int qpn, int psn, Long rkey, Long vaddr, byte[] gid) {}

    private static final Pattern ADDRESS = Pattern.compile(
        " local address: LID \\w+ QPN 0x(\\w+) PSN 0x(\\w+)(?: OUT 0x\\w+)?(?: RKey 0x(\\w+) VAddr 0x(\\w+))?(?:\\s*\\n GID: ([\\d:]+))?");

    static String txt(String name) {
        try {
            return Files.readString(TestCaptures.dir().resolve(name + ".txt"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** perftest's "local address" line of the client [0] and the server [1]. */
    static Printed[] printed(String name) {
        String t = txt(name);
        Printed[] out = new Printed[2];
        String[] sections = {"## Output of client", "## Output of server"};
        for (int i = 0; i < 2; i++) {
            Matcher m = ADDRESS.matcher(t.substring(t.indexOf(sections[i])));
            if (!m.find()) return null;
            byte[] gid = null;
            if (m.group(5) != null) {
                String[] b = m.group(5).split(":");
                gid = new byte[b.length];
                for (int j = 0; j < b.length; j++) gid[j] = (byte) Integer.parseInt(b[j]);
            }
            out[i] = new Printed(Integer.parseInt(m.group(1), 16), Integer.parseInt(m.group(2), 16),
                m.group(3) == null ? null : Long.parseLong(m.group(3), 16), m.group(4) == null ? null : Long.parseLong(m.group(4), 16), gid);
        }
        return out;
    }

    static List<String> capturesWith(String marker) {
        List<String> out = new ArrayList<>();
        for (Path p : TestCaptures.all()) {
            String name = p.getFileName().toString().replace(".pcap", "");
            if (txt(name).contains(marker)) out.add(name);
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> socketSetUpsCarryThePrintedQpnsPsnsKeysAndAddresses() {
        List<String> names = capturesWith("Data ex. method : Ethernet");
        assertThat(names).hasSizeGreaterThanOrEqualTo(9);
        return names.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            Printed[] p = printed(name);
            Reports.Analysis a = Track.capture(name);
            List<Reports.ConnectionReport> socket = a.connections().stream().filter(c -> c.setup() == SetupKind.SOCKET).toList();
            assertThat(socket).as(name).hasSize(1);
            Reports.ConnectionReport c = socket.get(0);
            assertThat(c.pairedBy()).isEqualTo("socket");
            check(name + " client", c.a(), p[0]);
            check(name + " server", c.b(), p[1]);
            // the data each side sends starts at the PSN it announced
            if (c.aToB() != null && c.aToB().psn().firstPsn() != null) assertThat(c.aToB().psn().firstPsn()).isEqualTo(p[0].psn());
            if (c.bToA() != null && c.bToA().psn().firstPsn() != null) assertThat(c.bToA().psn().firstPsn()).isEqualTo(p[1].psn());
            assertThat(c.aToB()).as(name + ": the client's data is on the paired connection").isNotNull();
            assertThat(c.aToB().packets()).isPositive();
            assertThat(a.connections()).as(name + ": no stray unpaired connections").allMatch(x -> x.setup() != SetupKind.UNKNOWN);
        }));
    }

    private static void check(String what, Reports.EndpointReport e, Printed p) {
        assertThat(e.qpn()).as(what + " QPN").isEqualTo(p.qpn());
        assertThat(e.startPsn()).as(what + " PSN").isEqualTo(p.psn());
        if (p.rkey() != null) {
            assertThat(e.rkey()).as(what + " R_Key").isEqualTo(p.rkey());
            assertThat(e.va()).as(what + " VA").isEqualTo(p.vaddr());
        }
        if (p.gid() != null) {
            // the GID as exchanged, and as the side's RoCE address (an IPv4-mapped GID is its IPv4 address)
            assertThat(e.gid()).as(what + " GID").isEqualTo(Addresses.ipv6(p.gid(), 0));
            long v4 = Gid.of(p.gid(), 0).mappedIpv4();
            assertThat(e.ip()).as(what + " address").isEqualTo(v4 >= 0 ? Addresses.ipv4(new io.rocescope.dissector.text.LineBuffer(16), v4).toString()
                : Addresses.ipv6(p.gid(), 0));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_rc_rdmacm", "write_lat_rc_rdmacm"})
    void rdmaCmSetUpsCarryThePrintedQpnsAndTheCmStartingPsns(String name) {
        Printed[] p = printed(name);
        List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file(name));
        Reports.Analysis a = Track.capture(name);
        assertThat(a.connections()).allMatch(c -> c.setup() == SetupKind.RDMA_CM && c.pairedBy().equals("rdma_cm"));
        Reports.ConnectionReport test = a.connections().stream().filter(c -> c.a().qpn() == p[0].qpn()).findFirst().orElseThrow();
        assertThat(test.b().qpn()).isEqualTo(p[1].qpn());
        DecodedFrame req = frames.stream().filter(f -> f.get(CmFields.REQ_LOCALQPN, -1) == p[0].qpn()).findFirst().orElseThrow();
        DecodedFrame rep = frames.stream().filter(f -> f.get(CmFields.REP_REMOTECOMMID, -1) == req.get(CmFields.REQ_LOCALCOMMID, -2)).findFirst().orElseThrow();
        assertThat(test.a().startPsn()).isEqualTo(rep.get(CmFields.REP_STARTPSN, -1));
        assertThat(test.b().startPsn()).isEqualTo(req.get(CmFields.REQ_STARTPSN, -1));
        assertThat(test.aToB().psn().firstPsn()).isEqualTo(test.a().startPsn());
        assertThat(test.mtu()).isEqualTo(1024);
        assertThat(test.mtuSource()).isEqualTo("cm");
        assertThat(test.a().gid()).isEqualTo("::ffff:10.0.0.1");
        assertThat(test.b().gid()).isEqualTo("::ffff:10.0.0.2");
        assertThat(a.findings()).noneMatch(f -> f.kind().equals("psn.unexpected_start"));
    }

    /** Independent count from the per-packet PSN sequence of the client's requests: gaps, repeats, NAKs. */
    @ParameterizedTest
    @ValueSource(strings = {"send_bw_loss2pct", "send_bw_corrupt1pct", "rnr_nak"})
    void lossAnalysisEqualsAnIndependentCountFromThePsnSequence(String name) {
        List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file(name));
        long gaps = 0, missing = 0, repeats = 0, naks = 0, rnr = 0;
        int next = -1;
        for (DecodedFrame f : frames) {
            if (!f.isRoce() || f.has(CmFields.MAD)) continue;
            int op = (int) f.get(Fields.BTH_OPCODE, -1);
            boolean fromClient = Addresses.source(f).equals("10.0.0.1");
            if (fromClient && op <= 0x0B) {
                int psn = (int) f.get(Fields.BTH_PSN, -1);
                if (next < 0) { next = (psn + 1) & 0xFFFFFF; continue; }
                int d = ((psn - next) << 8) >> 8;
                if (d > 0) { gaps++; missing += d; }
                if (d >= 0) next = (psn + 1) & 0xFFFFFF; else repeats++;
            }
            if (!fromClient && op == 0x11) {
                int syndrome = (int) f.get(Fields.AETH_SYNDROME, -1);
                if ((syndrome >> 5) == 3) naks++;
                if ((syndrome >> 5) == 1) rnr++;
            }
        }
        Reports.Analysis a = Track.capture(name);
        Reports.FlowReport client = a.connections().stream().map(Reports.ConnectionReport::aToB)
            .filter(f -> f != null && f.src().equals("10.0.0.1") && f.psn().requests() > 0).findFirst().orElseThrow();
        assertThat(client.psn().gaps()).isEqualTo(gaps);
        assertThat(client.psn().missingPsns()).isEqualTo(missing);
        assertThat(client.psn().retransmittedPackets()).isEqualTo(repeats);
        assertThat(client.answers().naks().values().stream().mapToLong(Long::longValue).sum()).isEqualTo(naks);
        assertThat(client.answers().rnrNaks()).isEqualTo(rnr);
        assertThat(a.findingCounts().getOrDefault("psn.gap", 0L)).isEqualTo(gaps);
        assertThat(a.findingCounts().getOrDefault("rnr_nak", 0L)).isEqualTo(rnr);
        assertThat(client.psn().retransmissionEpisodes()).isEqualTo(a.findingCounts().getOrDefault("retransmission", 0L));
        if (repeats > 0) assertThat(client.psn().retransmissionEpisodes()).isPositive();
    }

    @Test
    void lossCapturesMatchTheRxeCountersAndTheManifest() {
        // MANIFEST: 2355 request packets repeat an earlier PSN; rxe_a rcvd_seq_err=28 (loss), 12 (corruption); 21 bad ICRCs
        Reports.Analysis loss = Track.capture("send_bw_loss2pct");
        Reports.FlowReport f = loss.connections().get(0).aToB();
        assertThat(f.psn().duplicates()).isEqualTo(2355);
        assertThat(f.answers().naks()).containsEntry("PSN Sequence Error", 28L);
        Reports.Analysis corrupt = Track.capture("send_bw_corrupt1pct");
        assertThat(corrupt.connections().get(0).aToB().answers().naks()).containsEntry("PSN Sequence Error", 12L);
        assertThat(corrupt.findingCounts()).containsEntry("icrc.bad", 21L);
        assertThat(corrupt.summary().badIcrc()).isEqualTo(21);
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_rc_rdmacm", "write_lat_rc_rdmacm", "rping", "send_write_imm", "rnr_nak", "nak_remote_access_write"})
    void rdmaCmTimelinesHaveEveryCmMessageWithItsFrame(String name) {
        List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file(name));
        List<Long> cmFrames = new ArrayList<>();
        for (DecodedFrame f : frames) {
            int attr = (int) f.get(CmFields.MAD_ATTRIBUTEID, -1);
            if (attr >= CmNames.REQ && attr <= CmNames.DREP && attr != CmNames.REJ) cmFrames.add(f.number());
        }
        Reports.Analysis a = Track.capture(name);
        List<Long> timelineFrames = new ArrayList<>();
        for (Reports.ConnectionReport c : a.connections()) {
            for (TimelineEvent e : c.timeline()) {
                if (e.step() == TimelineEvent.Step.FIRST_DATA) continue;
                timelineFrames.add(e.frame());
                // each step names the CM message its frame carries, by IBTA's short name
                long attr = frames.get((int) e.frame() - 1).get(CmFields.MAD_ATTRIBUTEID, -1);
                assertThat(e.step().text()).as(name + " frame " + e.frame()).isEqualTo(IbMadKsy.CM_ATTRIBUTE_ABBREVS.nameOf(attr));
            }
            List<String> events = c.timeline().stream().map(TimelineEvent::event).toList();
            assertThat(events).as(name).containsSubsequence("REQ", "REP", "RTU", "first data");
            assertThat(events).as(name).contains("DREQ", "DREP");
            assertThat(c.setupLatencyNanos()).isPositive();
            TimelineEvent firstData = c.timeline().stream().filter(e -> e.event().equals("first data")).findFirst().orElseThrow();
            assertThat(firstData.frame()).isEqualTo(c.firstDataFrame());
        }
        assertThat(timelineFrames).containsExactlyInAnyOrderElementsOf(cmFrames);
    }

    @Test
    void socketTimelineShowsTheHandshakeTheKeysTheDataAndTheClose() {
        List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file("send_bw_rc"));
        long syn = frames.stream().filter(f -> f.get(Fields.TCP_FLAGS, 0) == 0x002).findFirst().orElseThrow().number();
        long synAck = frames.stream().filter(f -> f.get(Fields.TCP_FLAGS, 0) == 0x012).findFirst().orElseThrow().number();
        long firstData = frames.stream().filter(f -> f.isRoce()).findFirst().orElseThrow().number();
        Reports.ConnectionReport c = Track.capture("send_bw_rc").connections().get(0);
        List<TimelineEvent> t = c.timeline();
        assertThat(t.get(0).event()).isEqualTo("TCP SYN");
        assertThat(t.get(0).frame()).isEqualTo(syn);
        assertThat(t.get(1).event()).isEqualTo("TCP SYN/ACK");
        assertThat(t.get(1).frame()).isEqualTo(synAck);
        assertThat(t.get(2).event()).isEqualTo("TCP ACK (handshake done)");
        assertThat(t.stream().map(TimelineEvent::event)).containsSubsequence("perftest version", "perftest MTU", "perftest key",
            "first data", "perftest sync (key)", "perftest sync", "TCP FIN");
        assertThat(c.firstDataFrame()).isEqualTo(firstData);
        assertThat(c.setupLatencyNanos()).isPositive();
    }

    @Test
    void aRejectedConnectionIsAFindingWithItsReason() {
        Reports.Analysis a = Track.capture("cm_reject_no_listener");
        List<Finding> rej = a.findings().stream().filter(f -> f.kind().equals("cm.rej")).toList();
        assertThat(rej).hasSize(2);
        assertThat(rej).allMatch(f -> f.severity() == Severity.ERROR && f.message().contains("Invalid service ID (8)"));
        assertThat(rej.get(0).frames()).containsExactly(3L, 4L);
        assertThat(a.findingCounts()).doesNotContainKey("cm.timeout");
    }

    /** send_bw_vlan100 is clean but for its priorities (PCP 3 one way, 5 the other: FabricCapturesTest). */
    @Test
    void cleanCapturesHaveNoWarningsOrErrors() {
        for (String name : List.of("send_bw_rc", "write_bw_rc", "read_bw_rc", "atomic_bw_fetch_add", "send_lat_rc",
            "send_bw_rc_rdmacm", "write_lat_rc_rdmacm", "rping", "send_write_imm", "send_bw_ipv6", "send_bw_uc", "send_bw_ud")) {
            Reports.Analysis a = Track.capture(name);
            assertThat(a.findings()).as(name).allMatch(f -> f.severity() == Severity.NOTE);
            assertThat(a.connections()).as(name).isNotEmpty();
        }
    }

    /** A capture that starts mid-connection (no set-up in it): the ACKs' DestQP pairs the two QPs. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"send_bw_rc", "read_bw_rc", "write_bw_rc"})
    void midCaptureConnectionsArePairedByTheirResponses(String name) {
        List<TestCaptures.RawFrame> raw = TestCaptures.records(TestCaptures.file(name));
        List<DecodedFrame> decoded = TestCaptures.decode(TestCaptures.file(name));   // once, not per step
        int firstRoce = 0;
        while (!decoded.get(firstRoce).isRoce()) firstRoce++;
        List<byte[]> tail = new ArrayList<>();
        for (int i = firstRoce + 100; i < raw.size(); i++) tail.add(raw.get(i).data());   // no TCP set-up, no first packets
        Reports.Analysis a = Track.frames(tail);
        Printed[] p = printed(name);
        List<Reports.ConnectionReport> paired = a.connections().stream().filter(c -> c.pairedBy().equals("responses")).toList();
        assertThat(paired).as(name).hasSize(1);
        Reports.ConnectionReport c = paired.get(0);
        assertThat(c.setup()).isEqualTo(SetupKind.UNKNOWN);
        assertThat(c.a().qpn()).isEqualTo(p[0].qpn());
        assertThat(c.b().qpn()).isEqualTo(p[1].qpn());
        assertThat(c.aToB().packets() + c.bToA().packets()).isEqualTo(a.summary().roceFrames());
    }
}
