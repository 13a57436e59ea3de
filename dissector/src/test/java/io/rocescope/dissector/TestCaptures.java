package io.rocescope.dissector;

import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.FrameDecoder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The real Soft-RoCE ground-truth captures in ../shared/captures, and helpers to decode them. */
public final class TestCaptures {
    private TestCaptures() {}

    /** The folder with the ground-truth captures; fails loudly when it is missing (CI must have it). */
    public static Path dir() {
        String prop = System.getProperty("rocescope.captures");
        List<Path> candidates = new ArrayList<>();
        if (prop != null) candidates.add(Path.of(prop));
        Path here = Path.of("").toAbsolutePath();
        for (Path p = here; p != null; p = p.getParent()) candidates.add(p.resolve("../shared/captures").normalize());
        for (Path c : candidates) if (Files.isDirectory(c) && Files.exists(c.resolve("MANIFEST.md"))) return c;
        throw new IllegalStateException("ground-truth captures not found (looked in " + candidates + ")");
    }

    /**
     * A capture in the project's {@code sample-pcaps/} (lab captures made for a feature, each with the
     * lab's .txt beside it), found from the working directory up.
     */
    public static Path sample(String name) {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            Path d = p.resolve("sample-pcaps");
            if (Files.exists(d.resolve("README.md"))) return d.resolve(name.endsWith(".pcap") ? name : name + ".pcap");
        }
        throw new IllegalStateException("sample-pcaps/ not found above " + Path.of("").toAbsolutePath());
    }

    /** Every capture in the project's {@code sample-pcaps/}, sorted by name. */
    public static List<Path> samples() {
        return pcaps(sample("roce_cm").getParent());
    }

    public static Path file(String name) {
        return dir().resolve(name.endsWith(".pcap") ? name : name + ".pcap");
    }

    /** Every capture file, sorted by name. */
    public static List<Path> all() {
        return pcaps(dir());
    }

    /** The .pcap files of {@code dir}, sorted by name. */
    private static List<Path> pcaps(Path dir) {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".pcap")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Decodes a whole capture into kept copies of its frames. */
    public static List<DecodedFrame> decode(Path file) {
        return decode(file, new DecodeOptions());
    }

    public static List<DecodedFrame> decode(Path file, DecodeOptions options) {
        try (CaptureReader r = CaptureReaders.open(file.toString())) {
            return decode(r, options);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static List<DecodedFrame> decode(CaptureReader r, DecodeOptions options) throws IOException {
        List<DecodedFrame> out = new ArrayList<>();
        FrameDecoder dec = new FrameDecoder(options);
        CaptureRecord rec = new CaptureRecord();
        while (r.next(rec)) out.add(dec.decode(rec).copy());
        return out;
    }

    /** The raw records of a capture, each with its own copy of the bytes. */
    public static List<RawFrame> records(Path file) {
        List<RawFrame> out = new ArrayList<>();
        try (CaptureReader r = CaptureReaders.open(file.toString())) {
            CaptureRecord rec = new CaptureRecord();
            while (r.next(rec)) {
                out.add(new RawFrame(rec.timestampNanos, java.util.Arrays.copyOf(rec.data, rec.capturedLength), rec.originalLength, rec.linkType));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** A frame's bytes and timing, independent of any reader. */
    public record RawFrame(long timestampNanos, byte[] data, int originalLength, int linkType) {}
}
