package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.EtherPayloadLayout;
import io.rocescope.dissector.field.ksy.EthernetFrameLayout;
import io.rocescope.dissector.field.ksy.IbMadFieldsKsy;
import io.rocescope.dissector.field.ksy.IbMadLayout;
import io.rocescope.dissector.field.ksy.IbTransportLayout;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.Ipv6PacketLayout;
import io.rocescope.dissector.field.ksy.LinuxSll2Layout;
import io.rocescope.dissector.field.ksy.LinuxSllLayout;
import io.rocescope.dissector.field.ksy.MacControlFieldsKsy;
import io.rocescope.dissector.field.ksy.MacControlKsy;
import io.rocescope.dissector.field.ksy.MacControlLayout;
import io.rocescope.dissector.field.ksy.PcapFileKsy;
import io.rocescope.dissector.field.ksy.PcapFileLayout;
import io.rocescope.dissector.field.ksy.PcapngFileKsy;
import io.rocescope.dissector.field.ksy.PcapngFileLayout;
import io.rocescope.dissector.field.ksy.PerftestExchangeFieldsKsy;
import io.rocescope.dissector.field.ksy.PerftestExchangeLayout;
import io.rocescope.dissector.field.ksy.PingpongExchangeFieldsKsy;
import io.rocescope.dissector.field.ksy.PingpongExchangeLayout;
import io.rocescope.dissector.field.ksy.RoceV1GrhFieldsKsy;
import io.rocescope.dissector.field.ksy.RoceV1GrhKsy;
import io.rocescope.dissector.field.ksy.RoceV1GrhLayout;
import io.rocescope.dissector.field.ksy.TcpSegmentFieldsKsy;
import io.rocescope.dissector.field.ksy.TcpSegmentKsy;
import io.rocescope.dissector.field.ksy.TcpSegmentLayout;
import io.rocescope.dissector.field.ksy.UdpDatagramLayout;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the build generates from ksy/ for the CM and the Ethernet, IP and UDP headers: the layouts agree with the
 * standards' sizes and offsets (a .ksy that mis-sizes a field moves every field after it), and every MAD and CM
 * field of the registry is ksy/ib_mad.ksy's, with its label and kind, in the order it registered before.
 */
class KsyLayoutsTest {
    @Test
    void theFixedHeadersHaveTheirStandardSizes() {
        assertThat(EthernetFrameLayout.FIXED_SIZE).isEqualTo(14);
        assertThat(EthernetFrameLayout.OFF_ETHER_TYPE).isEqualTo(12);
        assertThat(EtherPayloadLayout.FIXED_SIZE_VLAN_TAG).isEqualTo(4);
        assertThat(Ipv4PacketLayout.FIXED_SIZE).isEqualTo(20);
        assertThat(Ipv4PacketLayout.OFF_PROTOCOL).isEqualTo(9);
        assertThat(Ipv4PacketLayout.OFF_DST_ADDR).isEqualTo(16);
        assertThat(Ipv6PacketLayout.FIXED_SIZE).isEqualTo(40);
        assertThat(Ipv6PacketLayout.OFF_NEXT_HEADER).isEqualTo(6);
        assertThat(Ipv6PacketLayout.OFF_DST_ADDR).isEqualTo(24);
        assertThat(UdpDatagramLayout.FIXED_SIZE).isEqualTo(8);
        assertThat(UdpDatagramLayout.OFF_CHECKSUM).isEqualTo(6);
    }

