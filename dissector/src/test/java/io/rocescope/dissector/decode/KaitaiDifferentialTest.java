package io.rocescope.dissector.decode;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.LinkTypeNames;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The hand-written dissector and the parsers generated from ksy/ return the same values on every
 * frame of every test capture: every value Kaitai reads is present with the same value in ours, and
 * ours has no InfiniBand header Kaitai does not (so the opcode tables agree).
 */
class KaitaiDifferentialTest {

    @TestFactory
    Stream<DynamicTest> handDecoderAgreesWithKaitaiOnEveryFrame() {
        return TestCaptures.all().stream().map(p -> DynamicTest.dynamicTest(p.getFileName().toString(), () -> check(p)));
    }

    private static void check(Path capture) {
        assertThat(check(capture, KaitaiFields::ethernet)).as("RoCE frames in " + capture.getFileName()).isPositive();
    }

    /** Compares every frame of a capture with the Kaitai reading of its bytes; returns how many carry a BTH. */
    private static int check(Path capture, java.util.function.Function<byte[], Map<String, Long>> kaitaiReader) {
        List<TestCaptures.RawFrame> raw = TestCaptures.records(capture);
        List<DecodedFrame> ours = TestCaptures.decode(capture);
        assertThat(ours).hasSameSizeAs(raw);
        int bth = 0;
        for (int n = 0; n < raw.size(); n++) {
            Map<String, Long> kaitai = kaitaiReader.apply(raw.get(n).data());
            compare(capture.getFileName() + " frame " + (n + 1), kaitai, ours.get(n));
            if (kaitai.containsKey("infiniband.bth.opcode")) bth++;
        }
        return bth;
    }

    static void compare(String where, Map<String, Long> kaitai, DecodedFrame f) {
        Map<String, Long> mine = new TreeMap<>();
        for (int i = f.fieldCount() - 1; i >= 0; i--) {   // first occurrence wins (as Kaitai's putIfAbsent)
            if (f.isAlias(i)) continue;   // AtomicETH's VA under Wireshark's RETH name: the same bytes again
            FieldDef def = f.def(i);
            long v = def.type() == FieldType.PROTOCOL || def.type() == FieldType.BYTES ? f.length(i) : f.value(i);
            mine.put(def.abbrev(), v);
        }
        for (Map.Entry<String, Long> e : kaitai.entrySet()) {
            assertThat(mine).as("%s: %s", where, e.getKey()).containsEntry(e.getKey(), e.getValue());
        }
        for (String name : mine.keySet()) {
            // transport headers must match one to one; MAD/CM values are compared where Kaitai names them
            boolean ibHeader = name.startsWith("infiniband.") && !name.startsWith("infiniband.icrc") && !name.startsWith("infiniband.vcrc")
                && !name.startsWith("infiniband.cm") && !name.startsWith("infiniband.mad")
                && !name.equals("infiniband.pad") && Fields.byName(name).type() != FieldType.PROTOCOL
                // the GRH's GIDs: addresses, with no number to compare
                && Fields.byName(name).type() != FieldType.IPV6
                && !name.startsWith("infiniband.aeth.syndrome.") && !name.equals("infiniband.cnp.reserved");
            if (ibHeader) assertThat(kaitai).as("%s: Kaitai also has %s", where, name).containsKey(name);
        }
    }

    /**
     * The formats the shared captures lack (MAC Control, RoCEv1's GRH, Linux cooked v1 and v2) on captures that have
     * them: the PFC storm, a RoCEv1 capture, TCP key exchanges, each also rewritten as Linux cooked v1 and v2 (the
     * Ethernet header replaced by the cooked one, as tcpdump -i any writes it).
     */
    @Test
    void macControlGrhTcpAndCookedFramesAgreeWithKaitai() {
        List<Path> captures = List.of(TestCaptures.sample("synth_pfc_storm.pcap"), TestCaptures.sample("roce_socket.pcap"),
            TestCaptures.sample("rc_pingpong.pcap"), TestCaptures.dir().resolve("external/secdev_scapy__roce_uts_hexdumps.pcap"));
        Map<String, Integer> seen = new TreeMap<>();
        for (Path capture : captures) {
            List<TestCaptures.RawFrame> raw = TestCaptures.records(capture);
            for (int n = 0; n < raw.size(); n++) {
                byte[] eth = raw.get(n).data();
                String where = capture.getFileName() + " frame " + (n + 1);
                Map<String, Long> kaitai = KaitaiFields.ethernet(eth);
                compare(where, kaitai, SyntheticFrames.decode(eth));
                byte[] sll = sll(eth, n), sll2 = sll2(eth, n);
                int orig = raw.get(n).originalLength();
                compare(where + " as SLL", KaitaiFields.sll(sll),
                    SyntheticFrames.decode(sll, LinkTypeNames.LINUX_SLL, orig + 2, new DecodeOptions()));
                compare(where + " as SLL2", KaitaiFields.sll2(sll2),
                    SyntheticFrames.decode(sll2, LinkTypeNames.LINUX_SLL2, orig + 6, new DecodeOptions()));
                for (String k : List.of("macc.cbfc.enbv", "macc.pause_time", "infiniband.grh.nxthdr", "tcp.flags")) {
                    if (kaitai.containsKey(k)) seen.merge(k, 1, Integer::sum);
                }
            }
        }
        // each format was there to compare (the captures hold PFC and RoCEv1 frames and TCP segments)
        assertThat(seen).containsKeys("macc.cbfc.enbv", "infiniband.grh.nxthdr", "tcp.flags");
    }

