package io.rocescope.dissector.capture;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.field.LinkTypeNames;
import io.rocescope.dissector.kaitai.PcapFile;
import io.rocescope.dissector.kaitai.PcapngFile;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Our capture readers and the parsers Kaitai generates from ksy/pcap_file.ksy and ksy/pcapng_file.ksy read the
 * same records from every test capture: as many, with the same lengths (and, for pcap, the same timestamps), so
 * the .ksy files the readers take their offsets from describe the files the readers read.
 */
class KaitaiCaptureDifferentialTest {
    /** A record as both sides see it: timestamp (-1 when not compared), captured and original length. */
    private record Rec(long nanos, long captured, long original) {}

    @Test
    void theReadersAndKaitaiReadTheSameRecords() throws Exception {
        int pcaps = 0, pcapngs = 0;
        List<Path> files = new ArrayList<>(TestCaptures.all());
        files.addAll(TestCaptures.samples());   // sample-pcaps has pcapng files too
        for (Path p : files) {
            byte[] head = new byte[4];
            try (var in = Files.newInputStream(p)) { if (in.read(head) < 4) continue; }
            long magic = (head[0] & 0xFFL) << 24 | (head[1] & 0xFFL) << 16 | (head[2] & 0xFFL) << 8 | (head[3] & 0xFFL);
            if (magic == PcapngReader.SHB) {
                assertThat(ours(p, false)).as(p.toString()).isEqualTo(pcapng(p));
                pcapngs++;
            } else if (magic == PcapReader.MAGIC_MICROS || magic == PcapReader.MAGIC_NANOS
                || Integer.reverseBytes((int) magic) == (int) PcapReader.MAGIC_MICROS
                || Integer.reverseBytes((int) magic) == (int) PcapReader.MAGIC_NANOS) {
                PcapFile k = PcapFile.fromFile(p.toString());
                // ERF records are unwrapped by the reader: their lengths are no longer the file's
                if ((k.hdr().network() & 0xFFFF) == LinkTypeNames.ERF) continue;
                assertThat(ours(p, true)).as(p.toString()).isEqualTo(pcap(k));
                pcaps++;
            }
        }
        assertThat(pcaps).isGreaterThanOrEqualTo(5);
        assertThat(pcapngs).isPositive();
    }

    private static List<Rec> ours(Path p, boolean withTime) throws Exception {
        List<Rec> out = new ArrayList<>();
        try (CaptureReader r = CaptureReaders.open(p.toString())) {
            CaptureRecord rec = new CaptureRecord();
            while (r.next(rec)) out.add(new Rec(withTime ? rec.timestampNanos : -1, rec.capturedLength, rec.originalLength));
        }
        return out;
    }

    private static List<Rec> pcap(PcapFile k) {
        boolean nanos = k.hdr().magic() == PcapReader.MAGIC_NANOS;
        List<Rec> out = new ArrayList<>();
        for (PcapFile.Record r : k.records()) {
            out.add(new Rec(r.tsSec() * 1_000_000_000L + (nanos ? r.tsFrac() : r.tsFrac() * 1000L), r.inclLen(),
                Math.max(r.origLen(), r.inclLen())));
        }
        return out;
    }

    private static List<Rec> pcapng(Path p) throws Exception {
        List<Rec> out = new ArrayList<>();
        for (PcapngFile.Block b : PcapngFile.fromFile(p.toString()).blocks()) {
            if (b.body() instanceof PcapngFile.EpbBody e) out.add(new Rec(-1, e.capturedLen(), Math.max(e.originalLen(), e.capturedLen())));
            else if (b.body() instanceof PcapngFile.OpbBody o) out.add(new Rec(-1, o.capturedLen(), Math.max(o.originalLen(), o.capturedLen())));
        }
        return out;
    }
}
