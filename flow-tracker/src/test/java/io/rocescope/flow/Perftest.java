package io.rocescope.flow;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.CmFields;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What perftest printed for a capture (its .txt), and the capture's frames, raw and decoded, side by side. */
final class Perftest {
    private Perftest() {}

    /** perftest's result line: message size in bytes and iterations. */
    record Printed(long bytes, long iterations) {}

    private static final Pattern RESULT = Pattern.compile("#bytes\\s+#iterations.*\\R\\s*(\\d+)\\s+(\\d+)");

    static Printed printed(Path txt) {
        try {
            Matcher m = RESULT.matcher(Files.readString(txt));
            if (!m.find()) throw new IllegalStateException("no perftest result in " + txt);
            return new Printed(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Printed printed(String name) { return printed(TestCaptures.dir().resolve(name + ".txt")); }

    /** One frame: its bytes, and the values the tests look at. */
    record Frame(byte[] data, boolean roce, String src, int opcode, int psn) {}

    static List<Frame> frames(Path pcap) {
        List<TestCaptures.RawFrame> raw = TestCaptures.records(pcap);
        List<DecodedFrame> dec = TestCaptures.decode(pcap);
        List<Frame> out = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            DecodedFrame d = dec.get(i);
            boolean roce = d.isRoce() && !d.has(CmFields.MAD);
            out.add(new Frame(raw.get(i).data(), roce, roce ? io.rocescope.dissector.text.Addresses.source(d) : "",
                roce ? d.ib().opcode() : -1, roce ? d.ib().psn() : -1));
        }
        return out;
    }

    static List<byte[]> bytes(List<Frame> frames) { return frames.stream().map(Frame::data).toList(); }
}
