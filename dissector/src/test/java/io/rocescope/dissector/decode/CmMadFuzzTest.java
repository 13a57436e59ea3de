package io.rocescope.dissector.decode;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.encode.CmMads;
import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.field.LinkTypeNames;

import java.util.Arrays;

/**
 * Coverage-guided fuzzing of the CM dissector (and the MAD header, RDMA-CM's IP header, the Info column's
 * CM text): the input is a MAD, carried to QP1 in a well-formed RoCEv2 frame with a good ICRC, so that
 * every mutation reaches the CM code. Seeded with every kind of CM MAD in the real captures
 * (.../CmMadFuzzTestInputs). Inputs longer or shorter than 256 bytes test the MAD length checks.
 */
class CmMadFuzzTest {
    private static final Net NET = new Net(new byte[] {2, 0, 10, 0, 0, 1}, new byte[] {2, 0, 10, 0, 0, 2},
        new byte[] {10, 0, 0, 1}, new byte[] {10, 0, 0, 2}, -1, 0, 0xC000, 0);

    @FuzzTest
    @Timeout(30)   // per input: a hang is a finding (fuzzing: libFuzzer's -timeout, see the root pom)
    void mad(byte[] mad) {
        byte[] frame = CmMads.frame(NET, 0, mad.length > 512 ? Arrays.copyOf(mad, 512) : mad);
        for (FieldInterest interest : new FieldInterest[] {FieldInterest.summary(), FieldInterest.all()}) {
            CaptureRecord rec = new CaptureRecord();
            rec.data = frame;
            rec.capturedLength = rec.originalLength = frame.length;
            rec.number = 1;
            rec.linkType = LinkTypeNames.ETHERNET;
            FrameFuzzing.check(new FrameDecoder(new DecodeOptions(), interest).decode(rec), interest == FieldInterest.all());
        }
    }
}