    @Test
    void theGrhTcpCookedAndMacControlHeadersHaveTheirStandardLayout() {
        assertThat(RoceV1GrhLayout.FIXED_SIZE).isEqualTo(40);
        assertThat(RoceV1GrhLayout.OFF_PAYLOAD_LENGTH).isEqualTo(4);
        assertThat(RoceV1GrhLayout.OFF_NEXT_HEADER).isEqualTo(6);
        assertThat(RoceV1GrhLayout.OFF_SGID).isEqualTo(8);
        assertThat(RoceV1GrhLayout.OFF_DGID).isEqualTo(24);
        assertThat(RoceV1GrhLayout.SHIFT_TRAFFIC_CLASS).isEqualTo(4);
        assertThat(RoceV1GrhLayout.MASK_FLOW_LABEL).isEqualTo(0xFFFFF);
        assertThat(RoceV1GrhKsy.NEXT_HEADER_BTH).isEqualTo(0x1B);
        assertThat(TcpSegmentLayout.FIXED_SIZE).isEqualTo(20);
        assertThat(TcpSegmentLayout.OFF_FLAGS).isEqualTo(12);
        assertThat(TcpSegmentLayout.MASK_FLAGS).isEqualTo(0x1FF);
        assertThat(TcpSegmentLayout.OFF_CHECKSUM).isEqualTo(16);
        // RFC 9293's bits, FIN the lowest
        assertThat(List.of(TcpSegmentKsy.TCP_FLAG_FIN, TcpSegmentKsy.TCP_FLAG_SYN, TcpSegmentKsy.TCP_FLAG_RST,
            TcpSegmentKsy.TCP_FLAG_PSH, TcpSegmentKsy.TCP_FLAG_ACK, TcpSegmentKsy.TCP_FLAG_AE)).containsExactly(1, 2, 4, 8, 16, 256);
        assertThat(LinuxSllLayout.FIXED_SIZE).isEqualTo(16);
        assertThat(LinuxSllLayout.OFF_ADDR).isEqualTo(6);
        assertThat(LinuxSllLayout.OFF_PROTOCOL).isEqualTo(14);
        assertThat(LinuxSll2Layout.FIXED_SIZE).isEqualTo(20);
        assertThat(LinuxSll2Layout.OFF_INTERFACE_INDEX).isEqualTo(4);
        assertThat(LinuxSll2Layout.OFF_ADDR).isEqualTo(12);
        assertThat(MacControlLayout.FIXED_SIZE).isEqualTo(2);
        assertThat(MacControlLayout.FIXED_SIZE_PAUSE).isEqualTo(2);
        assertThat(MacControlLayout.FIXED_SIZE_PFC).isEqualTo(18);
        assertThat(MacControlLayout.OFF_PFC_PAUSE_TIMES).isEqualTo(2);
        assertThat(MacControlLayout.COUNT_PFC_PAUSE_TIMES).isEqualTo(8);
        assertThat(MacControlLayout.LEN_PFC_PAUSE_TIMES).isEqualTo(16);
        assertThat(MacControlLayout.DESTINATION_MAC).isEqualTo(0x0180C2000001L);
        assertThat(MacControlKsy.OPCODE_PFC).isEqualTo(0x0101);
        assertThat(IbMadLayout.GSI_Q_KEY).isEqualTo(0x80010000L);
    }

    @Test
    void everyCmMessageFillsTheMadData() throws Exception {
        assertThat(IbMadLayout.FIXED_SIZE).isEqualTo(256);
        assertThat(IbMadLayout.OFF_DATA).isEqualTo(24);
        assertThat(IbMadLayout.LEN_DATA).isEqualTo(232);
        int messages = 0;
        for (Field f : IbMadLayout.class.getFields()) {
            if (!f.getName().startsWith("FIXED_SIZE_CM_")) continue;
            assertThat(f.getInt(null)).as(f.getName()).isEqualTo(IbMadLayout.LEN_DATA);
            messages++;
        }
        assertThat(messages).isEqualTo(11);
        // IBTA vol 1 ch. 12's offsets of the fields RDMA-CM and the tracker read
        assertThat(IbMadLayout.OFF_CM_REQ_LOCAL_QPN).isEqualTo(32);
        assertThat(IbMadLayout.OFF_CM_REQ_STARTING_PSN).isEqualTo(44);
        assertThat(IbMadLayout.OFF_CM_REQ_PRIMARY_PATH).isEqualTo(52);
        assertThat(IbMadLayout.OFF_CM_REQ_ALTERNATE_PATH).isEqualTo(96);
        assertThat(IbMadLayout.OFF_CM_REQ_PRIVATE_DATA).isEqualTo(140);
        assertThat(IbMadLayout.FIXED_SIZE_PATH).isEqualTo(44);
        assertThat(IbMadLayout.OFF_CM_REP_LOCAL_CA_GUID).isEqualTo(28);
        assertThat(IbMadLayout.OFF_CM_REJ_REASON).isEqualTo(10);
        assertThat(IbMadLayout.FIXED_SIZE_CMA_HDR).isEqualTo(36);
        assertThat(IbMadLayout.SHIFT_CM_REQ_PATH_MTU).isEqualTo(4);
        assertThat(IbMadLayout.MASK_CM_REQ_PATH_MTU).isEqualTo(0xF);
    }

