package io.rocescope.dissector.text;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.TestPcapWriter;
import io.rocescope.dissector.Tshark;
import io.rocescope.dissector.decode.DecodedFrame;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** The marks at the end of the Info column appear once per frame, as tshark's do. */
class InfoColumnMarksTest {
    private static final String LIMITED = "[Packet size limited during capture]";

    private static int occurrences(String text, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(text);
        int n = 0;
        while (m.find()) n++;
        return n;
    }

    @Test
    void aSnaplenCutIsMarkedOnceLikeTshark(@TempDir Path dir) throws Exception {
        // the real send_bw_rc frames, each cut to 64 bytes as a capture with snaplen 64 would have kept them
        List<TestCaptures.RawFrame> raw = TestCaptures.records(TestCaptures.file("send_bw_rc"));
        Path cut = dir.resolve("cut64.pcap");
        Files.write(cut, TestPcapWriter.pcap(raw, 1, ByteOrder.LITTLE_ENDIAN, true, 64));
        List<DecodedFrame> frames = TestCaptures.decode(cut);
        assertThat(frames).hasSameSizeAs(raw);
        long cutFrames = 0;
        for (int i = 0; i < frames.size(); i++) {
            String info = InfoColumn.of(frames.get(i));
            boolean wasCut = raw.get(i).originalLength() > 64;
            if (wasCut) cutFrames++;
            assertThat(occurrences(info, LIMITED)).as("frame %d: %s", i + 1, info).isEqualTo(wasCut ? 1 : 0);
        }
        assertThat(cutFrames).isGreaterThan(1000);
        Assumptions.assumeTrue(Tshark.available(), "tshark is not installed");
        List<String[]> tshark = Tshark.fields(cut, null, "frame.number", "_ws.col.Info");
        assertThat(tshark).hasSameSizeAs(frames);
        int compared = 0;
        for (int i = 0; i < frames.size(); i++) {
            // tshark 4.0's InfiniBand dissector calls a cut RoCE frame malformed ("Invalid Packet Length
            // from LRH!") instead: those frames say nothing about the mark, the others (TCP, ARP …) do
            if (tshark.get(i)[1].contains("[Malformed Packet]")) continue;
            compared++;
            assertThat(occurrences(InfoColumn.of(frames.get(i)), LIMITED)).as("frame %d", i + 1)
                .isEqualTo(occurrences(tshark.get(i)[1], LIMITED));
        }
        assertThat(compared).isGreaterThanOrEqualTo(20);
    }
}
