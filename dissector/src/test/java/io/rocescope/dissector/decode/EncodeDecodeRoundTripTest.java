package io.rocescope.dissector.decode;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.TestPcapWriter;
import io.rocescope.dissector.Tshark;
import io.rocescope.dissector.encode.CmMads;
import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.encode.RoceFrames;
import io.rocescope.dissector.field.LinkTypeNames;
import io.rocescope.dissector.filter.DisplayFilter;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every header the encoder writes, decoded again: each value put in comes back out under its Wireshark
 * name (checked with display filters, so the names are tested too), the ICRC verifies, nothing is
 * malformed, and tshark reads the same values from the same bytes.
 */
class EncodeDecodeRoundTripTest {
    @TempDir
    static Path dir;

    private static final byte[] MAC_A = {2, 0, 0, 0, 0, 1}, MAC_B = {2, 0, 0, 0, 0, 2};
    private static final byte[] IP_A = {10, 1, 2, 3}, IP_B = {10, 4, 5, 6};
    private static final Net V4 = new Net(MAC_A, MAC_B, IP_A, IP_B, -1, 0, 0xC0DE, 2);
    private static final Net VLAN = new Net(MAC_A, MAC_B, IP_A, IP_B, 100, 3, 0xC0DF, 3);
    private static final byte[] IP6_A = ip6(0x11), IP6_B = ip6(0x22);
    private static final Net V6 = new Net(MAC_A, MAC_B, IP6_A, IP6_B, -1, 0, 0xBEEF, 1);

    private static byte[] ip6(int last) {
        byte[] b = new byte[16];
        b[0] = (byte) 0xfd; b[1] = 0x12; b[15] = (byte) last;
        return b;
    }

    /**
     * A frame and the filters its values must match; "ours:" marks names tshark 4.0 does not have (it shows
     * no FECN/BECN bits, no CNP, and puts a SEND's payload under data rather than infiniband.payload).
     */
    record Case(String name, byte[] frame, boolean roce, String... filters) {
        Stream<String> ours() { return Stream.of(filters).map(f -> f.replaceFirst("^ours:", "")); }
        Stream<String> tsharks() { return Stream.of(filters).filter(f -> !f.startsWith("ours:")); }
    }

