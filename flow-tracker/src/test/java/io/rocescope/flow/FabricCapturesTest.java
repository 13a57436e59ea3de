package io.rocescope.flow;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The fabric view on real captures: per direction the PCP, DSCP and ECN values and their counts equal
 * tshark's own count of the same packets (vlan.priority, ip.dsfield.dscp / ipv6.tclass / infiniband.grh.tclass, ip.dsfield.ecn),
 * and the findings the captures really show. The captures: send_bw_vlan100 (PCP 3 one way, 5 the other),
 * the lab's send_bw_vlan_tclass106 (the client's --tclass=106: DSCP 26 ECT(0) one way, DSCP 0 Not-ECT
 * back) and send_bw_tclass106_ce (tc marks every A→B packet CE; rxe sends no CNPs), and two external ones
 * from real NICs (ECT(0) RoCE; a CNP with DSCP 48).
 */
class FabricCapturesTest {
    private static Path capture(String name) {
        if (name.startsWith("sample:")) return TestCaptures.sample(name.substring(7));
        if (name.startsWith("external:")) return TestCaptures.dir().resolve("external").resolve(name.substring(9) + ".pcap");
        return TestCaptures.file(name);
    }

    private static boolean tshark() {
        return Stream.of(System.getenv("PATH").split(":")).anyMatch(p -> Files.isExecutable(Path.of(p, "tshark")));
    }

    /** tshark's RoCE packets (no CNPs, no MADs to QP1) grouped by direction: "src → dst qp" → "pcp:N" / "dscp:N" / "ecn:N" → packets. */
    private static Map<String, Map<String, Long>> tsharkCounts(Path file) throws Exception {
        Process p = new ProcessBuilder("tshark", "-n", "--disable-protocol", "tftp", "-r", file.toString(), "-Y", "infiniband.bth",
            "-T", "fields", "-E", "occurrence=f", "-e", "ip.src", "-e", "ipv6.src", "-e", "ip.dst", "-e", "ipv6.dst",
            "-e", "infiniband.bth.destqp", "-e", "infiniband.bth.opcode", "-e", "vlan.priority", "-e", "ip.dsfield.dscp",
            "-e", "ip.dsfield.ecn", "-e", "ipv6.tclass", "-e", "infiniband.grh.tclass", "-e", "infiniband.grh.sgid",
            "-e", "infiniband.grh.dgid").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        List<String> lines = new String(p.getInputStream().readAllBytes()).lines().toList();
        assertThat(p.waitFor()).isZero();
        Map<String, Map<String, Long>> out = new TreeMap<>();
        for (String line : lines) {
            String[] c = line.split("\t", -1);
            int qp = Integer.decode(c[4]), op = Integer.parseInt(c[5]);
            if (op == 0x81 || qp == 1) continue;
            // RoCEv1: no IP header, the GRH's GIDs and Traffic Class (its DSCP bits; tshark shows no ECN there)
            boolean v1 = c[0].isEmpty() && c[1].isEmpty();
            String src = v1 ? c[11] : c[0].isEmpty() ? c[1] : c[0], dst = v1 ? c[12] : c[2].isEmpty() ? c[3] : c[2];
            Map<String, Long> m = out.computeIfAbsent(src + " → " + dst + " " + qp, k -> new TreeMap<>());
            if (!c[6].isEmpty()) m.merge("pcp:" + c[6], 1L, Long::sum);
            int dscp = -1, ecn = -1;
            if (!c[7].isEmpty()) { dscp = Integer.parseInt(c[7]); ecn = Integer.parseInt(c[8]); }
            else if (!c[9].isEmpty()) { int tc = Integer.decode(c[9]); dscp = tc >> 2; ecn = tc & 3; }
            else if (!c[10].isEmpty()) dscp = Integer.decode(c[10]) >> 2;
            if (dscp >= 0) m.merge("dscp:" + dscp, 1L, Long::sum);
            if (ecn >= 0) m.merge("ecn:" + ecn, 1L, Long::sum);
        }
        return out;
    }

    private static Map<String, Map<String, Long>> ours(Reports.Analysis a) {
        Map<String, Map<String, Long>> out = new TreeMap<>();
        for (Reports.ConnectionReport c : a.connections()) {
            for (Reports.FlowReport f : new Reports.FlowReport[] {c.aToB(), c.bToA()}) {
                if (f == null) continue;
                Map<String, Long> m = out.computeIfAbsent(f.src() + " → " + f.dst() + " " + f.destQp(), k -> new TreeMap<>());
                FabricReports.FlowFabric x = f.fabric();
                x.pcp().forEach((v, n) -> m.merge("pcp:" + v, n, Long::sum));
                x.dscp().forEach((v, n) -> m.merge("dscp:" + v, n, Long::sum));
                long[] ecn = {x.ecn().notEct(), x.ecn().ect1(), x.ecn().ect0(), x.ecn().ce()};
                for (int e = 0; e < 4; e++) if (ecn[e] > 0) m.merge("ecn:" + e, ecn[e], Long::sum);
            }
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_vlan100", "sample:send_bw_vlan_tclass106", "sample:send_bw_tclass106_ce", "send_bw_ipv6",
        "send_bw_rc", "external:oferby_proxy__roce", "external:secdev_scapy__roce_uts_hexdumps"})
    void pcpDscpAndEcnPerDirectionAreTsharks(String name) throws Exception {
        Assumptions.assumeTrue(tshark(), "tshark is not installed");
        Path file = capture(name);
        Map<String, Map<String, Long>> expected = tsharkCounts(file);
        assertThat(expected).as(name + ": tshark sees RoCE").isNotEmpty();
        assertThat(ours(Track.file(file))).as(name).isEqualTo(expected);
    }