    /**
     * Native InfiniBand (ksy/ib_lrh.ksy): every record of the ERF capture from a real fabric, its LRH, GRH, transport
     * headers, MADs and VCRC, agree with the Kaitai parser of the same .ksy files.
     */
    @Test
    void nativeInfinibandFramesAgreeWithKaitai() {
        Path capture = TestCaptures.dir().resolve("external/srinivaskoritala_rdma-softroce-demo__infiniband.pcap");
        int bth = check(capture, KaitaiFields::infiniband);
        assertThat(bth).as("frames with a BTH").isGreaterThan(TestCaptures.records(capture).size() / 2);
    }

    /**
     * ARP, ICMPv6 with its Neighbor Discovery options, and IPoIB (ksy/arp_packet, icmpv6_packet, ipoib_packet) on the
     * captures that have them: the IPoIB capture (both pseudo-header forms, ARP, Neighbor Solicitation and
     * Advertisement) and the Ethernet ARP and ICMPv6 of the IPv6 capture.
     */
    @Test
    void arpIcmpv6AndIpoibFramesAgreeWithKaitai() {
        Map<String, Integer> seen = new TreeMap<>();
        List<String> keys = List.of("ipoib.daddr.qpn", "ipoib.grh.sqpn", "arp.src.hw_mac", "icmpv6.nd.na.flag.s",
            "icmpv6.opt.linkaddr", "icmpv6.echo.identifier");
        for (Path capture : List.of(TestCaptures.sample("ipoib_from_ethernet.pcap"), TestCaptures.file("send_bw_ipv6"))) {
            List<TestCaptures.RawFrame> raw = TestCaptures.records(capture);
            List<DecodedFrame> ours = TestCaptures.decode(capture);
            for (int n = 0; n < raw.size(); n++) {
                byte[] data = raw.get(n).data();
                Map<String, Long> kaitai = raw.get(n).linkType() == LinkTypeNames.IPOIB ? KaitaiFields.ipoib(data) : KaitaiFields.ethernet(data);
                compare(capture.getFileName() + " frame " + (n + 1), kaitai, ours.get(n));
                for (String k : keys) if (kaitai.containsKey(k)) seen.merge(k, 1, Integer::sum);
            }
        }
        // every form was there to compare (no echo: the captures' ICMPv6 is Neighbor Discovery only)
        assertThat(seen).containsOnlyKeys(keys.subList(0, keys.size() - 1));
    }

