package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.LinkTypeNames;
import io.rocescope.dissector.text.InfoColumn;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/** Lengths that do not add up, unknown opcodes and cut frames: a marker on the frame, never an exception. */
class MalformedInputTest {

    private static byte[] sendOnly() {
        return SyntheticFrames.roceV2(0x04, new byte[32]);
    }

    @Test
    void udpLengthLargerThanTheIpPacketIsMalformed() {
        byte[] f = sendOnly();
        ByteBuffer.wrap(f).putShort(38, (short) 500);
        DecodedFrame d = SyntheticFrames.decode(f);
        assertThat(d.hasExpert("malformed")).isTrue();
        assertThat(d.isRoce()).isFalse();
        assertThat(InfoColumn.of(d)).contains("[Malformed Packet]");
    }

    @Test
    void ipTotalLengthBeyondTheFrameIsMalformedWhenNothingWasCut() {
        byte[] f = sendOnly();
        ByteBuffer.wrap(f).putShort(16, (short) 1400);
        DecodedFrame d = SyntheticFrames.decode(f);
        assertThat(d.hasExpert("malformed")).isTrue();
        assertThat(d.find(Fields.IP_SRC)).isPositive();   // everything before the damage is kept
    }

    @Test
    void padCountThatLeavesNoRoomIsMalformed() {
        byte[] f = SyntheticFrames.roceV2(0x11, new byte[4]);   // ACK: AETH and nothing else
        f[43] |= 0x30;                                          // PadCnt 3
        DecodedFrame d = SyntheticFrames.decode(f);
        assertThat(d.hasExpert("malformed")).isTrue();
        assertThat(d.find(Fields.AETH_SYNDROME)).isPositive();
    }

    @Test
    void aHeaderThatDoesNotFitIsMalformed() {
        byte[] f = SyntheticFrames.roceV2(0x0C, new byte[8]);   // READ Request needs a 16-byte RETH
        DecodedFrame d = SyntheticFrames.decode(f);
        assertThat(d.hasExpert("malformed")).isTrue();
        assertThat(d.experts().get(0).message()).contains("RETH");
        assertThat(d.get(Fields.BTH_OPCODE, -1)).isEqualTo(0x0C);
    }

    @Test
    void tooShortForABthIsMalformed() {
        byte[] f = SyntheticFrames.roceV2(0x04, new byte[0]);
        ByteBuffer.wrap(f).putShort(38, (short) 18);   // UDP says 10 bytes of payload
        assertThat(SyntheticFrames.decode(f).hasExpert("malformed")).isTrue();
    }

    @Test
    void reservedAndVendorOpcodesAreFlaggedAndTheirBytesShownAsPayload() {
        for (int opcode : new int[] {0x18, 0x1F, 0x2C, 0x63, 0xC5, 0xE0, 0xFF}) {
            DecodedFrame d = SyntheticFrames.decode(SyntheticFrames.roceV2(opcode, new byte[20]));
            assertThat(d.hasExpert("opcode.unknown")).as("opcode %x", opcode).isTrue();
            assertThat(d.length(d.find(Fields.PAYLOAD))).isEqualTo(20);
            assertThat(d.icrcStatus()).isEqualTo(DecodedFrame.IcrcStatus.GOOD);
            assertThat(InfoColumn.of(d)).startsWith(String.format("Unknown opcode 0x%02x", opcode));
        }
    }

    @Test
    void everyCutOfARealFrameDecodesWithoutAnException() {
        byte[] full = SyntheticFrames.roceV2(0x0B, new byte[16 + 4 + 24]);   // WRITE Only with Immediate
        for (int cap = 0; cap <= full.length; cap++) {
            byte[] cut = Arrays.copyOf(full, cap);
            DecodedFrame asSnaplen = SyntheticFrames.decode(cut, LinkTypeNames.ETHERNET, full.length, new DecodeOptions());
            DecodedFrame asDamage = SyntheticFrames.decode(cut, LinkTypeNames.ETHERNET, cap, new DecodeOptions());
            assertThat(asSnaplen.experts()).noneMatch(e -> e.message().startsWith("Dissector failure"));
            assertThat(asDamage.experts()).noneMatch(e -> e.message().startsWith("Dissector failure"));
            if (cap < full.length) {
                assertThat(asSnaplen.hasExpert("truncated")).as("cut at %d", cap).isTrue();
                assertThat(asSnaplen.hasExpert("malformed")).as("cut at %d", cap).isFalse();
                assertThat(asDamage.hasExpert("malformed") || asDamage.hasExpert("truncated")).as("cut at %d", cap).isTrue();
            }
        }
    }

    @Test
    void decodeAsAnotherUdpPort() {
        byte[] f = sendOnly();
        ByteBuffer.wrap(f).putShort(36, (short) 5000);
        assertThat(SyntheticFrames.decode(f).isRoce()).isFalse();
        DecodedFrame d = SyntheticFrames.decode(f, LinkTypeNames.ETHERNET, f.length, new DecodeOptions().addRocePort(5000));
        assertThat(d.isRoce()).isTrue();
        assertThat(d.get(Fields.BTH_OPCODE, -1)).isEqualTo(4);
        // the UDP port is covered by the ICRC, so rewriting it shows up as a bad ICRC
        assertThat(d.icrcStatus()).isEqualTo(DecodedFrame.IcrcStatus.BAD);
    }
}