    private static List<Case> cases() {
        List<Case> c = new ArrayList<>();
        c.add(new Case("BTH, IPv4 ECN, pad", RoceFrames.roce(V4, 0x04, 0x123456, 0xABCDEF, true, true, new byte[0], new byte[5]), true,
            "ip.src == 10.1.2.3", "ip.dst == 10.4.5.6", "ip.dsfield.ecn == 2", "udp.srcport == 0xc0de", "udp.dstport == 4791",
            "infiniband.bth.opcode == 4", "infiniband.bth.destqp == 0x123456", "infiniband.bth.psn == 0xabcdef",
            "infiniband.bth.a == 1", "infiniband.bth.se == 1", "infiniband.bth.padcnt == 3", "infiniband.bth.p_key == 0xffff",
            "ours:infiniband.payload"));
        c.add(new Case("802.1Q tag", RoceFrames.roce(VLAN, 0x04, 7, 8, false, false, new byte[0], new byte[4]), true,
            "vlan.id == 100", "vlan.priority == 3", "ip.dsfield.ecn == 3", "infiniband.bth.a == 0", "infiniband.bth.padcnt == 0"));
        c.add(new Case("RETH", RoceFrames.roce(V4, 0x06, 9, 10, false, false,
            RoceFrames.reth(0x1122334455667788L, 0xCAFEBABE, 65536), new byte[256]), true,
            "infiniband.reth.va == 0x1122334455667788", "infiniband.reth.r_key == 0xcafebabe", "infiniband.reth.dmalen == 65536"));
        c.add(new Case("AETH ACK", RoceFrames.roce(V4, 0x11, 9, 10, false, false, RoceFrames.aeth(0x1F, 0x000042), new byte[0]), true,
            "infiniband.aeth.syndrome == 0x1f", "infiniband.aeth.msn == 0x42", "infiniband.aeth.syndrome.credit_count == 31"));
        c.add(new Case("AETH NAK", RoceFrames.roce(V4, 0x11, 9, 11, false, false, RoceFrames.aeth(0x62, 5), new byte[0]), true,
            "infiniband.aeth.syndrome == 0x62", "infiniband.aeth.syndrome.error_code == 2", "infiniband.aeth.msn == 5"));
        c.add(new Case("AETH RNR NAK", RoceFrames.roce(V4, 0x11, 9, 12, false, false, RoceFrames.aeth(0x2E, 6), new byte[0]), true,
            "infiniband.aeth.syndrome == 0x2e", "infiniband.aeth.syndrome.timer == 14"));
        c.add(new Case("DETH", RoceFrames.roce(V4, 0x64, 0x000011, 3, false, false, RoceFrames.deth(0x80010000L, 0x000022), new byte[12]), true,
            "infiniband.deth.q_key == 0x80010000", "infiniband.deth.srcqp == 0x22"));
        c.add(new Case("AtomicETH", RoceFrames.roce(V4, 0x13, 9, 13, true, false,
            RoceFrames.atomicEth(0x0000700000001000L, 0x1234, 0x0102030405060708L, 0x1111111111111111L), new byte[0]), true,
            "ours:infiniband.atomiceth.va == 0x0000700000001000", "ours:infiniband.atomiceth.r_key == 0x1234",
            // tshark 4.0 registers the AtomicETH's VA and R_Key under the RETH's names (our aliases)
            "infiniband.reth.va == 0x0000700000001000", "infiniband.reth.r_key == 0x1234",
            "infiniband.atomiceth.swapdt == 0x0102030405060708", "infiniband.atomiceth.cmpdt == 0x1111111111111111"));
        c.add(new Case("CNP", RoceFrames.cnp(V4, 0x00ABCD), true,
            "infiniband.bth.opcode == 0x81", "infiniband.bth.destqp == 0xabcd", "ours:infiniband.bth.becn == 1", "ours:infiniband.cnp"));
        c.add(new Case("IPv6", RoceFrames.roce(V6, 0x0A, 0x77, 0x10, true, false,
            RoceFrames.reth(0x10, 0x20, 4), new byte[4]), true,
            "ipv6.src == fd12::11", "ipv6.dst == fd12::22", "ipv6.tclass.ecn == 1", "infiniband.bth.opcode == 10",
            "udp.checksum != 0"));
        c.add(new Case("RoCEv1 GRH", RoceFrames.roceV1(V6, 0x04, 0x55, 0x66, false, new byte[0], new byte[8]), true,
            "infiniband.grh.sgid == fd12::11", "infiniband.grh.dgid == fd12::22", "infiniband.grh.nxthdr == 0x1b",
            "infiniband.bth.destqp == 0x55", "infiniband.bth.psn == 0x66"));
        c.add(new Case("PFC", RoceFrames.pfc(MAC_A, 3, 0xFFFF), false,
            "macc.opcode == 0x0101", "macc.cbfc.enbv == 0x0008", "macc.cbfc.enbv.c3 == 1", "macc.cbfc.enbv.c2 == 0",
            "macc.cbfc.pause_time.c3 == 65535", "macc.cbfc.pause_time.c0 == 0"));
        c.add(new Case("CM REQ", CmMads.frame(V4, 1, CmMads.req(0x1234, 0x11112222, 18515, 0x0002c9fffe000001L, 0x000bcd, 0x00face,
            3, IP_A, IP_B, 40000)), true,
            "infiniband.mad.attributeid == 0x0010", "infiniband.mad.transactionid == 0x1234",
"infiniband.cm.req.serviceid.dport == 18515",
            "infiniband.cm.req.localqpn == 0xbcd", "infiniband.cm.req.startpsn == 0xface", "infiniband.cm.req.pppmtu == 3",
            "infiniband.cm.req.retrcount == 7", "infiniband.cm.req.rnrretrcount == 7", "infiniband.cm.req.maxcmretr == 15",
            "infiniband.cm.req.remoteresptout == 20", "infiniband.cm.req.localresptout == 20",
            "infiniband.cm.req.responderres == 1", "infiniband.cm.req.initdepth == 1",
            "infiniband.cm.req.prim_localacktout == 19", "infiniband.cm.req.ip_cm.sport == 40000",
            "infiniband.cm.req.ip_cm.sip4 == 10.1.2.3", "infiniband.cm.req.ip_cm.dip4 == 10.4.5.6"));
        c.add(new Case("CM REP", CmMads.frame(V4.reverse(), 2, CmMads.rep(0x1234, 0x33334444, 0x11112222, 0x000def, 0x00beef,
            0x0002c9fffe000002L)), true,
            "infiniband.mad.attributeid == 0x0013",
            "infiniband.cm.rep.remotecommid == 0x11112222", "infiniband.cm.rep.localqpn == 0xdef",
            "infiniband.cm.rep.startpsn == 0xbeef"));
        c.add(new Case("CM REJ", CmMads.frame(V4.reverse(), 3, CmMads.rej(0x1234, 0x33334444, 0x11112222, 8)), true,
            "infiniband.mad.attributeid == 0x0012", "infiniband.cm.rej.reason == 8"));
        c.add(new Case("CM RTU", CmMads.frame(V4, 4, CmMads.rtu(0x1234, 0x11112222, 0x33334444)), true,
            "infiniband.mad.attributeid == 0x0014", "infiniband.cm.rtu.localcommid == 0x11112222",
            "infiniband.cm.rtu.remotecommid == 0x33334444"));
        c.add(new Case("CM DREQ", CmMads.frame(V4, 5, CmMads.dreq(0x1235, 0x11112222, 0x33334444, 0x000def)), true,
            "infiniband.mad.attributeid == 0x0015", "infiniband.cm.dreq.localcommid == 0x11112222", "infiniband.cm.dreq.remotecommid == 0x33334444",
            "infiniband.cm.req.remoteqpneecn == 0xdef"));
        return c;
    }

