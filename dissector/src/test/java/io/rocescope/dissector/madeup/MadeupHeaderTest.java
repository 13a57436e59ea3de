package io.rocescope.dissector.madeup;

import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.encode.DescribedHeaderEncoder;
import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.encode.RoceFrames;
import io.rocescope.dissector.field.ExtendedHeader;
import io.rocescope.dissector.field.ExtendedHeaders;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.LinkTypeNames;
import io.rocescope.dissector.field.OpcodeTable;
import io.rocescope.dissector.filter.DisplayFilter;
import io.rocescope.dissector.text.InfoColumn;
import io.rocescope.dissector.text.LineBuffer;
import io.rocescope.dissector.text.TreeText;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.TestPcapWriter;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import org.junit.jupiter.api.Test;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;

import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * XYZETH, the made-up extended header of src/test/ksy/madeup_transport.ksy, goes the whole way with no Java but its
 * Info text: the build generated its description, ServiceLoader found it, the registry has its fields, the
 * generic encoder writes it, the generic decoder reads it back, display filters select it, and the Info column
 * and the -V tree show it.
 */
class MadeupHeaderTest {
    private static final int OPCODE = 0xF7;
    private static final Net NET = new Net(new byte[] {2, 0, 0, 0, 0, 1}, new byte[] {2, 0, 0, 0, 0, 2},
        new byte[] {10, 0, 0, 1}, new byte[] {10, 0, 0, 2}, -1, 0, 0xC123, 2);
    private static final byte[] PAYLOAD = {1, 2, 3, 4, 5, 6, 7, 8};

    private static ExtendedHeader xyzeth() {
        return ExtendedHeaders.forOpcode(OPCODE).header();
    }

    private static byte[] frame(long flavor, long urgent, long level, long key) {
        byte[] h = DescribedHeaderEncoder.encode(xyzeth(), flavor, urgent, level, key, 0);
        return RoceFrames.roce(NET, OPCODE, 0x12, 77, true, false, h, PAYLOAD);
    }

    private static DecodedFrame decode(byte[] frame, FieldInterest interest) {
        CaptureRecord rec = new CaptureRecord();
        rec.data = frame;
        rec.capturedLength = rec.originalLength = frame.length;
        rec.linkType = LinkTypeNames.ETHERNET;
        rec.number = 1;
        return new FrameDecoder(new io.rocescope.dissector.decode.DecodeOptions(), interest).decode(rec).copy();
    }

    private static FieldDef field(String name) {
        FieldDef f = Fields.byName(name);
        assertThat(f).as(name).isNotNull();
        return f;
    }

    @Test
    void theGeneratedDescriptionIsFoundAndItsFieldsAreRegisteredAfterEveryOther() {
        assertThat(ExtendedHeaders.all()).extracting(e -> (Object) e.header().getClass()).contains(XyzethHeaderKsy.class);
        assertThat(ExtendedHeaders.forOpcode(OPCODE).header()).isInstanceOf(XyzethHeaderKsy.class);
        assertThat(xyzeth().name()).isEqualTo("XYZETH");
        assertThat(xyzeth().size()).isEqualTo(MadeupTransportLayout.FIXED_SIZE_XYZETH).isEqualTo(12);
        assertThat(OpcodeTable.isDefined(OPCODE)).as("the real decoder does not know 0xF7").isFalse();
        List<String> names = List.of("madeup.xyzeth", "madeup.xyzeth.flavor", "madeup.xyzeth.urgent", "madeup.xyzeth.level",
            "madeup.xyzeth.key", "madeup.xyzeth.tag");
        // its fields are consecutive, in -fields order, and after every hand-registered field: no product id moved
        int first = field("madeup.xyzeth").id();
        for (int i = 0; i < names.size(); i++) assertThat(field(names.get(i)).id()).as(names.get(i)).isEqualTo(first + i);
        java.util.Set<FieldDef> described = new java.util.HashSet<>();
        for (ExtendedHeaders.Entry e : ExtendedHeaders.all()) {
            described.add(e.protocol());
            described.addAll(List.of(e.fields()));
        }
        int lastHandRegistered = Fields.all().stream().filter(d -> !described.contains(d)).mapToInt(FieldDef::id).max().orElseThrow();
        assertThat(first).isGreaterThan(lastHandRegistered);
        assertThat(lastHandRegistered).isEqualTo(Fields.all().size() - described.size() - 1);
        assertThat(field("madeup.xyzeth").type()).isEqualTo(FieldType.PROTOCOL);
        assertThat(field("madeup.xyzeth").label()).isEqualTo("Made-up Extended Transport Header");
        assertThat(field("madeup.xyzeth.key").hexDigits()).isEqualTo(8);
        assertThat(field("madeup.xyzeth.tag").type()).isEqualTo(FieldType.BYTES);
        assertThat(field("madeup.xyzeth.flavor").names().nameOf(5)).isEqualTo("Strawberry");
    }

