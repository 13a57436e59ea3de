package io.rocescope.dissector.decode;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.Fields;
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
        List<TestCaptures.RawFrame> raw = TestCaptures.records(capture);
        List<DecodedFrame> ours = TestCaptures.decode(capture);
        assertThat(ours).hasSameSizeAs(raw);
        int roce = 0;
        for (int n = 0; n < raw.size(); n++) {
            Map<String, Long> kaitai = KaitaiFields.ethernet(raw.get(n).data());
            compare(capture.getFileName() + " frame " + (n + 1), kaitai, ours.get(n));
            if (ours.get(n).isRoce()) roce++;
        }
        assertThat(roce).as("RoCE frames in " + capture.getFileName()).isPositive();
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
            boolean ibHeader = name.startsWith("infiniband.") && !name.startsWith("infiniband.icrc")
                && !name.startsWith("infiniband.cm") && !name.startsWith("infiniband.mad")
                && !name.equals("infiniband.pad") && Fields.byName(name).type() != FieldType.PROTOCOL
                && !name.startsWith("infiniband.aeth.syndrome.") && !name.equals("infiniband.cnp.reserved");
            if (ibHeader) assertThat(kaitai).as("%s: Kaitai also has %s", where, name).containsKey(name);
        }
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
