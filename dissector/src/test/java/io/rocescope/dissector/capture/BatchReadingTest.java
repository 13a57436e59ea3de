package io.rocescope.dissector.capture;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.TestPcapWriter;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reading records in batches ({@link CaptureReader#nextBatch}) gives exactly what reading them one by
 * one gives: the same bytes, metadata and warnings, for every format variant, damage, batch limit,
 * and records larger than a batch's buffer.
 */
class BatchReadingTest {
    /** A record as a comparable line: metadata and a digest of the bytes. */
    private static String describe(CaptureRecord r) {
        return r.number + " " + r.timestampNanos + " " + r.capturedLength + "/" + r.originalLength + " if" + r.interfaceId
            + " lt" + r.linkType + " " + Arrays.hashCode(Arrays.copyOf(r.data, r.capturedLength));
    }

    private record Result(List<String> records, List<String> warnings) {}

    private static Result oneByOne(byte[] file) throws IOException {
        List<String> out = new ArrayList<>();
        try (CaptureReader r = CaptureReaders.open(new ByteArrayInputStream(file), "f")) {
            CaptureRecord rec = new CaptureRecord();
            while (r.next(rec)) out.add(describe(rec));
            return new Result(out, r.warnings());
        }
    }

    private static Result batched(byte[] file, int max) throws IOException {
        List<String> out = new ArrayList<>();
        try (CaptureReader r = CaptureReaders.open(new ByteArrayInputStream(file), "f")) {
            RecordBatch b = new RecordBatch();
            CaptureRecord rec = new CaptureRecord();
            byte[] heap = null;
            int n;
            while ((n = r.nextBatch(b, max)) > 0) {
                assertThat(n).isLessThanOrEqualTo(max).isEqualTo(b.size());
                heap = b.toHeap(heap);
                for (int i = 0; i < n; i++) {
                    b.copyTo(i, heap, rec);
                    String viaHeap = describe(rec);
                    b.copyTo(i, rec);
                    assertThat(describe(rec)).isEqualTo(viaHeap);
                    out.add(viaHeap);
                }
            }
            return new Result(out, r.warnings());
        }
    }

    private static void sameEitherWay(String what, byte[] file) throws IOException {
        Result expected = oneByOne(file);
        for (int max : new int[] {1, 3, 512, 100_000}) {
            assertThat(batched(file, max)).as("%s, batches of at most %d", what, max).isEqualTo(expected);
        }
        // mapped: windows smaller than a record, than a batch, and larger than the file
        Path f = Files.createTempFile("batch", ".cap");
        try {
            Files.write(f, file);
            for (int window : new int[] {4096, 64 << 10, 8 << 20}) {
                assertThat(mapped(f, window, 0)).as("%s, mapped in windows of %d, one by one", what, window).isEqualTo(expected);
                for (int max : new int[] {1, 512}) {
                    assertThat(mapped(f, window, max)).as("%s, mapped in windows of %d, batches of %d", what, window, max)
                        .isEqualTo(expected);
                }
            }
            assertThat(MappedWindow.mapped()).as("windows left mapped").isZero();
        } finally {
            Files.delete(f);
        }
    }

    /** Read through a mapping, one by one ({@code max} 0) or in batches. */
    private static Result mapped(Path file, int window, int max) throws IOException {
        List<String> out = new ArrayList<>();
        try (CaptureReader r = CaptureReaders.openMapped(file, "f", window)) {
            CaptureRecord rec = new CaptureRecord();
            if (max == 0) {
                while (r.next(rec)) out.add(describe(rec));
                return new Result(out, r.warnings());
            }
            RecordBatch b = new RecordBatch();
            byte[] heap = null;
            int n;
            while ((n = r.nextBatch(b, max)) > 0) {
                heap = b.toHeap(heap);
                for (int i = 0; i < n; i++) {
                    b.copyTo(i, heap, rec);
                    out.add(describe(rec));
                }
            }
            return new Result(out, r.warnings());
        } catch (CaptureFormatException e) {
            return new Result(List.of(), List.of(e.getMessage()));
        }
    }

    @Test
    void everyPcapVariantReadsTheSameInBatches() throws IOException {
        for (String name : new String[] {"send_bw_ipv6", "rping", "send_bw_loss2pct"}) {
            List<TestCaptures.RawFrame> raw = TestCaptures.records(TestCaptures.file(name));
            sameEitherWay(name, Files.readAllBytes(TestCaptures.file(name)));
            for (ByteOrder order : new ByteOrder[] {ByteOrder.BIG_ENDIAN, ByteOrder.LITTLE_ENDIAN}) {
                sameEitherWay(name + " " + order + " ns", TestPcapWriter.pcap(raw, 1, order, true, 262144));
                sameEitherWay(name + " " + order + " snaplen 100", TestPcapWriter.pcap(raw, 1, order, false, 100));
            }
        }
    }

    @Test
    void pcapngReadsTheSameInBatches() throws IOException {
        List<TestCaptures.RawFrame> raw = TestCaptures.records(TestCaptures.file("rping"));
        TestPcapWriter.Pcapng w = new TestPcapWriter.Pcapng(ByteOrder.BIG_ENDIAN).iface(1, 262144, 9).iface(1, 80, -1);
        for (int i = 0; i < raw.size(); i++) {
            byte[] d = raw.get(i).data();
            w.enhanced(i % 2, raw.get(i).timestampNanos(), d, i % 2 == 0 ? d.length : Math.min(80, d.length), d.length);
        }
        sameEitherWay("pcapng", w.bytes());
        // a second section in the other byte order, simple, obsolete and unknown blocks, a cut last block
        TestPcapWriter.Pcapng second = new TestPcapWriter.Pcapng(ByteOrder.LITTLE_ENDIAN).iface(1, 262144, -1);
        for (int i = 0; i < raw.size(); i++) {
            byte[] d = raw.get(i).data();
            if (i % 10 == 3) second.simple(d, d.length);
            else if (i % 10 == 7) second.obsolete(0, raw.get(i).timestampNanos() / 1000, d);
            else if (i % 10 == 5) second.block(0x0BAD, ByteBuffer.allocate(8));
            else second.enhanced(0, raw.get(i).timestampNanos() / 1000, d, d.length, d.length);
        }
        byte[] both = concat(w.bytes(), second.bytes());
        sameEitherWay("two sections", both);
        sameEitherWay("two sections, cut", Arrays.copyOf(both, both.length - 50));
        long unknown = java.util.stream.IntStream.range(0, raw.size()).filter(i -> i % 10 == 5).count();
        assertThat(oneByOne(both).records()).hasSize((int) (2 * raw.size() - unknown));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    @Test
    void damageIsReportedAtTheSameRecordInBatches() throws IOException {
        byte[] file = Files.readAllBytes(TestCaptures.file("rping"));
        for (int cut : new int[] {1, 10, 16, 17, 100, 400}) {
            sameEitherWay("cut by " + cut, Arrays.copyOf(file, file.length - cut));
        }
        byte[] corrupt = file.clone();
        int record = 24, n = 0;
        while (n++ < 50) record += 16 + ByteBuffer.wrap(corrupt, record + 8, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        ByteBuffer.wrap(corrupt, record + 8, 4).order(ByteOrder.LITTLE_ENDIAN).putInt(0x7FFFFFF0);   // record 51 claims 2 GB
        Result r = oneByOne(corrupt);
        assertThat(r.records()).hasSize(50);
        assertThat(r.warnings()).singleElement().asString().contains("record 51 claims");
        sameEitherWay("corrupt length", corrupt);
    }

    @Test
    void recordsLargerThanABatchBufferAreRead() throws IOException {
        List<TestCaptures.RawFrame> frames = new ArrayList<>();
        for (int size : new int[] {100, RecordBatch.CAPACITY - 10, RecordBatch.CAPACITY + 1000, 900_000, 60, 3 * RecordBatch.CAPACITY / 2}) {
            byte[] d = new byte[size];
            for (int i = 0; i < size; i++) d[i] = (byte) (i * 31 + size);
            frames.add(new TestCaptures.RawFrame(1_000_000_000L + size, d, size, 1));
        }
        byte[] file = TestPcapWriter.pcap(frames, 1, ByteOrder.LITTLE_ENDIAN, false, 1 << 20);
        Result r = oneByOne(file);
        assertThat(r.records()).hasSize(6);
        assertThat(r.warnings()).isEmpty();
        sameEitherWay("jumbo records", file);
    }

    @Test
    void aFileOnDiskReadsTheSameAsAStream(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        byte[] file = Files.readAllBytes(TestCaptures.file("send_bw_loss2pct"));
        Path p = dir.resolve("copy.pcap");
        Files.write(p, file);
        List<String> fromDisk = new ArrayList<>();
        try (CaptureReader r = CaptureReaders.open(p.toString())) {
            RecordBatch b = new RecordBatch();
            CaptureRecord rec = new CaptureRecord();
            while (r.nextBatch(b, 512) > 0) {
                for (int i = 0; i < b.size(); i++) {
                    b.copyTo(i, rec);
                    fromDisk.add(describe(rec));
                }
            }
        }
        assertThat(fromDisk).isEqualTo(oneByOne(file).records());
    }
}