    @Test
    void whatTheGenericEncoderWritesTheGenericDecoderReadsBack() {
        Random random = new Random(12);
        for (int round = 0; round < 200; round++) {
            long flavor = random.nextInt(256), urgent = random.nextInt(2), level = random.nextInt(8);
            long key = random.nextLong() & 0xFFFFFFFFL;
            byte[] frame = frame(flavor, urgent, level, key);
            for (FieldInterest interest : List.of(FieldInterest.all(), FieldInterest.summary())) {
                DecodedFrame f = decode(frame, interest);
                String where = "round " + round + ", " + (interest == FieldInterest.all() ? "all fields" : "summary");
                assertThat(f.experts()).as(where).isEmpty();
                assertThat(f.icrcStatus()).as(where).isEqualTo(DecodedFrame.IcrcStatus.GOOD);
                assertThat(f.get(field("madeup.xyzeth.flavor"), -1)).as(where).isEqualTo(flavor);
                assertThat(f.get(field("madeup.xyzeth.urgent"), -1)).as(where).isEqualTo(urgent);
                assertThat(f.get(field("madeup.xyzeth.level"), -1)).as(where).isEqualTo(level);
                assertThat(f.get(field("madeup.xyzeth.key"), -1)).as(where).isEqualTo(key);
                int at = f.ib().describedHeaderOffset();
                assertThat(at).as(where).isEqualTo(14 + 20 + 8 + 12);
                assertThat(f.offset(f.find(field("madeup.xyzeth.key")))).isEqualTo(at + MadeupTransportLayout.OFF_XYZETH_KEY);
                // the payload starts after the header, as the encoder put it
                assertThat(f.ib().payloadOffset()).as(where).isEqualTo(at + 12);
                assertThat(f.ib().payloadLength()).as(where).isEqualTo(PAYLOAD.length);
            }
        }
    }

