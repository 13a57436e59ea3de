package io.rocescope.dissector.capture;

import com.github.luben.zstd.ZstdOutputStream;
import io.rocescope.dissector.TestCaptures;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Compressed captures read as the plain file: real captures (pcap and, through editcap, pcapng) are
 * compressed here with gzip, zstd and lz4 (the command-line tools when installed, else the libraries'
 * writers), under names that do not say so, and every record must come out byte-identical, from a
 * file and from a stream alike.
 */
class CompressedCaptureTest {
    @TempDir
    Path tmp;

    /** One record as text: everything a reader delivers about it. */
    private static List<String> records(CaptureReader r) throws IOException {
        List<String> out = new ArrayList<>();
        CaptureRecord rec = new CaptureRecord();
        while (r.next(rec)) {
            out.add(rec.number + " " + rec.timestampNanos + " " + rec.capturedLength + " " + rec.originalLength + " "
                + rec.interfaceId + " " + rec.linkType + " " + Arrays.hashCode(Arrays.copyOf(rec.data, rec.capturedLength)));
        }
        return out;
    }

    private static List<String> records(Path p) throws IOException {
        try (CaptureReader r = CaptureReaders.open(p.toString())) {
            assertThat(r.warnings()).isEmpty();
            return records(r);
        }
    }

    private static byte[] compressWithLibrary(String kind, byte[] plain) throws IOException {
        ByteArrayOutputStream bo = new ByteArrayOutputStream();
        try (OutputStream o = switch (kind) {
            case "gzip" -> new GZIPOutputStream(bo);
            case "zstd" -> new ZstdOutputStream(bo);
            case "lz4" -> new LZ4FrameOutputStream(bo, LZ4FrameOutputStream.BLOCKSIZE.SIZE_64KB);   // the CLI uses 4 MiB
            default -> throw new IllegalArgumentException(kind);
        }) {
            o.write(plain);
        }
        return bo.toByteArray();
    }

    /** The tool's output, or null when the tool is not installed. */
    private byte[] compressWithTool(String kind, Path plain) throws IOException, InterruptedException {
        Path out = tmp.resolve(plain.getFileName() + "." + kind + ".out");
        ProcessBuilder pb = new ProcessBuilder(kind, "-c", plain.toString()).redirectOutput(out.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p;
        try {
            p = pb.start();
        } catch (IOException notInstalled) {
            return null;
        }
        if (p.waitFor() != 0) return null;
        return Files.readAllBytes(out);
    }

    private List<Path> inputs() throws IOException, InterruptedException {
        List<Path> in = new ArrayList<>(List.of(TestCaptures.file("rping"), TestCaptures.file("send_bw_loss2pct")));
        Path ng = tmp.resolve("rping-as-ng");
        try {
            Process p = new ProcessBuilder("editcap", "-F", "pcapng", TestCaptures.file("rping").toString(), ng.toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (p.waitFor() == 0) in.add(ng);
        } catch (IOException noEditcap) {
            // pcapng is then covered by the library writers on the pcap inputs only
        }
        return in;
    }

    @Test
    void gzipZstdAndLz4CapturesDecodeByteIdenticallyFromFilesAndStreams() throws Exception {
        for (Path plainFile : inputs()) {
            List<String> expected = records(plainFile);
            assertThat(expected).isNotEmpty();
            byte[] plain = Files.readAllBytes(plainFile);
            for (String kind : List.of("gzip", "zstd", "lz4")) {
                List<byte[]> forms = new ArrayList<>();
                forms.add(compressWithLibrary(kind, plain));
                byte[] tool = compressWithTool(kind, plainFile);
                if (tool != null) forms.add(tool);
                for (byte[] compressed : forms) {
                    Path f = tmp.resolve("capture-" + kind);   // a name that says nothing: content decides
                    Files.write(f, compressed);
                    assertThat(records(f)).as(kind + " file of " + plainFile).isEqualTo(expected);
                    try (CaptureReader r = CaptureReaders.open(new ByteArrayInputStream(compressed), "standard input")) {
                        assertThat(records(r)).as(kind + " stream of " + plainFile).isEqualTo(expected);
                        assertThat(r.warnings()).isEmpty();
                    }
                    // batch reading (what the pipeline uses) gives the same records
                    try (CaptureReader r = CaptureReaders.open(f.toString())) {
                        RecordBatch b = new RecordBatch();
                        CaptureRecord rec = new CaptureRecord();
                        List<String> got = new ArrayList<>();
                        while (r.nextBatch(b, 100) > 0) {
                            for (int i = 0; i < b.size(); i++) {
                                b.copyTo(i, rec);
                                got.add(rec.number + " " + rec.timestampNanos + " " + rec.capturedLength + " " + rec.originalLength
                                    + " " + rec.interfaceId + " " + rec.linkType + " " + Arrays.hashCode(Arrays.copyOf(rec.data, rec.capturedLength)));
                            }
                        }
                        assertThat(got).isEqualTo(expected);
                    }
                }
            }
        }
    }

    @Test
    void aCompressedCaptureCutShortYieldsTheFramesBeforeTheCutAndAWarning() throws Exception {
        Path plainFile = TestCaptures.file("send_bw_loss2pct");
        List<String> all = records(plainFile);
        byte[] plain = Files.readAllBytes(plainFile);
        for (String kind : List.of("gzip", "zstd", "lz4")) {
            byte[] c = compressWithLibrary(kind, plain);
            // zstd hands out what it decoded in window-sized steps (2 MiB here): cut late enough for one
            byte[] cut = Arrays.copyOf(c, c.length * 85 / 100);
            try (CaptureReader r = CaptureReaders.open(new ByteArrayInputStream(cut), "cut")) {
                List<String> got = records(r);
                assertThat(got).as(kind).isNotEmpty().hasSizeLessThan(all.size());
                assertThat(all.subList(0, got.size())).as(kind).isEqualTo(got);
                assertThat(String.join("\n", r.warnings())).as(kind).contains(kind);
            }
        }
    }
}
