package io.rocescope.dissector.capture;

import io.rocescope.dissector.pipeline.DecodedRecordCheck;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.encode.CaptureWriter;
import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.encode.PcapFileWriter;
import io.rocescope.dissector.encode.PcapngFileWriter;
import io.rocescope.dissector.encode.RoceFrames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The split finder against the true record offsets, which the sequential reader gives (pcap) or a walk
 * of the block chain from the file's start (pcapng): for many offsets in each file, the boundary found
 * is the first true one at or after it.
 */
class RecordBoundariesTest {
    @TempDir Path tmp;

    @Test
    void everyRealCaptureFindsTheTrueNextRecord() throws IOException {
        List<Path> files = new ArrayList<>(TestCaptures.all());
        try (Stream<Path> s = Files.list(TestCaptures.dir().resolve("external"))) {
            s.filter(p -> p.toString().endsWith(".pcap")).sorted().forEach(files::add);
        }
        int checked = 0;
        for (Path f : files) {
            long[] truth;
            try {
                truth = pcapOffsets(f);
            } catch (CaptureFormatException e) {
                continue;   // an external capture the readers do not accept
            }
            checked += check(f, truth, 400);
        }
        assertTrue(checked > 5000, "offsets checked: " + checked);
    }

    @Test
    void payloadThatLooksLikeRecordHeadersIsNotTakenForOne() throws IOException {
        Path f = tmp.resolve("adversarial.pcap");
        write(f, false, 20_000, true);
        long[] truth = pcapOffsets(f);
        // every offset inside the first 60 frames, byte by byte: each fake header is passed over
        byteByByte(f, truth);
    }

    @Test
    void pcapngBlocksAreFoundByTheirRepeatedLength() throws IOException {
        Path f = tmp.resolve("adversarial.pcapng");
        write(f, true, 20_000, true);
        long[] truth = blockOffsets(f);
        byteByByte(f, truth);
    }

    @Test
    void aCaptureWithoutRoceIsCutOnTheChainAlone() throws IOException {
        Path f = tmp.resolve("udp.pcap");
        Random rnd = new Random(3);
        try (CaptureWriter w = new PcapFileWriter(Files.newOutputStream(f), false)) {
            for (int i = 0; i < 5000; i++) {
                byte[] frame = RoceFrames.concat(ethernetIpv4Udp(100 + rnd.nextInt(900), rnd));
                w.write(1_700_000_000_000_000_000L + i * 1000L, frame, frame.length, frame.length, 1, 0);
            }
        }
        check(f, pcapOffsets(f), 2000);
    }

    /** Every offset from the first byte to the 61st boundary, then offsets spread over the file. */
    private static void byteByByte(Path f, long[] truth) throws IOException {
        int n = 0;
        try (RecordBoundaries.Finder finder = RecordBoundaries.open(f, new DecodedRecordCheck())) {
            for (long o = 1; o < truth[60]; o++) {
                assertEquals(expected(truth, o, Files.size(f)), finder.next(o), "offset " + o);
                n++;
            }
        }
        assertTrue(n > 20_000, "offsets: " + n);
        check(f, truth, 2000);
    }

    /** Checks {@code samples} offsets spread over the file and one byte either side of each of the first 200 boundaries. */
    private static int check(Path f, long[] truth, int samples) throws IOException {
        long size = Files.size(f);
        int n = 0;
        try (RecordBoundaries.Finder finder = RecordBoundaries.open(f, new DecodedRecordCheck())) {
            Random rnd = new Random(f.getFileName().toString().hashCode());
            List<Long> offsets = new ArrayList<>();
            for (int i = 0; i < samples; i++) offsets.add(1 + (long) (rnd.nextDouble() * (size - 1)));
            for (int i = 0; i < Math.min(200, truth.length); i++) {
                offsets.add(truth[i]);
                offsets.add(truth[i] - 1);
                offsets.add(truth[i] + 1);
            }
            for (long o : offsets) {
                if (o <= 0) continue;
                assertEquals(expected(truth, o, size), finder.next(o), f.getFileName() + " offset " + o);
                n++;
            }
        }
        return n;
    }

    private static long expected(long[] truth, long o, long size) {
        int i = Arrays.binarySearch(truth, o);
        if (i < 0) i = -i - 1;
        return i < truth.length ? truth[i] : size;
    }

