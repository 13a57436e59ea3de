package io.rocescope.cli;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Native InfiniBand from a real ibdump-style ERF capture (external/, see its SOURCES.md): LRH, GRH, BTH,
 * DETH, MADs and the CM decode to tshark 4.0's values; the ICRC (over the LRH-based invariant fields)
 * and the VCRC check out on every frame, and a flipped bit is caught by both.
 */
class NativeInfinibandTest {
    @TempDir
    Path tmp;

    private static Path erf() {
        Path p = TestCaptures.dir().resolve("external").resolve("srinivaskoritala_rdma-softroce-demo__infiniband.pcap");
        Assumptions.assumeTrue(Files.exists(p), "the external ERF capture is not there");
        return p;
    }

    /**
     * Beyond TsharkJsonTest's differences: on native IB tshark's infiniband.payload ends 6 bytes before
     * RoCEscope's (which runs to the ICRC, as the LRH's packet length says) where tshark decodes IPoIB in it.
     */
    private static final Set<String> ALSO_DIFFERENT = Set.of("infiniband.payload");

    @Test
    void everyInfinibandAndCmFieldEqualsTsharks() throws Exception {
        Tshark.assume();
        Path f = erf();
        CliRunner r = CliRunner.run("dissect", "-T", "json", f.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        List<Map<String, List<String>>> ours = TsharkJsonTest.leaves(r.out());
        List<Map<String, List<String>>> theirs = TsharkJsonTest.leaves(Tshark.run("-r", f.toString(), "-T", "json"));
        assertThat(ours).hasSize(43).hasSameSizeAs(theirs);
        Set<String> compared = new java.util.TreeSet<>();
        int values = 0;
        for (int i = 0; i < ours.size(); i++) {
            for (Map.Entry<String, List<String>> e : ours.get(i).entrySet()) {
                String k = e.getKey();
                List<String> t = theirs.get(i).get(k);
                if (!k.startsWith("infiniband.") || t == null || ALSO_DIFFERENT.contains(k) || TsharkJsonTest.DIFFERENT.contains(k)) continue;
                assertThat(e.getValue()).as("frame " + (i + 1) + " " + k).isEqualTo(t);
                compared.add(k);
                values++;
            }
            // and every LRH field tshark shows, RoCEscope shows too
            for (String k : theirs.get(i).keySet()) if (k.startsWith("infiniband.lrh")) assertThat(ours.get(i)).containsKey(k);
        }
        assertThat(values).isGreaterThan(1000);
        assertThat(compared).contains("infiniband.lrh.vl", "infiniband.lrh.lnh", "infiniband.lrh.dlid", "infiniband.lrh.slid",
            "infiniband.lrh.pktlen", "infiniband.grh.sgid", "infiniband.grh.dgid", "infiniband.bth.psn", "infiniband.deth.srcqp",
            "infiniband.mad.mgmtclass", "infiniband.cm.req.serviceid", "infiniband.cm.req.localqpn", "infiniband.cm.rep.localqpn",
            "infiniband.cm.rep.startpsn", "infiniband.invariant.crc", "infiniband.variant.crc", "infiniband.aeth.msn");
        // frame times come from the ERF header (nanoseconds), as tshark's
        assertThat(CliRunner.run("dissect", "-T", "fields", "-e", "frame.time_epoch", "-e", "frame.len", f.toString()).out())
            .isEqualTo(Tshark.run("-r", f.toString(), "-T", "fields", "-e", "frame.time_epoch", "-e", "frame.len"));
    }

    @Test
    void dltInfinibandCapturesDecodeAsTheErfOnesAndWritingThemGivesErfTsharkReads() throws Exception {
        Tshark.assume();
        Path f = erf();
        String[] ib = {"-T", "fields", "-e", "frame.number", "-e", "infiniband.lrh.dlid", "-e", "infiniband.lrh.slid", "-e",
            "infiniband.bth.opcode", "-e", "infiniband.bth.psn", "-e", "infiniband.cm.req.localqpn", "-e", "infiniband.invariant.crc",
            "-e", "infiniband.variant.crc", "-e", "frame.len", "-e", "frame.time_epoch"};
        String expected = Tshark.run(TsharkJsonTestArgs.concat(new String[] {"-r", f.toString()}, ib));
        // a DLT_INFINIBAND (247) pcap of the same packets, made here from the ERF records' payloads
        List<io.rocescope.dissector.TestCaptures.RawFrame> raw = new java.util.ArrayList<>();
        for (io.rocescope.dissector.TestCaptures.RawFrame r : io.rocescope.dissector.TestCaptures.records(f)) {
            raw.add(new io.rocescope.dissector.TestCaptures.RawFrame(r.timestampNanos(), r.data(), r.originalLength(), 247));
        }
        Path dlt = tmp.resolve("ib.pcap");
        Files.write(dlt, io.rocescope.dissector.TestPcapWriter.pcap(raw, 247, java.nio.ByteOrder.LITTLE_ENDIAN, true, 65535));
        assertThat(CliRunner.run(TsharkJsonTestArgs.concat(new String[] {"dissect", "-r", dlt.toString()}, ib)).out()).isEqualTo(expected);
        // -w writes native IB as ERF records (tshark 4.0 reads no DLT_INFINIBAND pcap), in pcap and pcapng: tshark reads them as the original
        for (String name : List.of("back.pcap", "back.pcapng")) {
            Path back = tmp.resolve(name);
            assertThat(CliRunner.run("dissect", "-r", dlt.toString(), "-w", back.toString()).exit()).isZero();
            assertThat(Tshark.run(TsharkJsonTestArgs.concat(new String[] {"-r", back.toString()}, ib))).as(name).isEqualTo(expected);
        }
    }

    /** Array helpers. */
    static final class TsharkJsonTestArgs {
        static String[] concat(String[] a, String[] b) {
            String[] c = java.util.Arrays.copyOf(a, a.length + b.length);
            System.arraycopy(b, 0, c, a.length, b.length);
            return c;
        }
    }

    @Test
    void icrcAndVcrcAreGoodOnEveryFrameAndAFlippedBitBreaksBoth() throws Exception {
        Path f = erf();
        List<String> status = List.of(CliRunner.run("dissect", "-T", "fields", "-e", "infiniband.icrc.status", "-e",
            "infiniband.vcrc.status", f.toString()).lines());
        assertThat(status).hasSize(43).containsOnly("good\tgood");
        // flip one payload bit of frame 7 (a CM REQ: record header 16 + ERF header 16 + LRH 8 + BTH 12 + DETH 8 + 100)
        byte[] b = Files.readAllBytes(f);
        int off = 24;
        for (int n = 1; n < 7; n++) off += 16 + (int) (java.nio.ByteBuffer.wrap(b, off + 8, 4).order(java.nio.ByteOrder.LITTLE_ENDIAN).getInt());
        b[off + 16 + 16 + 8 + 12 + 8 + 100] ^= 0x10;
        Path bad = tmp.resolve("flipped.pcap");
        Files.write(bad, b);
        List<String> after = List.of(CliRunner.run("dissect", "-T", "fields", "-e", "frame.number", "-e", "infiniband.icrc.status", "-e",
            "infiniband.vcrc.status", bad.toString()).lines());
        for (String line : after) assertThat(line).isEqualTo(line.startsWith("7\t") ? "7\tbad\tbad" : line.split("\t")[0] + "\tgood\tgood");
        assertThat(CliRunner.run("expert", bad.toString()).out()).contains("icrc.bad");
    }
}
