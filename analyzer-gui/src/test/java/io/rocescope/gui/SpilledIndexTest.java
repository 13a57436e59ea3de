package io.rocescope.gui;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.capture.CaptureReader;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.capture.CaptureRecord;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The frame index kept in a temporary file ({@link FrameIndex} over {@link SpilledLongs}): on real captures
 * it holds what tshark says of every frame and what a sequential reading of the file gives, however it is
 * read; its heap stays the same for millions of frames; sorts of more frames than a run merge correctly.
 */
class SpilledIndexTest {
    /** Real captures of a few hundred to a few thousand frames; with 16-entry pages each spills many pages. */
    private static final List<String> CAPTURES = List.of("send_bw_loss2pct", "read_bw_rc", "send_bw_ipv6", "send_bw_vlan100", "rping");

    @Test
    void spilledIndexHoldsTsharksLengthsAndTimesAndTheRecordsOffsets(@TempDir Path tmp) throws Exception {
        for (String name : CAPTURES) {
            Path capture = TestCaptures.file(name);
            check(capture.toString(), capture, tmp.resolve("spill-" + name));
        }
        // a compressed capture is unpacked to a pcapng first: its offsets are the pcapng's blocks
        Path gz = tmp.resolve("send_bw_rc.pcap.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(TestCaptures.file("send_bw_rc"), out);
        }
        check(gz.toString(), TestCaptures.file("send_bw_rc"), tmp.resolve("spill-gz"));
    }

    /** Opens {@code open} as the window does, its index in pages of 16 entries (2 cached), and checks every entry. */
    private static void check(String open, Path original, Path spillDir) throws Exception {
        List<String> tshark = GuiTests.tshark("-r", original.toString(), "-T", "fields", "-e", "frame.len", "-e", "frame.time_epoch");
        Assumptions.assumeTrue(tshark != null, "tshark is not installed");
        FrameIndex index = new FrameIndex(4, 2, spillDir);
        try (CaptureFile f = CaptureFile.open(open, index)) {
            f.index(x -> { }, () -> false);
            int n = index.size();
            assertThat(n).as(open).isEqualTo(tshark.size()).isGreaterThan(100);

            // the in-memory reading: the same file read sequentially into plain arrays
            long[] offsets = new long[n], times = new long[n], lengths = new long[n];
            try (CaptureReader r = CaptureReaders.open(f.readPath.toString())) {
                CaptureRecord rec = new CaptureRecord();
                for (int i = 0; i < n; i++) {
                    assertThat(r.next(rec)).isTrue();
                    offsets[i] = rec.fileOffset;
                    times[i] = rec.timestampNanos;
                    lengths[i] = Integer.toUnsignedLong(rec.originalLength);
                }
                assertThat(r.next(rec)).isFalse();
            }

            // read in a shuffled order (every page is evicted and read back many times), then in order
            Integer[] order = new Integer[n];
            for (int i = 0; i < n; i++) order[i] = i;
            java.util.Collections.shuffle(Arrays.asList(order), new Random(n));
            for (int i : order) {
                assertThat(index.offset(i)).as(open + " frame " + (i + 1) + " offset").isEqualTo(offsets[i]);
                assertThat(index.length(i)).as(open + " frame " + (i + 1) + " length").isEqualTo(lengths[i]);
                assertThat(index.time(i)).as(open + " frame " + (i + 1) + " time").isEqualTo(times[i]);
            }
            // read in blocks of 37 (a scan, as the IO graph reads it), each crossing pages
            long[] block = new long[37];
            for (int from = 0; from < n; from += block.length) {
                int k = Math.min(block.length, n - from);
                index.times(from, block, k);
                for (int j = 0; j < k; j++) assertThat(block[j]).as(open + " frame " + (from + j + 1) + " time, in a block").isEqualTo(times[from + j]);
                index.lengths(from, block, k);
                for (int j = 0; j < k; j++) assertThat(block[j]).as(open + " frame " + (from + j + 1) + " length, in a block").isEqualTo(lengths[from + j]);
            }
            List<TestCaptures.RawFrame> records = TestCaptures.records(original);
            CaptureRecord again = new CaptureRecord();
            for (int i = 0; i < n; i++) {
                String[] t = tshark.get(i).split("\t");
                assertThat(index.length(i)).as(open + " frame " + (i + 1) + " frame.len").isEqualTo(Long.parseLong(t[0]));
                assertThat(epoch(index.time(i))).as(open + " frame " + (i + 1) + " frame.time_epoch").isEqualTo(t[1]);
                // the offset is where the frame's record is: read there, its bytes are the original's
                assertThat(f.read(i, again)).isTrue();
                assertThat(Arrays.copyOf(again.data, again.capturedLength)).as(open + " frame " + (i + 1) + " bytes").isEqualTo(records.get(i).data());
            }
            assertThat(index.pagesRead()).as(open + ": pages read back from the file").isGreaterThan(n / 16);
            assertThat(index.memoryBytes()).isLessThanOrEqualTo(index.memoryBound());
        }
        try (Stream<Path> left = Files.list(spillDir)) {
            assertThat(left.toList()).as("temporary files left after close").isEmpty();
        }
    }

