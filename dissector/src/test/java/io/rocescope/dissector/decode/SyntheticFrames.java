package io.rocescope.dissector.decode;

import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.field.LinkTypeNames;

import java.nio.ByteBuffer;

/** Builds RoCEv2/IPv4 frames with a correct ICRC, for opcodes and lengths the real captures lack. */
final class SyntheticFrames {
    private SyntheticFrames() {}

    /** Ethernet/IPv4/UDP 4791 frame: BTH with {@code opcode}, then {@code rest} (headers + payload), then the ICRC. */
    static byte[] roceV2(int opcode, byte[] rest) {
        return roceV2(opcode, 0x11, rest);
    }

    static byte[] roceV2(int opcode, int destQp, byte[] rest) {
        int udpLen = 8 + 12 + rest.length + 4;
        ByteBuffer b = ByteBuffer.allocate(14 + 20 + udpLen);
        b.put(new byte[] {2, 0, 0, 0, 0, 2, 2, 0, 0, 0, 0, 1}).putShort((short) 0x0800);
        b.put((byte) 0x45).put((byte) 0x02).putShort((short) (20 + udpLen)).putShort((short) 1).putShort((short) 0x4000)
            .put((byte) 64).put((byte) 17).putShort((short) 0).putInt(0x0A000001).putInt(0x0A000002);
        b.putShort((short) 0xC123).putShort((short) 4791).putShort((short) udpLen).putShort((short) 0);
        b.put((byte) opcode).put((byte) 0).putShort((short) 0xFFFF).putInt(destQp).putInt(0x80000000 | 1234);
        b.put(rest);
        byte[] frame = b.array();
        long crc = new IcrcCalculator().compute(frame, 14, IcrcCalculator.IPV4, 20, 34, 42, frame.length - 4);
        for (int i = 0; i < 4; i++) frame[frame.length - 4 + i] = (byte) (crc >>> (8 * i));
        return frame;
    }

    static DecodedFrame decode(byte[] frame) {
        return decode(frame, LinkTypeNames.ETHERNET, frame.length, new DecodeOptions());
    }

    static DecodedFrame decode(byte[] frame, int linkType, int originalLength, DecodeOptions options) {
        CaptureRecord rec = new CaptureRecord();
        rec.data = frame;
        rec.capturedLength = frame.length;
        rec.originalLength = originalLength;
        rec.linkType = linkType;
        rec.number = 1;
        return new FrameDecoder(options).decode(rec).copy();
    }
}
