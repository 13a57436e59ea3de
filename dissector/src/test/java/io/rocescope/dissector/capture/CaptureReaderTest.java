package io.rocescope.dissector.capture;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.TestCaptures.RawFrame;
import io.rocescope.dissector.TestPcapWriter;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.LinkTypeNames;
import io.rocescope.dissector.field.ksy.PcapFileLayout;
import io.rocescope.dissector.text.FieldText;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** pcap and pcapng in every variant, cooked and raw link types: the same frames decode to the same fields. */
class CaptureReaderTest {

    static CaptureReader open(byte[] bytes) throws IOException {
        return CaptureReaders.open(new ByteArrayInputStream(bytes), "test");
    }

    /** The transport-level fields of a frame as text, independent of the link layer. */
    static List<String> transportFields(DecodedFrame f) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < f.fieldCount(); i++) {
            FieldDef d = f.def(i);
            String n = d.abbrev();
            if (n.startsWith("infiniband") || n.startsWith("ip.") || n.startsWith("ipv6.") || n.startsWith("udp.") || n.startsWith("tcp.")) {
                out.add(n + "=" + FieldText.value(f, i) + "@" + (f.offset(i) - firstNetworkOffset(f)) + "+" + f.length(i));
            }
        }
        out.add("icrc=" + f.icrcStatus());
        return out;
    }

    private static int firstNetworkOffset(DecodedFrame f) {
        for (int i = 0; i < f.fieldCount(); i++) {
            String n = f.def(i).abbrev();
            if (n.equals("ip") || n.equals("ipv6")) return f.offset(i);
        }
        return 0;
    }

    private static void assertSameDecode(List<DecodedFrame> expected, List<DecodedFrame> actual) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int n = 0; n < expected.size(); n++) {
            assertThat(transportFields(actual.get(n))).as("frame %d", n + 1).isEqualTo(transportFields(expected.get(n)));
            assertThat(actual.get(n).timestampNanos() / 1000).isEqualTo(expected.get(n).timestampNanos() / 1000);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_ipv6", "send_bw_vlan100", "rping", "atomic_bw_fetch_add"})
    void pcapByteOrdersAndNanosecondsDecodeTheSame(String name) throws IOException {
        List<RawFrame> raw = TestCaptures.records(TestCaptures.file(name));
        List<DecodedFrame> reference = TestCaptures.decode(TestCaptures.file(name));
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            for (boolean nanos : new boolean[] {false, true}) {
                byte[] file = TestPcapWriter.pcap(raw, 1, order, nanos, 262144);
                try (CaptureReader r = open(file)) {
                    assertThat(r.format()).isEqualTo("pcap");
                    assertSameDecode(reference, TestCaptures.decode(r, new DecodeOptions()));
                }
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_ipv6", "send_bw_vlan100", "rping"})
    void pcapngInBothByteOrdersDecodesTheSame(String name) throws IOException {
        List<RawFrame> raw = TestCaptures.records(TestCaptures.file(name));
        List<DecodedFrame> reference = TestCaptures.decode(TestCaptures.file(name));
        for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
            TestPcapWriter.Pcapng w = new TestPcapWriter.Pcapng(order);
            w.iface(1, 262144, 9);   // nanosecond timestamps
            w.block(0x0BAD, ByteBuffer.allocate(8));   // an unknown block is skipped
            for (RawFrame f : raw) w.enhanced(0, f.timestampNanos(), f.data(), f.data().length, f.originalLength());
            try (CaptureReader r = open(w.bytes())) {
                assertThat(r.format()).isEqualTo("pcapng");
                assertSameDecode(reference, TestCaptures.decode(r, new DecodeOptions()));
            }
        }
    }

    @Test
    void pcapngWithSeveralInterfacesAndLinkTypesAndEveryPacketBlockKind() throws IOException {
        List<RawFrame> raw = TestCaptures.records(TestCaptures.file("send_write_imm")).subList(0, 12);
        TestPcapWriter.Pcapng w = new TestPcapWriter.Pcapng(ByteOrder.LITTLE_ENDIAN);
        w.iface(1, 262144, -1);                     // 0: Ethernet, microseconds (default resolution)
        w.iface(LinkTypeNames.RAW, 262144, 9);      // 1: raw IP, nanoseconds
        w.iface(LinkTypeNames.LINUX_SLL, 262144, 0x80 | 20); // 2: SLL, 2^-20 s units
        for (int i = 0; i < raw.size(); i++) {
            RawFrame f = raw.get(i);
            switch (i % 4) {
                case 0 -> w.enhanced(0, f.timestampNanos() / 1000, f.data(), f.data().length, f.data().length);
                case 1 -> w.enhanced(1, f.timestampNanos(), stripEthernet(f.data()), f.data().length - 14, f.data().length - 14);
                case 2 -> w.enhanced(2, (long) (f.timestampNanos() / 1e9 * (1 << 20)), toSll(f.data()), f.data().length + 2, f.data().length + 2);
                default -> w.obsolete(0, f.timestampNanos() / 1000, f.data());
            }
        }
        w.simple(raw.get(0).data(), raw.get(0).data().length);
        List<DecodedFrame> frames;
        try (CaptureReader r = open(w.bytes())) {
            frames = TestCaptures.decode(r, new DecodeOptions());
        }
        List<DecodedFrame> reference = TestCaptures.decode(TestCaptures.file("send_write_imm"));
        assertThat(frames).hasSize(13);
        for (int i = 0; i < 12; i++) {
            assertThat(transportFields(frames.get(i))).as("frame %d", i + 1).isEqualTo(transportFields(reference.get(i)));
            assertThat(frames.get(i).interfaceId()).isEqualTo(i % 4 == 3 ? 0 : i % 4);
            long tolerance = i % 4 == 2 ? 1000 : 1;   // 2^-20 s units are about 1 µs
            assertThat(Math.abs(frames.get(i).timestampNanos() / 1000 - reference.get(i).timestampNanos() / 1000))
                .as("timestamp of frame %d", i + 1).isLessThanOrEqualTo(tolerance);
        }
        assertThat(transportFields(frames.get(12))).isEqualTo(transportFields(reference.get(0)));
    }

    /**
     * A section header's comment, hardware, OS and application become the capture's comments (the last three under
     * their names), an option it does not know does not; an interface's comment, name, resolution and offset are read
     * in the section's byte order.
     */
    @ParameterizedTest
    @ValueSource(strings = {"LITTLE_ENDIAN", "BIG_ENDIAN"})
    void pcapngSectionAndInterfaceOptions(String byteOrder) throws IOException {
        ByteOrder order = byteOrder.equals("BIG_ENDIAN") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        TestPcapWriter.Pcapng w = new TestPcapWriter.Pcapng(order);
        ByteBuffer shb = ByteBuffer.allocate(16 + 12 + 12 + 16 + 12 + 16 + 4).order(order);
        shb.putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1L);
        shb.putShort((short) 1).putShort((short) 5).put("first".getBytes()).put(new byte[3]);
        shb.putShort((short) 2).putShort((short) 6).put("x86_64".getBytes()).put(new byte[2]);
        shb.putShort((short) 3).putShort((short) 9).put("Linux 6.1".getBytes()).put(new byte[3]);
        shb.putShort((short) 4).putShort((short) 7).put("dumpcap".getBytes()).put(new byte[1]);
        shb.putShort((short) 5).putShort((short) 9).put("not shown".getBytes()).put(new byte[3]);
        shb.putInt(0);
        w.block(0x0A0D0D0A, shb);   // a second section, with options
        ByteBuffer idb = ByteBuffer.allocate(8 + 12 + 8 + 8 + 12 + 8 + 4).order(order);
        idb.putShort((short) 1).putShort((short) 0).putInt(262144);
        idb.putShort((short) 1).putShort((short) 6).put("uplink".getBytes()).put(new byte[2]);
        idb.putShort((short) 2).putShort((short) 4).put("eth0".getBytes());
        idb.putShort((short) 9).putShort((short) 1).put((byte) 9).put(new byte[3]);
        idb.putShort((short) 14).putShort((short) 8).putLong(100);
        idb.putShort((short) 14).putShort((short) 4).putInt(7);   // too short for an offset: ignored
        idb.putInt(0);
        w.block(1, idb);
        byte[] frame = TestCaptures.records(TestCaptures.file("rping")).get(0).data();
        w.enhanced(0, 1_500_000_000L, frame, frame.length, frame.length);
        try (CaptureReader r = open(w.bytes())) {
            CaptureRecord rec = new CaptureRecord();
            assertThat(r.next(rec)).isTrue();
            assertThat(rec.timestampNanos).isEqualTo(101_500_000_000L);   // 1.5 s in nanoseconds, 100 s later
            assertThat(r.comments()).containsExactly("first", "Hardware: x86_64", "OS: Linux 6.1", "Application: dumpcap",
                "Interface 0: uplink");
            assertThat(r.interfaces()).containsExactly(new CaptureInterface(1, 262144, "eth0", null));
        }
    }

    static byte[] stripEthernet(byte[] frame) {
        return Arrays.copyOfRange(frame, 14, frame.length);
    }

    /** Linux cooked v1: packet type, ARPHRD_ETHER, address length 6, source MAC padded to 8, EtherType. */
    static byte[] toSll(byte[] frame) {
        ByteBuffer b = ByteBuffer.allocate(frame.length + 2);
        b.putShort((short) 4).putShort((short) 1).putShort((short) 6).put(frame, 6, 6).putShort((short) 0)
            .put(frame, 12, 2).put(frame, 14, frame.length - 14);
        return b.array();
    }

    /** Linux cooked v2: EtherType, reserved, ifindex, ARPHRD_ETHER, packet type, address length, address. */
    static byte[] toSll2(byte[] frame) {
        ByteBuffer b = ByteBuffer.allocate(frame.length + 6);
        b.put(frame, 12, 2).putShort((short) 0).putInt(7).putShort((short) 1).put((byte) 4).put((byte) 6)
            .put(frame, 6, 6).putShort((short) 0).put(frame, 14, frame.length - 14);
        return b.array();
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_ipv6", "rping", "send_bw_loss2pct"})
    void cookedAndRawIpCapturesDecodeTheSame(String name) throws IOException {
        List<RawFrame> raw = TestCaptures.records(TestCaptures.file(name));
        List<DecodedFrame> reference = TestCaptures.decode(TestCaptures.file(name));
        int[][] variants = {{LinkTypeNames.LINUX_SLL}, {LinkTypeNames.LINUX_SLL2}, {LinkTypeNames.RAW}};
        for (int[] v : variants) {
            List<RawFrame> converted = new ArrayList<>();
            List<DecodedFrame> expected = new ArrayList<>();
            for (int i = 0; i < raw.size(); i++) {
                RawFrame f = raw.get(i);
                int etherType = ((f.data()[12] & 0xFF) << 8) | (f.data()[13] & 0xFF);
                if (v[0] == LinkTypeNames.RAW && etherType != 0x0800 && etherType != 0x86DD) continue;
                byte[] d = v[0] == LinkTypeNames.LINUX_SLL ? toSll(f.data()) : v[0] == LinkTypeNames.LINUX_SLL2 ? toSll2(f.data()) : stripEthernet(f.data());
                converted.add(new RawFrame(f.timestampNanos(), d, d.length, v[0]));
                expected.add(reference.get(i));
            }
            try (CaptureReader r = open(TestPcapWriter.pcap(converted, v[0], ByteOrder.LITTLE_ENDIAN, true, 262144))) {
                List<DecodedFrame> got = TestCaptures.decode(r, new DecodeOptions());
                assertSameDecode(expected, got);
                assertThat(got.stream().filter(DecodedFrame::isRoce).count()).as("link type " + v[0]).isPositive();
            }
        }
    }

    @Test
    void truncatedLastRecordKeepsEveryEarlierFrameAndWarns() throws IOException {
        List<RawFrame> raw = TestCaptures.records(TestCaptures.file("send_write_imm"));
        byte[] file = TestPcapWriter.pcap(raw, 1, ByteOrder.LITTLE_ENDIAN, false, 262144);
        byte[] cut = Arrays.copyOf(file, file.length - 10);
        try (CaptureReader r = open(cut)) {
            List<DecodedFrame> frames = TestCaptures.decode(r, new DecodeOptions());
            assertThat(frames).hasSize(raw.size() - 1);
            assertThat(r.warnings()).singleElement().asString().contains("cut short").contains((raw.size() - 1) + " frames were read");
        }
        // a cut inside a record header
        int lastStart = file.length - raw.get(raw.size() - 1).data().length - 16;
        try (CaptureReader r = open(Arrays.copyOf(file, lastStart + 7))) {
            assertThat(TestCaptures.decode(r, new DecodeOptions())).hasSize(raw.size() - 1);
            assertThat(r.warnings()).singleElement().asString().contains("record header");
        }
    }

    @Test
    void truncatedPcapngBlockKeepsEarlierFrames() throws IOException {
        List<RawFrame> raw = TestCaptures.records(TestCaptures.file("send_write_imm"));
        TestPcapWriter.Pcapng w = new TestPcapWriter.Pcapng(ByteOrder.LITTLE_ENDIAN).iface(1, 262144, -1);
        for (RawFrame f : raw) w.enhanced(0, f.timestampNanos() / 1000, f.data(), f.data().length, f.data().length);
        byte[] bytes = w.bytes();
        try (CaptureReader r = open(Arrays.copyOf(bytes, bytes.length - 30))) {
            assertThat(TestCaptures.decode(r, new DecodeOptions())).hasSize(raw.size() - 1);
            assertThat(r.warnings()).singleElement().asString().contains("cut short");
        }
    }

    @Test
    void corruptRecordLengthStopsWithAWarning() throws IOException {
        List<RawFrame> raw = TestCaptures.records(TestCaptures.file("send_write_imm"));
        byte[] file = TestPcapWriter.pcap(raw, 1, ByteOrder.LITTLE_ENDIAN, false, 262144);
        int third = 24 + 16 + raw.get(0).data().length + 16 + raw.get(1).data().length;
        ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN).putInt(third + 8, 0x7FFFFFF0);
        try (CaptureReader r = open(file)) {
            assertThat(TestCaptures.decode(r, new DecodeOptions())).hasSize(2);
            assertThat(r.warnings()).singleElement().asString().contains("corrupt");
        }
    }

    @Test
    void snaplenCutFramesAreMarkedTruncatedAndTheirIcrcUnchecked() throws IOException {
        List<RawFrame> raw = TestCaptures.records(TestCaptures.file("send_bw_rc"));
        try (CaptureReader r = open(TestPcapWriter.pcap(raw, 1, ByteOrder.LITTLE_ENDIAN, false, 96))) {
            List<DecodedFrame> frames = TestCaptures.decode(r, new DecodeOptions());
            DecodedFrame first = frames.stream().filter(f -> f.isRoce() && f.originalLength() > 96).findFirst().orElseThrow();
            assertThat(first.capturedLength()).isEqualTo(96);
            assertThat(first.icrcStatus()).isEqualTo(DecodedFrame.IcrcStatus.UNCHECKED);
            assertThat(first.hasExpert("truncated")).isTrue();
            assertThat(first.hasExpert("malformed")).isFalse();
            assertThat(first.get(io.rocescope.dissector.field.Fields.BTH_PSN, -1)).isPositive();
            // short frames (ACKs) still fit and are checked
            assertThat(frames.stream().filter(f -> f.originalLength() <= 96 && f.isRoce())
                .allMatch(f -> f.icrcStatus() == DecodedFrame.IcrcStatus.GOOD)).isTrue();
        }
    }

    @Test
    void notACaptureUnknownLinkTypeAndEmptyInputGiveOneLineErrors() throws IOException {
        assertThatThrownBy(() -> open("hello, this is text".getBytes())).isInstanceOf(CaptureFormatException.class)
            .hasMessageContaining("not a pcap or pcapng capture");
        assertThatThrownBy(() -> open(new byte[0])).isInstanceOf(CaptureFormatException.class).hasMessageContaining("empty");
        byte[] weird = TestPcapWriter.pcap(List.of(), 147, ByteOrder.LITTLE_ENDIAN, false, 65535);
        assertThatThrownBy(() -> open(weird)).isInstanceOf(CaptureFormatException.class)
            .hasMessageContaining("unsupported link type 147");
        assertThatThrownBy(() -> open(new byte[] {0x1f, (byte) 0x8b, 8, 0, 0})).hasMessageContaining("gzip");
        assertThatThrownBy(() -> CaptureReaders.open("/nonexistent/file.pcap")).hasMessageContaining("no such file");
        assertThatThrownBy(() -> open(Arrays.copyOf(TestPcapWriter.pcap(List.of(), 1, ByteOrder.BIG_ENDIAN, false, 1), 10)))
            .hasMessageContaining("cut short");
    }

    /**
     * The message for a link type the reader refuses lists every link type it accepts, each code with its name: the
     * accepted ones are found by reading a pcap file header of each 16-bit link type, the list is the message's own.
     */
    @Test
    void unsupportedLinkTypeMessageListsEveryAcceptedLinkType() throws IOException {
        // one input of 65536 file headers, read by one PcapReader after another (an input for each header would allocate
        // 65536 direct buffers: seconds)
        ByteArrayOutputStream headers = new ByteArrayOutputStream();
        for (int t = 0; t <= 0xFFFF; t++) headers.writeBytes(TestPcapWriter.pcap(List.of(), t, ByteOrder.LITTLE_ENDIAN, false, 65535));
        Map<Integer, String> accepted = new TreeMap<>();
        try (CaptureInput in = new ChannelInput(new ByteArrayInputStream(headers.toByteArray()), 1 << 16)) {
            byte[] magic = new byte[PcapFileLayout.LEN_HEADER_MAGIC];
            for (int t = 0; t <= 0xFFFF; t++) {
                assertThat(in.read(magic, 0, magic.length)).isEqualTo(magic.length);
                try {
                    accepted.put(t, LinkTypeNames.NAMES.nameOf(new PcapReader(in, "test", magic).linkType()));
                } catch (CaptureFormatException e) {
                    assertThat(e).hasMessageContaining("unsupported link type " + t);
                }
            }
        }
        assertThat(accepted).containsKeys(12, 14);   // raw IP 12 and 14, which the hand-written list once left out
        String message = null;
        try {
            open(TestPcapWriter.pcap(List.of(), 147, ByteOrder.LITTLE_ENDIAN, false, 65535)).close();
        } catch (CaptureFormatException e) {
            message = e.getMessage();
        }
        assertThat(message).doesNotContain("\n").startsWith("test: unsupported link type 147 (supported: ").endsWith(")");
        // "Ethernet 1, Raw IP 12/14/101, …": each name once, with its codes
        Map<Integer, String> listed = new TreeMap<>();
        String list = message.substring(message.indexOf("(supported: ") + "(supported: ".length(), message.length() - 1);
        for (String entry : list.split(", ")) {
            int space = entry.lastIndexOf(' ');
            for (String code : entry.substring(space + 1).split("/")) {
                assertThat(listed.put(Integer.parseInt(code), entry.substring(0, space))).as(entry).isNull();
            }
        }
        assertThat(listed).isEqualTo(accepted);
    }
}
