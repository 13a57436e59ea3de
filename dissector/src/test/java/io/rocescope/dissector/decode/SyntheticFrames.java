package io.rocescope.dissector.decode;

import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.field.LinkTypeNames;

import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.encode.RoceFrames;

/** RoCEv2/IPv4 frames with a correct ICRC (from the encoder), for opcodes and lengths the real captures lack. */
final class SyntheticFrames {
    private SyntheticFrames() {}

    /** Ethernet/IPv4/UDP 4791 frame: BTH with {@code opcode}, then {@code rest} (headers + payload), then the ICRC. */
    static byte[] roceV2(int opcode, byte[] rest) {
        return roceV2(opcode, 0x11, rest);
    }

    static byte[] roceV2(int opcode, int destQp, byte[] rest) {
        Net net = new Net(new byte[] {2, 0, 0, 0, 0, 1}, new byte[] {2, 0, 0, 0, 0, 2}, new byte[] {10, 0, 0, 1},
            new byte[] {10, 0, 0, 2}, -1, 0, 0xC123, 2);
        return RoceFrames.roce(net, opcode, destQp, 1234, true, false, new byte[0], rest);
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