    /** Where each record starts, as the sequential reader saw it. */
    private static long[] pcapOffsets(Path f) throws IOException {
        List<Long> out = new ArrayList<>();
        try (CaptureReader r = CaptureReaders.open(f.toString())) {
            if (!(r instanceof PcapReader)) throw new CaptureFormatException("not pcap");
            CaptureRecord rec = new CaptureRecord();
            while (r.next(rec)) out.add(rec.fileOffset);
            assertTrue(r.warnings().stream().noneMatch(w -> w.contains("corrupt") || w.contains("cut short")), f + ": " + r.warnings());
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    /** Where each block starts: the chain of total lengths from the section header on. */
    private static long[] blockOffsets(Path f) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(Files.readAllBytes(f)).order(ByteOrder.LITTLE_ENDIAN);
        List<Long> out = new ArrayList<>();
        for (int p = 0; p < b.limit(); p += b.getInt(p + 4)) out.add((long) p);
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * RoCEv2 SENDs whose payloads hold fake record headers: a pcap (or pcapng EPB) header whose length
     * reaches exactly the end of the frame, so that the fake chains into the real records after it, and
     * whose bytes are either zeros or a copy of the frame's own first bytes.
     */
    private static void write(Path f, boolean pcapng, int frames, boolean adversarial) throws IOException {
        Random rnd = new Random(7);
        Net net = new Net(new byte[] {2, 0, 0, 0, 0, 1}, new byte[] {2, 0, 0, 0, 0, 2}, new byte[] {10, 0, 0, 1},
            new byte[] {10, 0, 0, 2}, -1, 0, 49152, 0);
        try (OutputStream os = Files.newOutputStream(f);
             CaptureWriter w = pcapng ? new PcapngFileWriter(os, false) : new PcapFileWriter(os, false)) {
            long ts = 1_700_000_000_000_000_000L;
            for (int i = 0; i < frames; i++) {
                byte[] payload = new byte[64 + rnd.nextInt(1000)];
                rnd.nextBytes(payload);
                byte[] frame = RoceFrames.roce(net, 0x04, 0x11, i, false, false, new byte[0], payload);
                if (adversarial && i % 2 == 0) {
                    // the payload starts 14 + 20 + 8 + 12 = 54 bytes in; the ICRC (4) ends the frame
                    int at = 54 + rnd.nextInt(Math.max(1, payload.length - 80));
                    at &= ~3;
                    int rest = frame.length - at;
                    ByteBuffer h = ByteBuffer.wrap(frame).order(ByteOrder.LITTLE_ENDIAN);
                    if (pcapng) {
                        // an EPB header whose total length reaches the next real block, trailer and all
                        int total = rest + 4;   // the real block's 4-byte trailer follows the frame's padding
                        h.putInt(at, 6).putInt(at + 4, total);
                    } else {
                        int incl = rest - 16;
                        h.putInt(at, (int) (ts / 1_000_000_000L)).putInt(at + 4, 1234).putInt(at + 8, incl).putInt(at + 12, incl);
                        if (i % 4 == 0) System.arraycopy(frame, 0, frame, at + 16, Math.min(incl, 42));
                        else Arrays.fill(frame, at + 16, frame.length, (byte) 0);
                    }
                    // the frame keeps a good ICRC: the fake is real payload, not damage
                    frame = RoceFrames.roce(net, 0x04, 0x11, i, false, false, new byte[0], Arrays.copyOfRange(frame, 54, frame.length - 4));
                }
                ts += 1000 + rnd.nextInt(5000);
                w.write(ts, frame, frame.length, frame.length, 1, 0);
            }
        }
    }

    private static byte[] ethernetIpv4Udp(int payload, Random rnd) {
        byte[] f = new byte[14 + 20 + 8 + payload];
        rnd.nextBytes(f);
        ByteBuffer b = ByteBuffer.wrap(f);
        b.putShort(12, (short) 0x0800);
        b.put(14, (byte) 0x45).put(15, (byte) 0).putShort(16, (short) (20 + 8 + payload)).putShort(20, (short) 0)
            .put(22, (byte) 64).put(23, (byte) 17).putShort(24, (short) 0);
        b.putShort(34, (short) 40000).putShort(36, (short) 9999).putShort(38, (short) (8 + payload)).putShort(40, (short) 0);
        return f;
    }
}
