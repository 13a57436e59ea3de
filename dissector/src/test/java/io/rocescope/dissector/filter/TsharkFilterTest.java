package io.rocescope.dissector.filter;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.FrameDecoder;
import io.rocescope.dissector.field.FieldInterest;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every construct of the filter language selects the frames tshark 4.0 selects, in the same order, on
 * the real captures: the cases are in tshark/filters/cases.tsv, tshark's selections in expected.tsv
 * (stored by scripts/tshark-filters.sh).
 */
class TsharkFilterTest {
    record Case(String capture, String filter, List<Long> frames) {}

    static List<String[]> rows(String name) throws IOException {
        try (InputStream in = TsharkFilterTest.class.getResourceAsStream("/tshark/filters/" + name)) {
            assertThat(in).as(name).isNotNull();
            List<String[]> out = new ArrayList<>();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (line.isBlank() || line.startsWith("#")) continue;
                out.add(line.split("\t", -1));
            }
            return out;
        }
    }

    /** The stored cases with tshark's frame numbers ("1-3,7" is 1, 2, 3, 7). */
    static List<Case> cases() throws IOException {
        List<Case> out = new ArrayList<>();
        for (String[] r : rows("expected.tsv")) {
            List<Long> frames = new ArrayList<>();
            if (!r[2].isEmpty()) {
                for (String run : r[2].split(",")) {
                    int dash = run.indexOf('-');
                    long a = Long.parseLong(dash < 0 ? run : run.substring(0, dash)), b = dash < 0 ? a : Long.parseLong(run.substring(dash + 1));
                    for (long n = a; n <= b; n++) frames.add(n);
                }
            }
            out.add(new Case(r[0], r[1], frames));
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> everyFilterSelectsTsharksFrames() throws IOException {
        return cases().stream().map(c -> DynamicTest.dynamicTest(c.capture + ": " + c.filter,
            () -> assertThat(select(c.capture, c.filter)).as("%s on %s", c.filter, c.capture).containsExactlyElementsOf(c.frames)));
    }

    @Test
    void everyCaseHasTsharksSelectionStored() throws IOException {
        List<String> listed = rows("cases.tsv").stream().map(r -> r[0] + "\t" + r[1]).toList();
        List<String> stored = cases().stream().map(c -> c.capture + "\t" + c.filter).toList();
        assertThat(stored).as("run scripts/tshark-filters.sh after changing cases.tsv").isEqualTo(listed);
        assertThat(cases().stream().filter(c -> !c.frames.isEmpty()).count()).as("cases that select something").isGreaterThan(90);
    }

    /** Frame numbers the filter keeps, decoded in order as -Y does (a rejected frame is not "displayed"). */
    static List<Long> select(String capture, String filter) throws Exception {
        DisplayFilter f = DisplayFilter.parse(filter);
        FrameDecoder decoder = new FrameDecoder(new DecodeOptions(), FieldInterest.summary().with(f.fields()));
        List<Long> out = new ArrayList<>();
        try (CaptureReader r = CaptureReaders.open(TestCaptures.file(capture).toString())) {
            CaptureRecord rec = new CaptureRecord();
            while (r.next(rec)) {
                DecodedFrame d = decoder.decode(rec);
                if (f.matches(d)) out.add(d.number());
                else d.notDisplayed();
            }
        }
        return out;
    }
}
