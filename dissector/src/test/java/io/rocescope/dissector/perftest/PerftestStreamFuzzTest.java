package io.rocescope.dissector.perftest;

import com.code_intelligence.jazzer.junit.FuzzTest;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Coverage-guided fuzzing of perftest's stream parser and TCP reassembly, seeded with the real TCP
 * byte streams of perftest's exchange in the captures (.../PerftestStreamFuzzTestInputs; the first byte
 * picks how the stream is cut into segments). Checked: how TCP cut the stream, and in which order the
 * segments came (early ones, retransmitted ones), never changes the records; the records cover the
 * stream end to end, in order; and nothing throws.
 */
class PerftestStreamFuzzTest {
    @FuzzTest
    @Timeout(30)   // per input: a hang is a finding (fuzzing: libFuzzer's -timeout, see the root pom)
    void stream(byte[] input) {
        if (input.length < 1) return;
        byte[] stream = Arrays.copyOfRange(input, 1, input.length);
        if (stream.length >= PerftestStreamParser.MAX_BUFFER) return;   // in one piece it is given up on, cut it is not
        List<String> whole = inOneSegment(stream);
        List<String> cut = inSegments(stream, new Random(input[0]), false);
        List<String> shuffled = inSegments(stream, new Random(input[0]), true);
        assertThat(cut).isEqualTo(whole);
        assertThat(shuffled).isEqualTo(whole);
    }

    private static List<String> inOneSegment(byte[] stream) {
        PerftestStreamParser p = new PerftestStreamParser();
        List<PerftestRecord> out = new ArrayList<>();
        p.bytes(stream, 0, stream.length, 0, out);
        p.finish(out);
        return describe(out, stream.length, p.gaveUp());
    }

    /** Through the reassembler, as segments of 1 to 64 bytes; shuffled: pairs swapped, some sent twice. */
    private static List<String> inSegments(byte[] stream, Random r, boolean shuffled) {
        List<int[]> segs = new ArrayList<>();
        for (int at = 0; at < stream.length; ) {
            int n = Math.min(stream.length - at, 1 + r.nextInt(64));
            segs.add(new int[] {at, n});
            at += n;
        }
        if (shuffled) {
            for (int i = 0; i + 1 < segs.size(); i += 2) if (r.nextBoolean()) java.util.Collections.swap(segs, i, i + 1);
            for (int i = segs.size() - 1; i >= 0; i--) if (r.nextInt(8) == 0) segs.add(i, segs.get(i));
        }
        PerftestStreamParser p = new PerftestStreamParser();
        TcpStreamReassembler tcp = new TcpStreamReassembler();
        List<PerftestRecord> out = new ArrayList<>();
        int isn = r.nextInt();   // any initial sequence number: the 2^32 wrap must not matter
        tcp.syn(isn);
        for (int[] s : segs) tcp.segment(isn + 1 + s[0], stream, s[0], s[1], (d, o, n, at) -> p.bytes(d, o, n, at, out));
        p.finish(out);
        return describe(out, stream.length, p.gaveUp());
    }

    private static List<String> describe(List<PerftestRecord> records, int streamLength, boolean gaveUp) {
        List<String> out = new ArrayList<>();
        long at = 0;
        for (PerftestRecord rec : records) {
            assertThat(rec.streamStart()).as("records follow each other").isEqualTo(at);
            assertThat(rec.streamEnd()).isGreaterThan(rec.streamStart());
            at = rec.streamEnd();
            PerftestRecord.Key k = rec.key();
            out.add(rec.kind() + " " + rec.streamStart() + "-" + rec.streamEnd() + " " + rec.text() + " " + rec.number()
                + (k == null ? "" : " " + k)   // a value: every typed field, the GID's words among them
                + " " + rec.report());
        }
        if (!gaveUp) assertThat(at).as("records cover the stream").isEqualTo(streamLength);
        out.add("gaveUp=" + gaveUp);
        return out;
    }
}