    @Test
    void everyGrhTcpAndMacControlFieldOfTheRegistryIsTheKsys() {
        Map<String, List<FieldSpec>> byFile = Map.of("infiniband.grh", RoceV1GrhFieldsKsy.ALL, "tcp", TcpSegmentFieldsKsy.ALL,
            "macc", MacControlFieldsKsy.ALL, "perftest", PerftestExchangeFieldsKsy.ALL, "ibv_pingpong", PingpongExchangeFieldsKsy.ALL);
        for (Map.Entry<String, List<FieldSpec>> e : byFile.entrySet()) {
            Map<String, FieldSpec> specs = e.getValue().stream().collect(Collectors.toMap(FieldSpec::abbrev, Function.identity()));
            List<String> registered = new ArrayList<>();
            for (FieldDef f : Fields.all()) {
                if (!f.abbrev().equals(e.getKey()) && !f.abbrev().startsWith(e.getKey() + ".")) continue;
                registered.add(f.abbrev());
                assertThat(specs.get(f.abbrev())).as(f.abbrev()).isNotNull();
                assertThat(f.label()).as(f.abbrev()).isEqualTo(specs.get(f.abbrev()).label());
            }
            // every entry registered, in the .ksy's order (the order of `rocescope fields`, as before)
            assertThat(registered).containsExactlyElementsOf(e.getValue().stream().map(FieldSpec::abbrev).toList());
        }
        assertThat(Fields.byName("macc.opcode").names().nameOf(0x0101)).isEqualTo("Class Based Flow Control [CBFC] Pause");
        assertThat(Fields.byName("macc.cbfc.enbv.c7").type()).isEqualTo(FieldType.BOOLEAN);
        assertThat(Fields.byName("infiniband.grh.dgid").type()).isEqualTo(FieldType.IPV6);
        assertThat(Fields.byName("tcp.flags").names().nameOf(0x12)).isEqualTo("SYN, ACK");
        assertThat(Fields.byName("perftest.mtu").names().nameOf(5)).isEqualTo("4096 bytes");
        assertThat(Fields.byName("perftest.report.bw_peak").type()).isEqualTo(FieldType.DOUBLE);
        assertThat(Fields.byName("perftest.version").type()).isEqualTo(FieldType.STRING);
        assertThat(Fields.byName("ibv_pingpong.gid_ipv4").type()).isEqualTo(FieldType.IPV4);
        assertThat(Fields.byName("ibv_pingpong.srqn").hexDigits()).isEqualTo(6);
    }

    /**
     * The text messages of the socket exchanges: a {@code contents:} spans its bytes (a string's, or a list's numbers)
     * and its constant holds them, so the separators fall where the programs' printf formats put them.
     */
    @Test
    void thePingpongMessagesHaveTheExamplesFormats() {
        // "%04x:%06x:%06x:%s" with 32 GID digits and the NUL (char msg[sizeof "0000:000000:000000:" + 32])
        assertThat(List.of(PingpongExchangeLayout.OFF_DEST_SEP_LID, PingpongExchangeLayout.OFF_DEST_SEP_QPN,
            PingpongExchangeLayout.OFF_DEST_SEP_PSN)).containsExactly(4, 11, 18);
        assertThat(PingpongExchangeLayout.LEN_DEST_SEP_LID).isEqualTo(1);
        assertThat(PingpongExchangeLayout.CONTENTS_DEST_SEP_LID).isEqualTo(":");
        assertThat(PingpongExchangeLayout.OFF_DEST_GID).isEqualTo(19);
        assertThat(PingpongExchangeLayout.CONTENTS_DEST_TERMINATOR).isEqualTo("\0");   // contents: [0]
        assertThat(PingpongExchangeLayout.FIXED_SIZE_DEST).isEqualTo(52);
        // xsrq's MSG_FORMAT "%04x:%06x:%06x:%06x:%06x:%32s"
        assertThat(List.of(PingpongExchangeLayout.OFF_XRC_DEST_SEP_LID, PingpongExchangeLayout.OFF_XRC_DEST_SEP_RECV_QPN,
            PingpongExchangeLayout.OFF_XRC_DEST_SEP_SEND_QPN, PingpongExchangeLayout.OFF_XRC_DEST_SEP_PSN,
            PingpongExchangeLayout.OFF_XRC_DEST_SEP_SRQN)).containsExactly(4, 11, 18, 25, 32);
        assertThat(PingpongExchangeLayout.FIXED_SIZE_XRC_DEST).isEqualTo(66);
        // contents: done (a string: its 4 bytes), then the NUL
        assertThat(PingpongExchangeLayout.LEN_DONE_WORD).isEqualTo(4);
        assertThat(PingpongExchangeLayout.CONTENTS_DONE_WORD).isEqualTo("done");
        assertThat(PingpongExchangeLayout.FIXED_SIZE_DONE).isEqualTo(5);
        assertThat(PingpongExchangeLayout.CONTENTS_END_WORD + PingpongExchangeLayout.CONTENTS_END_TERMINATOR).isEqualTo("END\0");
    }