    @Test
    void everyBitLandsWhereTheLayoutSays() {
        // one field at its maximum and the rest zero: the encoded header is exactly that field's bits
        byte[] h = DescribedHeaderEncoder.encode(xyzeth(), 0, 1, 0, 0, 0);
        assertThat(h).containsExactly(0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        h = DescribedHeaderEncoder.encode(xyzeth(), 0, 0, 7, 0, 0);
        assertThat(h).containsExactly(0, 0x70, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        h = DescribedHeaderEncoder.encode(xyzeth(), 0xAB, 0, 0, 0x01020304L, 0);
        assertThat(h).containsExactly(0xAB, 0, 0, 0, 1, 2, 3, 4, 0, 0, 0, 0);
    }

    @Test
    void displayFiltersSelectByItsFields() throws Exception {
        DecodedFrame a = decode(frame(1, 1, 5, 0xDEADBEEFL), FieldInterest.all());
        DecodedFrame b = decode(frame(5, 0, 3, 7), FieldInterest.all());
        DecodedFrame plain = decode(RoceFrames.roce(NET, 0x04, 0x12, 1, true, false, new byte[0], PAYLOAD), FieldInterest.all());
        assertMatches("madeup.xyzeth.level == 5", true, false, false, a, b, plain);
        assertMatches("madeup.xyzeth", true, true, false, a, b, plain);
        assertMatches("madeup.xyzeth.key == 0xdeadbeef && madeup.xyzeth.urgent", true, false, false, a, b, plain);
        assertMatches("madeup.xyzeth.flavor == 5 || infiniband.bth.opcode == 4", false, true, true, a, b, plain);
        assertMatches("!madeup.xyzeth", false, false, true, a, b, plain);
        // a filter's fields are what a summary decode keeps: it still selects
        DisplayFilter level = DisplayFilter.parse("madeup.xyzeth.level == 5");
        DecodedFrame lean = decode(frame(1, 1, 5, 9), FieldInterest.summary().with(level.fields()));
        assertThat(level.matches(lean)).isTrue();
    }

    private static void assertMatches(String filter, boolean a, boolean b, boolean c, DecodedFrame... frames) throws Exception {
        DisplayFilter f = DisplayFilter.parse(filter);
        assertThat(new boolean[] {f.matches(frames[0]), f.matches(frames[1]), f.matches(frames[2])}).as(filter)
            .containsExactly(a, b, c);
    }

    @Test
    void theInfoColumnAndTheTreeShowIt() {
        DecodedFrame f = decode(frame(1, 1, 5, 0xDEADBEEFL), FieldInterest.all());
        assertThat(InfoColumn.of(f)).isEqualTo("Unknown opcode 0xf7 QP=0x000012 PSN=77 XYZ Chocolate urgent level=5 key=0xdeadbeef");
        String tree = TreeText.append(new LineBuffer(1024), f).toString();
        assertThat(tree).contains("        Made-up Extended Transport Header  [madeup.xyzeth @54+12]\n"
            + "            Flavor: Chocolate (1)  [madeup.xyzeth.flavor @54+1]\n"
            + "            Urgent: 1  [madeup.xyzeth.urgent @55+1]\n"
            + "            Level: 5  [madeup.xyzeth.level @55+1]\n"
            + "            Key: 0xdeadbeef  [madeup.xyzeth.key @58+4]\n"
            + "            Tag: 00000000  [madeup.xyzeth.tag @62+4]\n");
    }

    @Test
    void otherOpcodesAreDecodedAsBefore() {
        // the same bytes under a vendor opcode no description takes: the real decoder's unknown-opcode path
        byte[] h = DescribedHeaderEncoder.encode(xyzeth(), 1, 1, 5, 9, 0);
        DecodedFrame f = decode(RoceFrames.roce(NET, 0xF6, 0x12, 77, true, false, h, PAYLOAD), FieldInterest.all());
        assertThat(f.experts()).extracting(e -> e.key()).containsExactly("opcode.unknown");
        assertThat(f.has(field("madeup.xyzeth"))).isFalse();
        assertThat(f.ib().describedHeaderOffset()).isEqualTo(-1);
        assertThat(f.ib().payloadLength()).isEqualTo(12 + PAYLOAD.length);
        assertThat(InfoColumn.of(f)).isEqualTo("Unknown opcode 0xf6 QP=0x000012 PSN=77");
        for (int op = 0; op < 256; op++) {
            if (OpcodeTable.isDefined(op)) assertThat(ExtendedHeaders.forOpcode(op)).as("opcode %02x", op).isNull();
        }
    }

    @Test
    void aShortFrameIsMalformedNotReadPastItsEnd() {
        // BTH then 8 bytes and the ICRC: too short for the 12-byte XYZETH
        DecodedFrame f = decode(RoceFrames.roce(NET, OPCODE, 0x12, 77, true, false, new byte[0], new byte[8]), FieldInterest.all());
        assertThat(f.experts()).extracting(e -> e.message())
            .containsExactly("InfiniBand: Unknown opcode 0xf7 needs XYZETH at offset 54 but the packet ends at 62");
        assertThat(f.has(field("madeup.xyzeth"))).isFalse();
    }

    /**
     * Writes target/xyzeth.pcap (XYZETH frames with levels 5, 3 and 5, then a plain RC SEND Only), which the
     * README's layout section runs the CLI on, and reads it back through the capture reader and a filter.
     */
    @Test
    void aCaptureOfItReadsBackThroughTheReaderAndTheFilter() throws Exception {
        List<TestCaptures.RawFrame> frames = new ArrayList<>();
        byte[][] data = {frame(1, 1, 5, 0xDEADBEEFL), frame(5, 0, 3, 7), frame(0, 0, 5, 0x1234),
            RoceFrames.roce(NET, 0x04, 0x12, 78, true, false, new byte[0], PAYLOAD)};
        for (int i = 0; i < data.length; i++) {
            frames.add(new TestCaptures.RawFrame(1_796_000_000_000_000_000L + i * 1_000_000L, data[i], data[i].length,
                LinkTypeNames.ETHERNET));
        }
        Path file = Path.of("target", "xyzeth.pcap");
        Files.write(file, TestPcapWriter.pcap(frames, LinkTypeNames.ETHERNET, ByteOrder.LITTLE_ENDIAN, false, 65535));
        DisplayFilter filter = DisplayFilter.parse("madeup.xyzeth.level == 5");
        FrameDecoder decoder = new FrameDecoder(new io.rocescope.dissector.decode.DecodeOptions(),
            FieldInterest.summary().with(filter.fields()));
        List<Long> selected = new ArrayList<>();
        try (CaptureReader r = CaptureReaders.open(file.toString())) {
            CaptureRecord rec = new CaptureRecord();
            while (r.next(rec)) if (filter.matches(decoder.decode(rec))) selected.add(rec.number);
        }
        assertThat(selected).containsExactly(1L, 3L);
    }
}