    /**
     * ARP over IPoIB's 20-byte hardware addresses (RFC 4391 section 8: QPN and GID), which the IPoIB capture lacks
     * (its ARP was Ethernet's): request and reply, built here byte by byte behind a destination-address pseudo-header.
     */
    @Test
    void arpOverIpoibHardwareAddressesAgreesWithKaitai() {
        for (int opcode = 1; opcode <= 2; opcode++) {
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(44 + 8 + 2 * (20 + 4));
            b.put(new byte[20]).putInt(0x00ffffff).put(new byte[16]);          // pseudo-header: broadcast QPN, GID 0
            b.putShort((short) 0x0806).putShort((short) 0);                      // IPoIB header: ARP
            b.putShort((short) 32).putShort((short) 0x0800).put((byte) 20).put((byte) 4).putShort((short) opcode);
            for (int side = 1; side <= 2; side++) {
                b.putInt(0x00000048 + side).put(new byte[] {(byte) 0xfe, (byte) 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) side});
                b.put(new byte[] {10, 0, 0, (byte) side});
            }
            byte[] frame = b.array();
            Map<String, Long> kaitai = KaitaiFields.ipoib(frame);
            DecodedFrame f = SyntheticFrames.decode(frame, LinkTypeNames.IPOIB, frame.length, new DecodeOptions());
            compare("ARP over IPoIB, opcode " + opcode, kaitai, f);
            assertThat(kaitai).containsEntry("arp.src.hw", 20L).containsEntry("arp.dst.proto_ipv4", 0x0a000002L)
                .containsEntry("arp.opcode", (long) opcode);
        }
    }

    /**
     * ICMP (ksy/icmp_packet.ksy), which the captures lack over Ethernet: echo request and reply, timestamp request,
     * fragmentation needed (its MTU), port unreachable (no MTU) and a type with no body, each an IPv4 datagram built
     * here byte by byte.
     */
    @Test
    void icmpMessagesAgreeWithKaitai() {
        int[][] typeCode = {{8, 0}, {0, 0}, {13, 0}, {3, 4}, {3, 3}, {11, 0}};
        for (int[] tc : typeCode) {
            byte[] icmp = {(byte) tc[0], (byte) tc[1], 0x12, 0x34, 0x0a, 0x0b, 0x05, (byte) 0xdc, 1, 2, 3, 4};
            java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(14 + 20 + icmp.length);
            b.put(new byte[] {2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1}).putShort((short) 0x0800);
            b.put((byte) 0x45).put((byte) 0).putShort((short) (20 + icmp.length)).putShort((short) 7).putShort((short) 0)
                .put((byte) 64).put((byte) 1).putShort((short) 0).put(new byte[] {10, 0, 0, 1}).put(new byte[] {10, 0, 0, 2});
            b.put(icmp);
            byte[] frame = b.array();
            Map<String, Long> kaitai = KaitaiFields.ethernet(frame);
            DecodedFrame f = SyntheticFrames.decode(frame);
            compare("ICMP type " + tc[0] + " code " + tc[1], kaitai, f);
            assertThat(kaitai).containsEntry("icmp.type", (long) tc[0]);
            assertThat(kaitai.containsKey("icmp.ident")).as("type %d: echo fields", tc[0]).isEqualTo(tc[0] != 3 && tc[0] != 11);
            assertThat(kaitai.containsKey("icmp.mtu")).as("type %d code %d: MTU", tc[0], tc[1]).isEqualTo(tc[0] == 3 && tc[1] == 4);
        }
    }

    /** Linux cooked v1 of an Ethernet frame: packet type (to us / sent by us, alternating), ARPHRD_ETHER, MAC, EtherType. */
    private static byte[] sll(byte[] frame, int n) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(frame.length + 2);
        b.putShort((short) (n % 2 == 0 ? 0 : 4)).putShort((short) 1).putShort((short) 6).put(frame, 6, 6).putShort((short) 0)
            .put(frame, 12, 2).put(frame, 14, frame.length - 14);
        return b.array();
    }

    /** Linux cooked v2: EtherType, reserved, interface index, ARPHRD_ETHER, packet type, address length, MAC. */
    private static byte[] sll2(byte[] frame, int n) {
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(frame.length + 6);
        b.put(frame, 12, 2).putShort((short) 0).putInt(3 + n % 5).putShort((short) 1).put((byte) (n % 2 == 0 ? 0 : 4))
            .put((byte) 6).put(frame, 6, 6).putShort((short) 0).put(frame, 14, frame.length - 14);
        return b.array();
    }

    @Test
    void everyCmMessageLayoutAgreesWithKaitaiOnRandomContent() {
        java.util.Random random = new java.util.Random(42);
        for (int attr = 0x10; attr <= 0x1A; attr++) {
            for (int round = 0; round < 20; round++) {
                byte[] rest = new byte[8 + 256];
                random.nextBytes(rest);
                java.nio.ByteBuffer.wrap(rest).putInt(0, 0x80010000).putInt(4, 1);        // DETH: GSI Q_Key, source QP 1
                rest[8] = 1; rest[9] = 7; rest[10] = 2; rest[11] = 3;                      // MAD: version 1, CM class 2, Send
                rest[8 + 16] = 0; rest[8 + 17] = (byte) attr;
                if (round % 2 == 0 && (attr == 0x10 || attr == 0x17)) {   // half of them with an RDMA-CM service ID
                    byte[] sid = {0, 0, 0, 0, 1, 6, 0x48, 0x53};
                    System.arraycopy(sid, 0, rest, 8 + 24 + 8, 8);
                }
                byte[] frame = SyntheticFrames.roceV2(0x64, 1, rest);
                DecodedFrame f = SyntheticFrames.decode(frame);
                assertThat(f.has(io.rocescope.dissector.field.CmFields.CM)).as("attribute %x", attr).isTrue();
                compare(String.format("CM attribute 0x%02x round %d", attr, round), KaitaiFields.ethernet(frame), f);
            }
        }
    }

    @Test
    void everyDefinedOpcodeCarriesTheSameHeadersInBothDecoders() {
        // Synthesized frames for every opcode (the captures cover only some): same extended headers.
        for (int opcode = 0; opcode < 256; opcode++) {
            // a header described by another .ksy (the tests' made-up XYZETH) is not ib_transport.ksy's to parse
            if (io.rocescope.dissector.field.ExtendedHeaders.forOpcode(opcode) != null) continue;
            byte[] frame = SyntheticFrames.roceV2(opcode, new byte[40]);
            Map<String, Long> kaitai = KaitaiFields.ethernet(frame);
            DecodedFrame f = SyntheticFrames.decode(frame);
            compare(String.format("opcode 0x%02x", opcode), kaitai, f);
        }
    }
}