    @Test
    void thePerftestRecordsHaveTheReferencesSizes() {
        // the key message's variants (KEY_MSG_SIZE_GID, KEY_MSG_SIZE, and the data-validation ones)
        assertThat(PerftestExchangeLayout.FIXED_SIZE_KEY).isEqualTo(108);
        assertThat(PerftestExchangeLayout.FIXED_SIZE_KEY_NO_GID).isEqualTo(59);
        assertThat(PerftestExchangeLayout.FIXED_SIZE_KEY_WITH_TAIL).isEqualTo(125);
        assertThat(PerftestExchangeLayout.FIXED_SIZE_KEY_WITH_TAIL_NO_GID).isEqualTo(76);
        // "%04x:%04x:%06x:%06x:%08x:%016llx:"
        assertThat(List.of(PerftestExchangeLayout.OFF_KEY_COMMON_SEP_LID, PerftestExchangeLayout.OFF_KEY_COMMON_SEP_OUT_READS,
            PerftestExchangeLayout.OFF_KEY_COMMON_SEP_QPN, PerftestExchangeLayout.OFF_KEY_COMMON_SEP_PSN,
            PerftestExchangeLayout.OFF_KEY_COMMON_SEP_RKEY, PerftestExchangeLayout.OFF_KEY_COMMON_SEP_VADDR))
            .containsExactly(4, 9, 16, 23, 32, 49);
        assertThat(PerftestExchangeLayout.OFF_KEY_GID).isEqualTo(50);
        assertThat(PerftestExchangeLayout.COUNT_GID_TEXT_OCTETS).isEqualTo(16);
        assertThat(PerftestExchangeLayout.OFF_KEY_SRQN).isEqualTo(98);
        assertThat(PerftestExchangeLayout.OFF_KEY_SEP_SRQN).isEqualTo(106);
        // the records before the keys: version, cycle buffer, cache line size, MTU
        assertThat(PerftestExchangeLayout.FIXED_SIZE_VERSION).isEqualTo(16);
        assertThat(PerftestExchangeLayout.OFF_CYCLE_BUFFER).isEqualTo(16);
        assertThat(PerftestExchangeLayout.MASK_CYCLE_BUFFER).isEqualTo(0xFFFFFFFFL);
        assertThat(PerftestExchangeLayout.OFF_CACHE_LINE_SIZE).isEqualTo(20);
        assertThat(PerftestExchangeLayout.FIXED_SIZE_MTU).isEqualTo(2);
        assertThat(PerftestExchangeLayout.FIXED_SIZE_MTU_BEFORE_5_31).isEqualTo(4);
        assertThat(PerftestExchangeLayout.FIXED_SIZE).isEqualTo(26);
        assertThat(PerftestExchangeLayout.FIXED_SIZE_SYNC).isEqualTo(5);
        // the bandwidth report: u8 size, u8 (u4 before 5.33) iterations, three f8 (a float is its bytes)
        assertThat(PerftestExchangeLayout.FIXED_SIZE_REPORT).isEqualTo(40);
        assertThat(PerftestExchangeLayout.OFF_REPORT_BW_PEAK).isEqualTo(16);
        assertThat(PerftestExchangeLayout.MASK_REPORT_BW_PEAK).isEqualTo(-1L);
        assertThat(PerftestExchangeLayout.FIXED_SIZE_REPORT_BEFORE_5_33).isEqualTo(36);
        assertThat(PerftestExchangeLayout.OFF_REPORT_BEFORE_5_33_ITERS).isEqualTo(8);
        assertThat(PerftestExchangeLayout.LEN_REPORT_BEFORE_5_33_ITERS).isEqualTo(4);
        assertThat(PerftestExchangeLayout.OFF_REPORT_BEFORE_5_33_BW_PEAK).isEqualTo(12);
    }

    @Test
    void theTransportHeadersHaveIbtasSizesAndOffsets() {
        // IBTA vol 1 ch. 9.2-9.5: the BTH and every extended header, from the same routine as the MAD's
        assertThat(IbTransportLayout.FIXED_SIZE_BTH).isEqualTo(12);
        assertThat(IbTransportLayout.OFF_BTH_PSN).isEqualTo(9);
        assertThat(IbTransportLayout.MASK_BTH_PSN).isEqualTo(0xFFFFFF);
        assertThat(IbTransportLayout.SHIFT_BTH_PAD_CNT).isEqualTo(4);
        assertThat(IbTransportLayout.FIXED_SIZE_RETH).isEqualTo(16);
        assertThat(IbTransportLayout.OFF_RETH_DMA_LENGTH).isEqualTo(12);
        assertThat(IbTransportLayout.FIXED_SIZE_ATOMIC_ETH).isEqualTo(28);
        assertThat(IbTransportLayout.OFF_ATOMIC_ETH_COMPARE_DATA).isEqualTo(20);
        assertThat(IbTransportLayout.FIXED_SIZE_AETH).isEqualTo(4);
        assertThat(IbTransportLayout.SHIFT_AETH_SYNDROME_TYPE).isEqualTo(5);
        assertThat(IbTransportLayout.OFF_AETH_MSN).isEqualTo(1);
        assertThat(IbTransportLayout.FIXED_SIZE_DETH).isEqualTo(8);
        assertThat(IbTransportLayout.FIXED_SIZE_ATOMIC_ACK_ETH).isEqualTo(8);
        assertThat(IbTransportLayout.FIXED_SIZE_IMMDT).isEqualTo(4);
        assertThat(IbTransportLayout.FIXED_SIZE_IETH).isEqualTo(4);
        assertThat(IbTransportLayout.FIXED_SIZE_XRCETH).isEqualTo(4);
        assertThat(IbTransportLayout.FIXED_SIZE_RDETH).isEqualTo(4);
        assertThat(IbTransportLayout.FIXED_SIZE_FETH).isEqualTo(4);
        assertThat(IbTransportLayout.FIXED_SIZE_CNP_PADDING).isEqualTo(16);
    }