    @TestFactory
    Stream<DynamicTest> everyValueComesBackUnderItsWiresharkName() {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            DecodedFrame f = SyntheticFrames.decode(c.frame());
            // a REJ is a warning by design (Wireshark's too); nothing else may be more than a note
            assertThat(f.experts()).as("experts").noneMatch(e -> e.severity() != Expert.Severity.NOTE && !e.key().equals("infiniband.cm.rej"));
            if (c.roce()) assertThat(f.icrcStatus()).isEqualTo(DecodedFrame.IcrcStatus.GOOD);
            for (String filter : c.ours().toList()) assertThat(DisplayFilter.parse(filter).matches(f)).as(filter).isTrue();
        }));
    }

    @TestFactory
    Stream<DynamicTest> tsharkReadsTheSameValues() throws Exception {
        List<Case> cases = cases();
        Path pcap = dir.resolve("round-trip.pcap");
        List<TestCaptures.RawFrame> raw = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            byte[] b = cases.get(i).frame();
            raw.add(new TestCaptures.RawFrame(1_000_000_000L * (i + 1), b, b.length, LinkTypeNames.ETHERNET));
        }
        Files.write(pcap, TestPcapWriter.pcap(raw, LinkTypeNames.ETHERNET, ByteOrder.LITTLE_ENDIAN, false, 65535));
        return Stream.iterate(0, i -> i < cases.size(), i -> i + 1).map(i -> DynamicTest.dynamicTest(cases.get(i).name(), () -> {
            Assumptions.assumeTrue(Tshark.available(), "tshark is not installed");
            Case c = cases.get(i);
            // tshark does not verify the ICRC; it must find nothing malformed and no error
            String all = "frame.number == " + (i + 1) + " && !_ws.malformed && !(_ws.expert.severity >= 0x800000)";
            for (String f : c.tsharks().toList()) all += " && " + f;
            // tshark's heuristic RPC-over-RDMA dissector claims any SEND payload and calls zeros malformed
            assertThat(Tshark.run(pcap, "--disable-protocol", "rpcordma", "-Y", all, "-T", "fields", "-e", "frame.number")).as(all).containsExactly(String.valueOf(i + 1));
        }));
    }
}
