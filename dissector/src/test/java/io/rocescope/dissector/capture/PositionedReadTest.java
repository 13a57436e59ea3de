package io.rocescope.dissector.capture;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.TestPcapWriter;
import io.rocescope.dissector.encode.PcapngFileWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@link CaptureReader#readAt}: a record read again at the offset the sequential reading gave is the
 * record that reading gave (bytes, times, lengths, link type), in pcap and in multi-section pcapng, and
 * read in reverse order while the sequential reading is not yet finished.
 */
class PositionedReadTest {
    private static String describe(CaptureRecord r) {
        return r.number + " " + r.timestampNanos + " " + r.capturedLength + "/" + r.originalLength + " if" + r.interfaceId
            + " lt" + r.linkType + " " + Arrays.hashCode(Arrays.copyOf(r.data, r.capturedLength));
    }

    private static void sameWhenReadAgain(Path file) throws IOException {
        try (CaptureReader r = CaptureReaders.open(file.toString())) {
            CaptureRecord rec = new CaptureRecord();
            List<String> seen = new ArrayList<>();
            List<Long> offsets = new ArrayList<>();
            while (r.next(rec)) {
                seen.add(describe(rec));
                offsets.add(rec.fileOffset);
            }
            assertThat(seen).as(file.toString()).isNotEmpty();
            assertThat(offsets).doesNotHaveDuplicates().allMatch(o -> o >= 0);
            CaptureRecord again = new CaptureRecord();
            for (int i = seen.size() - 1; i >= 0; i--) {
                assertThat(r.readAt(offsets.get(i), i + 1, again)).isTrue();
                assertThat(describe(again)).as(file + " frame " + (i + 1)).isEqualTo(seen.get(i));
            }
        }
    }

    @Test
    void everyRealCaptureReadsTheSameAtItsOffsets() throws IOException {
        for (Path p : TestCaptures.all()) sameWhenReadAgain(p);
    }

    @Test
    void pcapngWithTwoSectionsReadsEachRecordWithItsSectionsInterfaces(@TempDir Path dir) throws IOException {
        // two sections in a row (a concatenation is a valid pcapng): the second one's interfaces are its own
        ByteArrayOutputStream both = new ByteArrayOutputStream();
        for (String name : List.of("rping", "send_bw_ipv6")) {
            ByteArrayOutputStream one = new ByteArrayOutputStream();
            try (PcapngFileWriter w = new PcapngFileWriter(one, true)) {
                for (TestCaptures.RawFrame f : TestCaptures.records(TestCaptures.file(name))) {
                    w.write(f.timestampNanos(), f.data(), f.data().length, Integer.toUnsignedLong(f.originalLength()), f.linkType(), 0);
                }
            }
            both.writeBytes(one.toByteArray());
        }
        Path file = dir.resolve("two.pcapng");
        Files.write(file, both.toByteArray());
        sameWhenReadAgain(file);
    }

    @Test
    void obsoleteAndSimplePacketBlocksReadTheSameAtTheirOffsets(@TempDir Path dir) throws IOException {
        // an obsolete packet block's interface id is 2 bytes (then a drops count), an enhanced one's 4
        List<TestCaptures.RawFrame> raw = TestCaptures.records(TestCaptures.file("rping")).subList(0, 6);
        for (java.nio.ByteOrder order : List.of(java.nio.ByteOrder.LITTLE_ENDIAN, java.nio.ByteOrder.BIG_ENDIAN)) {
            TestPcapWriter.Pcapng w = new TestPcapWriter.Pcapng(order);
            w.iface(1, 262144, -1).iface(1, 262144, 9);
            for (int i = 0; i < raw.size(); i++) {
                byte[] d = raw.get(i).data();
                if (i % 2 == 0) w.obsolete(1, raw.get(i).timestampNanos(), d);
                else w.enhanced(0, raw.get(i).timestampNanos() / 1000, d, d.length, d.length + 4);
            }
            w.simple(raw.get(0).data(), raw.get(0).data().length);
            Path file = dir.resolve(order + ".pcapng");
            Files.write(file, w.bytes());
            sameWhenReadAgain(file);
        }
    }

    @Test
    void aStreamCannotBeReadAtAPosition() throws IOException {
        try (CaptureReader r = CaptureReaders.open(Files.newInputStream(TestCaptures.file("rping")), "stdin")) {
            CaptureRecord rec = new CaptureRecord();
            assertThat(r.next(rec)).isTrue();
            assertThatThrownBy(() -> r.readAt(rec.fileOffset, 1, new CaptureRecord())).isInstanceOf(UnsupportedOperationException.class);
        }
    }
}