    @Test
    void everyMadAndCmFieldOfTheRegistryIsTheKsys() {
        Map<String, FieldSpec> specs = IbMadFieldsKsy.ALL.stream().collect(Collectors.toMap(FieldSpec::abbrev, Function.identity()));
        List<String> registered = new ArrayList<>();
        for (FieldDef f : Fields.all()) {
            if (!f.abbrev().startsWith("infiniband.mad") && !f.abbrev().startsWith("infiniband.cm")) continue;
            registered.add(f.abbrev());
            FieldSpec s = specs.get(f.abbrev());
            assertThat(s).as(f.abbrev()).isNotNull();
            assertThat(f.label()).as(f.abbrev()).isEqualTo(s.label());
        }
        assertThat(registered).containsExactlyInAnyOrderElementsOf(specs.keySet());
        // the order the hand-written registry had (tshark -G fields order matters to `rocescope fields`)
        assertThat(registered.subList(0, 3)).containsExactly("infiniband.mad", "infiniband.mad.baseversion", "infiniband.mad.mgmtclass");
        assertThat(registered.get(registered.size() - 1)).isEqualTo("infiniband.cm.classportinfo");
        assertThat(Fields.byName("infiniband.cm.req.prim_localgid").type()).isEqualTo(FieldType.IPV6);
        assertThat(Fields.byName("infiniband.cm.qkey_mismatch").type()).isEqualTo(FieldType.BOOLEAN);
        assertThat(Fields.byName("infiniband.cm.req.rnrretrcount").names().nameOf(7)).isEqualTo("infinite");
        assertThat(Fields.byName("infiniband.cm.req.ext_transport").names().nameOf(1)).isEqualTo("XRC");
        assertThat(Fields.byName("infiniband.cm.rej.reason").names().nameOf(34)).isEqualTo("Unknown reason");
    }

    @Test
    void thePcapFileLayoutIsTheSavefileFormats() {
        // pcap-savefile(5): a 24-byte header (snaplen at 16, the link type at 20), 16-byte record headers
        assertThat(PcapFileLayout.FIXED_SIZE_HEADER).isEqualTo(24);
        assertThat(PcapFileLayout.OFF_HEADER_SNAPLEN).isEqualTo(16);
        assertThat(PcapFileLayout.OFF_HEADER_NETWORK).isEqualTo(20);
        assertThat(PcapFileLayout.FIXED_SIZE_RECORD).isEqualTo(16);
        assertThat(List.of(PcapFileLayout.OFF_RECORD_TS_SEC, PcapFileLayout.OFF_RECORD_TS_FRAC,
            PcapFileLayout.OFF_RECORD_INCL_LEN, PcapFileLayout.OFF_RECORD_ORIG_LEN)).containsExactly(0, 4, 8, 12);
        assertThat(PcapFileLayout.MAGIC_MICROS).isEqualTo(0xa1b2c3d4L);
        assertThat(PcapFileLayout.MAGIC_NANOS).isEqualTo(0xa1b23c4dL);
        // the names LinkTypeNames printed when they were written in Java
        assertThat(PcapFileKsy.LINK_TYPE.nameOf(12)).isEqualTo("Raw IP");
        assertThat(PcapFileKsy.LINK_TYPE.nameOf(14)).isEqualTo("Raw IP");
        assertThat(PcapFileKsy.LINK_TYPE.nameOf(101)).isEqualTo("Raw IP");
        assertThat(PcapFileKsy.LINK_TYPE.nameOf(276)).isEqualTo("Linux cooked v2");
        assertThat(LinkTypeNames.isSupported(247)).isTrue();
        assertThat(LinkTypeNames.isSupported(0)).isFalse();
    }

