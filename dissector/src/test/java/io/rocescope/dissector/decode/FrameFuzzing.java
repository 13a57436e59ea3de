package io.rocescope.dissector.decode;

import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.field.FieldInterest;
import io.rocescope.dissector.field.LinkTypeNames;
import io.rocescope.dissector.text.FieldText;
import io.rocescope.dissector.text.LineBuffer;
import io.rocescope.dissector.text.SummaryLine;
import io.rocescope.dissector.text.TreeText;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the decoder's fuzz tests check on any frame: no dissector throws (the decoder turns a throw into
 * a "Dissector failure" expert, which is a bug all the same), every field lies inside the captured
 * bytes, and the views (summary line, {@code -V} tree, every field's value as {@code -T fields} prints
 * it) render without throwing.
 */
final class FrameFuzzing {
    private FrameFuzzing() {}

    /** The link types a frame input can claim (its first byte picks one); the last is one we do not decode. */
    private static final int[] LINK_TYPES = {LinkTypeNames.ETHERNET, LinkTypeNames.LINUX_SLL, LinkTypeNames.LINUX_SLL2,
        LinkTypeNames.RAW, LinkTypeNames.RAW_BSD, LinkTypeNames.RAW_BSD14, LinkTypeNames.IPV4, LinkTypeNames.IPV6, 147};

    /**
     * Input: a link-type byte, a flags byte (bit 0: the snaplen cut the frame, bit 1: UDP 4792 is also
     * RoCEv2 by Decode-As), then the frame's bytes, as the seed corpus has them.
     */
    static void check(byte[] input, boolean tree) {
        if (input.length < 2) return;
        int link = LINK_TYPES[Math.floorMod(input[0], LINK_TYPES.length)];
        int flags = input[1];
        DecodeOptions options = new DecodeOptions();
        if ((flags & 2) != 0) options.addRocePort(4792);
        CaptureRecord rec = new CaptureRecord();
        rec.data = Arrays.copyOfRange(input, 2, input.length);
        rec.capturedLength = rec.data.length;
        rec.originalLength = rec.capturedLength + ((flags & 1) != 0 ? 100 : 0);
        rec.number = 1;
        rec.linkType = link;
        FrameDecoder decoder = new FrameDecoder(options, tree ? FieldInterest.all() : FieldInterest.summary());
        check(decoder.decode(rec), tree);
    }

    static void check(DecodedFrame f, boolean tree) {
        for (Expert e : f.experts()) {
            assertThat(e.message()).as("a dissector threw").doesNotStartWith("Dissector failure");
        }
        for (int i = 0; i < f.fieldCount(); i++) {
            assertThat(f.offset(i)).as(f.def(i).abbrev() + " offset").isBetween(0, f.capturedLength());
            assertThat(f.length(i)).as(f.def(i).abbrev() + " length").isBetween(0, f.capturedLength() - f.offset(i));
        }
        String line = SummaryLine.of(f);
        assertThat(line).doesNotContain("\n");
        if (tree) {
            TreeText.append(new LineBuffer(), f);
            for (int i = 0; i < f.fieldCount(); i++) FieldText.value(f, i);
        }
    }
}