    /** Nanoseconds since the epoch as tshark prints frame.time_epoch (9 decimals). */
    private static String epoch(long nanos) {
        return Math.floorDiv(nanos, 1_000_000_000L) + "." + String.format("%09d", Math.floorMod(nanos, 1_000_000_000L));
    }

    /**
     * 6 M frames (synthesized: offsets, times and lengths of a plausible capture) in the index as the window
     * makes it: the heap it holds, by its own accounting, is the same at 1 M and 6 M frames and under 8 MB
     * (what 400 K frames took in memory at 20 bytes a frame; 6 M took 120 MB); every entry reads back.
     */
    @Test
    void indexHeapIsBoundedForMillionsOfFrames(@TempDir Path tmp) {
        final long bound = 8L << 20;
        int n = 6_000_000;
        try (FrameIndex index = new FrameIndex(SpilledLongs.PAGE_BITS, SpilledLongs.CACHED_PAGES, tmp)) {
            long atOneMillion = 0;
            for (int i = 0; i < n; i++) {
                index.add(offset(i), time(i), length(i));
                if (i == 999_999) atOneMillion = index.memoryBytes();
            }
            long atSixMillion = index.memoryBytes();
            assertThat(atOneMillion).isLessThanOrEqualTo(bound);
            assertThat(atSixMillion).as("heap at 6 M frames").isEqualTo(atOneMillion).isLessThanOrEqualTo(index.memoryBound()).isLessThanOrEqualTo(bound);
            assertThat(index.memoryBound()).isLessThanOrEqualTo(bound);
            for (int i = 0; i < n; i++) {
                if (index.offset(i) != offset(i) || index.time(i) != time(i) || index.length(i) != length(i)) {
                    throw new AssertionError("frame " + i + ": " + index.offset(i) + " " + index.time(i) + " " + index.length(i));
                }
            }
            Random r = new Random(1);
            for (int k = 0; k < 20_000; k++) {
                int i = r.nextInt(n);
                assertThat(index.time(i)).isEqualTo(time(i));
                assertThat(index.length(i)).isEqualTo(length(i));
            }
            assertThat(index.memoryBytes()).as("heap after random reads").isLessThanOrEqualTo(index.memoryBound());
            assertThat(index.firstTime()).isEqualTo(time(0));
        }
    }

    private static long offset(int i) { return 24 + 1_100L * i + (i % 13); }

    private static long time(int i) { return 1_796_101_490_288_582_000L + 700L * i + (i % 3 == 0 ? 5_000 : 0); }

    private static int length(int i) { return 42 + (i * 31) % 4_000; }