    @Test
    void thePcapngFileLayoutIsTheSpecs() {
        // a block: type, total length, body, total length; an EPB's captured data starts 28 bytes into it
        assertThat(PcapngFileLayout.FIXED_SIZE_BLOCK).isEqualTo(8);
        assertThat(PcapngFileLayout.FIXED_SIZE_BLOCK + PcapngFileLayout.FIXED_SIZE_SHB_BODY).isEqualTo(24);
        assertThat(PcapngFileLayout.OFF_IDB_BODY_SNAPLEN).isEqualTo(4);
        assertThat(PcapngFileLayout.FIXED_SIZE_BLOCK + PcapngFileLayout.OFF_EPB_BODY_CAPTURED_LEN).isEqualTo(20);
        assertThat(PcapngFileLayout.FIXED_SIZE_BLOCK + PcapngFileLayout.FIXED_SIZE_EPB_BODY).isEqualTo(28);
        assertThat(PcapngFileLayout.OFF_OPB_BODY_TIMESTAMP_HIGH).isEqualTo(PcapngFileLayout.OFF_EPB_BODY_TIMESTAMP_HIGH);
        assertThat(PcapngFileLayout.FIXED_SIZE_OPTION).isEqualTo(4);
        assertThat(PcapngFileLayout.BYTE_ORDER_MAGIC).isEqualTo(0x1a2b3c4dL);
        assertThat(PcapngFileKsy.BLOCK_TYPE_SECTION_HEADER).isEqualTo(0x0a0d0d0a);
        assertThat(List.of(PcapngFileKsy.BLOCK_TYPE_INTERFACE_DESCRIPTION, PcapngFileKsy.BLOCK_TYPE_SIMPLE_PACKET,
            PcapngFileKsy.BLOCK_TYPE_ENHANCED_PACKET, PcapngFileKsy.IDB_OPTION_IF_TSRESOL, PcapngFileKsy.IDB_OPTION_IF_TSOFFSET))
            .containsExactly(1, 3, 6, 9, 14);
    }

    @Test
    void aLayoutInTheFilesByteOrderHasWholeWordsAndNoBitFields(@TempDir Path dir) throws Exception {
        String head = "meta:\n  id: two_orders\n  endian:\n    switch-on: _root.m\n    cases:\n      1: le\n      2: be\n"
            + "instances:\n  m:\n    pos: 0\n    type: u1\nseq:\n  - id: a\n    type: u2\n  - id: b\n    type: u4le\n";
        Path ok = dir.resolve("two_orders.ksy");
        Files.writeString(ok, head);
        assertThat(runLayouts(dir, ok)).isZero();
        String layout = Files.readString(dir.resolve("out/t/TwoOrdersLayout.java"));
        assertThat(layout).contains("OFF_A = 0, LEN_A = 2, SHIFT_A = 0;", "MASK_A = 0xffffL;",
            "OFF_B = 2, LEN_B = 4, SHIFT_B = 0;", "MASK_B = 0xffffffffL;", "FIXED_SIZE = 6;");
        // a bit field's SHIFT counts from a big-endian word: refused in any other order
        Path bits = dir.resolve("le_bits.ksy");
        Files.writeString(bits, "meta:\n  id: le_bits\n  endian: le\nseq:\n  - id: a\n    type: b4\n  - id: b\n    type: b4\n");
        assertThat(runLayouts(dir, bits)).isNotZero();
        assertThat(Files.exists(dir.resolve("out/t/LeBitsLayout.java"))).isFalse();
        // a big-endian layout takes a whole-byte integer that names its own order (ERF's u8le timestamp) and says
        // the order it is read in; a little-endian float it refuses
        Path mixed = dir.resolve("mixed.ksy");
        Files.writeString(mixed, "meta:\n  id: mixed\n  endian: be\nseq:\n  - id: a\n    type: u2le\n  - id: b\n    type: u4\n");
        assertThat(runLayouts(dir, mixed)).isZero();
        assertThat(Files.readString(dir.resolve("out/t/MixedLayout.java"))).contains("OFF_A = 0, LEN_A = 2, SHIFT_A = 0;",
            "MASK_A = 0xffffL;", "ORDER_A = java.nio.ByteOrder.LITTLE_ENDIAN;", "OFF_B = 2, LEN_B = 4, SHIFT_B = 0;")
            .doesNotContain("ORDER_B");
        Path sameOrder = dir.resolve("same_order.ksy");
        Files.writeString(sameOrder, "meta:\n  id: same_order\n  endian: be\nseq:\n  - id: a\n    type: u4be\n  - id: t\n    type: u8le\n");
        assertThat(runLayouts(dir, sameOrder)).isZero();
        assertThat(Files.readString(dir.resolve("out/t/SameOrderLayout.java"))).doesNotContain("ORDER_A")
            .contains("ORDER_T = java.nio.ByteOrder.LITTLE_ENDIAN;", "MASK_T = -1L;");
        Path tree = dir.resolve("le_tree.ksy");
        Files.writeString(tree, "meta:\n  id: le_tree\n  endian: be\ntypes:\n  h:\n    -tree: layout\n    seq:\n"
            + "      - id: a\n        type: u2le\n");
        assertThat(runLayouts(dir, tree)).isNotZero();
        Path leFloat = dir.resolve("le_float.ksy");
        Files.writeString(leFloat, "meta:\n  id: le_float\n  endian: be\nseq:\n  - id: a\n    type: f4le\n");
        assertThat(runLayouts(dir, leFloat)).isNotZero();
    }