    @Test
    void pcp3OneWayAndPcp5BackIsAPriorityMismatch() {
        Reports.Analysis a = Track.capture("send_bw_vlan100");
        Reports.ConnectionReport c = a.connections().get(0);
        assertThat(c.aToB().fabric().vlanIds()).containsOnlyKeys(100);
        assertThat(c.bToA().fabric().vlanIds()).containsOnlyKeys(100);
        assertThat(c.aToB().fabric().pcp()).containsOnlyKeys(3);
        assertThat(c.bToA().fabric().pcp()).containsOnlyKeys(5);
        assertThat(a.findingCounts()).containsEntry("roce.priority.mismatch", 1L).doesNotContainKey("vlan.mismatch");
        Finding f = a.findings().stream().filter(x -> x.kind().equals("roce.priority.mismatch")).findFirst().orElseThrow();
        assertThat(f.frames()).containsExactly(c.aToB().firstFrame(), c.bToA().firstFrame());
        // the per-priority table: TCP of perftest's exchange shares PCP 3 and 5 with the RoCE data (the VLAN sub-interfaces carry both)
        Map<String, FabricReports.PriorityRow> pcp = new TreeMap<>();
        for (FabricReports.PriorityRow r : a.priorities().pcp()) pcp.put(r.priority(), r);
        assertThat(pcp.get("3").packetsByKind().get("RoCE data")).isEqualTo(c.aToB().packets());
        assertThat(pcp.get("5").packetsByKind().get("RoCE data")).isEqualTo(c.bToA().packets());
        assertThat(pcp.get("3").packetsByKind()).containsKey("TCP");
    }

    @Test
    void ceMarksWithoutAnyCnpAreUnanswered() {
        Reports.Analysis a = Track.file(capture("sample:send_bw_tclass106_ce"));
        Reports.FlowReport ab = a.connections().get(0).aToB();
        // every A→B RoCE packet was marked by the tc pedit action, and rxe sends no CNP
        assertThat(ab.fabric().ecn().ce()).isEqualTo(ab.packets());
        assertThat(ab.fabric().ecn().ceUnanswered()).isEqualTo(ab.packets());
        assertThat(ab.fabric().cnps()).isNull();
        assertThat(a.findingCounts()).containsEntry("cnp.unanswered_ce", 1L).doesNotContainKey("ecn.not_ect");
        Finding f = a.findings().stream().filter(x -> x.kind().equals("cnp.unanswered_ce")).findFirst().orElseThrow();
        assertThat(f.frameRanges()).containsExactly(new Finding.FrameRange(ab.firstFrame(), ab.lastFrame()));
    }

    @Test
    void ect0DataWithNotEctAcksIsAMismatchButNoNotEctDataFinding() {
        Reports.Analysis a = Track.file(capture("sample:send_bw_vlan_tclass106"));
        Reports.ConnectionReport c = a.connections().get(0);
        assertThat(c.aToB().fabric().dscp()).containsOnlyKeys(26);
        assertThat(c.aToB().fabric().ecn().ect0()).isEqualTo(c.aToB().packets());
        assertThat(c.bToA().fabric().ecn().notEct()).isEqualTo(c.bToA().packets());
        // B→A carries only ACKs: Not-ECT RoCE *data* is the finding, the ACKs show in the metric
        assertThat(a.findingCounts()).containsEntry("roce.priority.mismatch", 1L).doesNotContainKey("ecn.not_ect");
    }

    @Test
    void aRealCnpIsCountedWithItsDscpOnItsPriority() {
        Reports.Analysis a = Track.file(capture("external:secdev_scapy__roce_uts_hexdumps"));
        // scapy's CNP "captured on ConnectX-4 Lx": DSCP 48 (tshark: ip.dsfield.dscp 48, ECN 2)
        FabricReports.PriorityRow dscp48 = a.priorities().dscp().stream().filter(r -> r.priority().equals("48")).findFirst().orElseThrow();
        assertThat(dscp48.packetsByKind()).containsExactly(Map.entry("CNP", 1L));
    }

    @Test
    void udpSourcePortsAreCountedPerFlow() {
        List<Integer> ports = new ArrayList<>();
        Reports.Analysis a = Track.capture("send_bw_rc");
        for (Reports.ConnectionReport c : a.connections()) ports.addAll(c.aToB().fabric().udpSourcePorts().ports());
        assertThat(ports).isNotEmpty();
        assertThat(a.connections().get(0).aToB().fabric().udpSourcePorts().distinct()).isEqualTo(1);
    }
}