    /** A filter's result of 3 M frames: the list's heap is the same few pages; Go to frame finds a frame in it. */
    @Test
    void aFilteredListOfMillionsOfFramesKeepsItsHeapBounded(@TempDir Path tmp) {
        SpilledLongs kept = new SpilledLongs(SpilledLongs.PAGE_BITS, SpilledLongs.CACHED_PAGES, tmp);
        for (int i = 0; i < 3_000_000; i++) kept.add(3L * i + 1);
        try (FrameRows rows = FrameRows.inCaptureOrder(kept)) {
            assertThat(rows.size()).isEqualTo(3_000_000);
            assertThat(rows.memoryBytes()).isLessThanOrEqualTo(kept.memoryBound())
                .isLessThan(3_000_000L * 4 / 4);   // a quarter of the int[] it replaces
            assertThat(rows.positionOf(3 * 2_345_678 + 1)).isEqualTo(2_345_678);
            assertThat(rows.positionOf(3 * 2_345_678)).isEqualTo(-1);
            assertThat(rows.frameAt(2_999_999)).isEqualTo(3 * 2_999_999 + 1);
        }
    }

    /** Sorting in runs of 100 frames: tshark's frame.len, descending, ties in capture order, as one in-memory sort. */
    @Test
    void aSortOfManyRunsIsTheSortOfTsharksLengths(@TempDir Path tmp) throws Exception {
        Path capture = TestCaptures.file("send_bw_loss2pct");
        List<String> lens = GuiTests.tshark("-r", capture.toString(), "-T", "fields", "-e", "frame.number", "-e", "frame.len");
        Assumptions.assumeTrue(lens != null, "tshark is not installed");
        List<int[]> pairs = new ArrayList<>(lens.stream().map(l -> l.split("\t")).map(p -> new int[] {Integer.parseInt(p[0]) - 1, Integer.parseInt(p[1])}).toList());
        FrameSort byLength = new FrameSort(false, true, 100, tmp);
        for (int[] p : pairs) byLength.add(p[0], p[1]);
        pairs.sort(Comparator.<int[]>comparingInt(p -> -p[1]).thenComparingInt(p -> p[0]));
        try (SpilledLongs sorted = byLength.sorted(() -> false)) {
            assertThat(sorted.size()).isEqualTo(pairs.size()).isGreaterThan(3_000);
            for (int i = 0; i < pairs.size(); i++) assertThat(sorted.get(i)).as("position " + i).isEqualTo(pairs.get(i)[0]);
        }
        // by text (the Info column of the window's rows), ascending
        FrameSort byText = new FrameSort(true, false, 100, tmp);
        List<String[]> texts = new ArrayList<>();
        for (int[] p : pairs) {
            String t = "len " + p[1] + (p[0] % 2 == 0 ? " even" : "");
            texts.add(new String[] {Integer.toString(p[0]), t});
            byText.add(p[0], t);
        }
        texts.sort(Comparator.<String[], String>comparing(x -> x[1]).thenComparingInt(x -> Integer.parseInt(x[0])));
        try (SpilledLongs sorted = byText.sorted(() -> false)) {
            for (int i = 0; i < texts.size(); i++) assertThat(sorted.get(i)).isEqualTo(Long.parseLong(texts.get(i)[0]));
        }
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left.filter(p -> p.getFileName().toString().startsWith("rocescope-sort-")).toList()).as("sort runs left").isEmpty();
        }
    }

    /** A reader reading while the writer appends (the window draws rows while the capture is indexed). */
    @Test
    void readersSeeEveryEntryBelowTheSizeWhileItGrows(@TempDir Path tmp) throws Exception {
        SpilledLongs list = new SpilledLongs(6, 2, tmp);
        Thread writer = new Thread(() -> { for (int i = 0; i < 2_000_000; i++) list.add(i * 7L); });
        writer.start();
        Random r = new Random(2);
        long checked = 0;
        while (writer.isAlive() || checked == 0) {
            int n = list.size();
            if (n == 0) continue;
            int i = r.nextInt(n);
            if (list.get(i) != i * 7L) throw new AssertionError("entry " + i + " of " + n + ": " + list.get(i));
            checked++;
        }
        writer.join();
        assertThat(list.size()).isEqualTo(2_000_000);
        list.close();
        assertThat(checked).isPositive();
    }
}