    /**
     * The readers: each unsigned big-endian field's value read at a header's start, with its own width, shift and mask
     * (a bit field across a byte boundary, a u1, a 3-byte field, a u4 and a u8 with their top bits set, bit fields in a
     * 4-byte and a 5-byte word), an int when 31 bits hold it; none for a field in another byte order, a repeated field,
     * a blob, or a little-endian file; an instance at a fixed place (pos: a number) as a field.
     */
    @Test
    void theReadersReadEachFieldsValue(@TempDir Path dir) throws Exception {
        Path ksy = dir.resolve("readers.ksy");
        Files.writeString(ksy, "meta:\n  id: readers\n  endian: be\nseq:\n"
            + "  - {id: one, type: u1}\n"
            + "  - {id: nibble, type: b4}\n"
            + "  - {id: across, type: b12}\n"          // the low nibble of byte 1 and byte 2
            + "  - {id: psn, type: b24}\n"             // bytes 3-5
            + "  - {id: key, type: u4}\n"              // bytes 6-9
            + "  - {id: big, type: u8}\n"              // bytes 10-17
            + "  - {id: flag, type: b1}\n"             // byte 18's top bit
            + "  - {id: wide31, type: b31}\n"          // the rest of bytes 18-21: 31 bits, an int
            + "  - {id: top, type: b4}\n"              // byte 22's high nibble
            + "  - {id: forty, type: b36}\n"           // bytes 22-26: 36 bits, a long
            + "  - {id: little, type: u2le}\n"         // ORDER_: no reader
            + "  - {id: times, type: u2, repeat: expr, repeat-expr: 2}\n"
            + "  - {id: blob, size: 2}\n"
            // an instance at a fixed place is read as a field is; one computed, or in its own order, gets no reader
            + "instances:\n  head:\n    pos: 1\n    type: u2\n  sum:\n    value: one + key\n"
            + "  little_head:\n    pos: 0\n    type: u2le\n");
        assertThat(runLayouts(dir, ksy)).isZero();
        Class<?> c = compile(dir, "ReadersLayout");
        assertThat(c.getField("OFF_HEAD").getInt(null)).isEqualTo(1);
        assertThat(c.getField("ORDER_LITTLE_HEAD").get(null)).isEqualTo(java.nio.ByteOrder.LITTLE_ENDIAN);
        byte[] d = new byte[3 + 37];
        byte[] h = {(byte) 0xAB, (byte) 0x5C, (byte) 0xDE, (byte) 0x81, 0x02, 0x03, (byte) 0x80, 0, 0, 0x01,
            (byte) 0xF1, 0x23, 0x45, 0x67, (byte) 0x89, (byte) 0xAB, (byte) 0xCD, (byte) 0xEF,
            (byte) 0xC0, 0x00, 0x00, 0x05, (byte) 0x9F, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFE, 0x34, 0x12, 0, 1, 0, 2, 9, 9};
        System.arraycopy(h, 0, d, 3, h.length);   // the header at 3, so each read is relative to its start
        assertThat(read(c, "readOne", d, 3)).isEqualTo(0xAB);
        assertThat(read(c, "readHead", d, 3)).isEqualTo(0x5CDE);
        assertThat(read(c, "readNibble", d, 3)).isEqualTo(0x5);
        assertThat(read(c, "readAcross", d, 3)).isEqualTo(0xCDE);
        assertThat(read(c, "readPsn", d, 3)).isEqualTo(0x810203);
        assertThat(read(c, "readKey", d, 3)).isEqualTo(0x80000001L);
        assertThat(read(c, "readBig", d, 3)).isEqualTo(0xF123456789ABCDEFL);
        assertThat(read(c, "readFlag", d, 3)).isEqualTo(1);
        assertThat(read(c, "readWide31", d, 3)).isEqualTo(0x40000005);
        assertThat(read(c, "readTop", d, 3)).isEqualTo(0x9);
        assertThat(read(c, "readForty", d, 3)).isEqualTo(0xFFFFFFFFEL);
        // the same values as the constants say to read them: LEN bytes at OFF, then (word >>> SHIFT) & MASK
        for (String f : List.of("ONE", "NIBBLE", "ACROSS", "PSN", "KEY", "BIG", "FLAG", "WIDE31", "TOP", "FORTY")) {
            int off = c.getField("OFF_" + f).getInt(null), len = c.getField("LEN_" + f).getInt(null);
            long word = io.rocescope.dissector.util.BigEndian.read(d, 3 + off, len);
            long expected = (word >>> c.getField("SHIFT_" + f).getInt(null)) & c.getField("MASK_" + f).getLong(null);
            assertThat(((Number) read(c, "read" + f.charAt(0) + f.substring(1).toLowerCase(), d, 3)).longValue()).as(f).isEqualTo(expected);
        }
        assertThat(c.getMethod("readPsn", byte[].class, int.class).getReturnType()).isEqualTo(int.class);
        assertThat(c.getMethod("readWide31", byte[].class, int.class).getReturnType()).isEqualTo(int.class);
        assertThat(c.getMethod("readKey", byte[].class, int.class).getReturnType()).isEqualTo(long.class);
        assertThat(c.getMethod("readForty", byte[].class, int.class).getReturnType()).isEqualTo(long.class);
        assertThat(readers(c)).containsExactlyInAnyOrder("readOne", "readNibble", "readAcross", "readPsn", "readKey", "readBig",
            "readFlag", "readWide31", "readTop", "readForty", "readHead");   // not little (ORDER_), times (repeated), blob
        // a little-endian file, and a type in its own byte order in a big-endian one, get constants and no reader
        Path le = dir.resolve("le_ints.ksy");
        Files.writeString(le, "meta:\n  id: le_ints\n  endian: le\nseq:\n  - {id: a, type: u2}\n  - {id: b, type: u4}\n");
        assertThat(runLayouts(dir, le)).isZero();
        assertThat(readers(compile(dir, "LeIntsLayout"))).isEmpty();
        Path own = dir.resolve("own_order.ksy");
        Files.writeString(own, "meta:\n  id: own_order\n  endian: be\ntypes:\n  t:\n    meta:\n      endian: le\n"
            + "    seq:\n      - {id: a, type: u2}\n");
        assertThat(runLayouts(dir, own)).isZero();
        assertThat(readers(compile(dir, "OwnOrderLayout"))).isEmpty();
        // at most 31 bits out of a 5-byte word: read as a long, returned as an int
        Path narrow = dir.resolve("narrow.ksy");
        Files.writeString(narrow, "meta:\n  id: narrow\n  endian: be\nseq:\n  - {id: lead, type: b6}\n  - {id: mid, type: b28}\n"
            + "  - {id: tail, type: b6}\n");
        assertThat(runLayouts(dir, narrow)).isZero();
        Class<?> n = compile(dir, "NarrowLayout");
        byte[] w = {(byte) 0xAB, (byte) 0xCD, (byte) 0xEF, 0x12, 0x34};
        assertThat(n.getField("LEN_MID").getInt(null)).isEqualTo(5);
        assertThat(n.getMethod("readMid", byte[].class, int.class).getReturnType()).isEqualTo(int.class);
        assertThat(read(n, "readMid", w, 0)).isEqualTo(0xF37BC48);   // (0xABCDEF1234 >>> 6) & 0xFFFFFFF
        assertThat(read(n, "readLead", w, 0)).isEqualTo(0x2A);
        assertThat(read(n, "readTail", w, 0)).isEqualTo(0x34);
    }

    /** Compiles the generated dir/out/t/NAME.java and loads it. */
    private static Class<?> compile(Path dir, String name) throws Exception {
        Path classes = Files.createDirectories(dir.resolve("classes"));
        javax.tools.JavaCompiler javac = javax.tools.ToolProvider.getSystemJavaCompiler();
        int rc = javac.run(null, null, null, "-d", classes.toString(), dir.resolve("out/t/" + name + ".java").toString());
        assertThat(rc).as("javac " + name).isZero();
        return new java.net.URLClassLoader(new java.net.URL[] {classes.toUri().toURL()}).loadClass("t." + name);
    }

    private static Object read(Class<?> c, String reader, byte[] d, int at) throws Exception {
        return c.getMethod(reader, byte[].class, int.class).invoke(null, d, at);
    }

    private static List<String> readers(Class<?> c) {
        return java.util.Arrays.stream(c.getDeclaredMethods()).map(java.lang.reflect.Method::getName).filter(n -> n.startsWith("read")).toList();
    }

    /** Runs the build step (src/build/KsyLayouts.java) as Maven does, into dir/out, package t; its exit code. */
    private static int runLayouts(Path dir, Path ksy) throws IOException, InterruptedException {
        String yaml = Path.of(org.yaml.snakeyaml.Yaml.class.getProtectionDomain().getCodeSource().getLocation().getPath()).toString();
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", yaml,
            "src/build/KsyLayouts.java", dir.resolve("out").toString(), "t", ksy.toString())
            .redirectErrorStream(true).redirectOutput(dir.resolve("log").toFile()).start();
        int rc = p.waitFor();
        System.out.println(Files.readString(dir.resolve("log"), StandardCharsets.UTF_8));
        return rc;
    }
}
