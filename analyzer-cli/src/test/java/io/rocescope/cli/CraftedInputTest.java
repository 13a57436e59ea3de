package io.rocescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.TestCaptures.RawFrame;
import io.rocescope.dissector.TestPcapWriter;
import io.rocescope.dissector.decode.IcrcCalculator;
import io.rocescope.flow.Frames;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Crafted inputs from issue 11 §1, each made from real capture frames with one field altered, run
 * through the commands: the altered frame decodes as well as it can, every other frame is as before,
 * and failures are one line on stderr with exit code 2.
 */
class CraftedInputTest {
    private static final String[] ANALYSES = {"flows", "expert", "timeline", "check"};

    @TempDir
    Path dir;

    /** The capture's frames with frame {@code number} changed by {@code change}, as a pcap in the temp folder. */
    private Path altered(String capture, int number, Consumer<byte[]> change) throws IOException {
        List<RawFrame> frames = new ArrayList<>(TestCaptures.records(TestCaptures.file(capture)));
        RawFrame f = frames.get(number - 1);
        byte[] data = f.data().clone();
        change.accept(data);
        frames.set(number - 1, new RawFrame(f.timestampNanos(), data, f.originalLength(), f.linkType()));
        return write(capture + "-altered.pcap", TestPcapWriter.pcap(frames, 1, ByteOrder.LITTLE_ENDIAN, true, 65535));
    }

    private Path write(String name, byte[] bytes) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, bytes);
        return p;
    }

    /** A RoCEv2/IPv4 frame's ICRC made right again after a change (Ethernet 14, IPv4 20, UDP 8). */
    private static void reseal(byte[] d) {
        int icrc = d.length - 4;
        long crc = new IcrcCalculator().compute(d, 14, IcrcCalculator.IPV4, 20, 34, 42, icrc);
        for (int i = 0; i < 4; i++) d[icrc + i] = (byte) (crc >>> (8 * i));
    }

    /** Every line of {@code altered} but frame {@code number}'s equals the original's; returns that frame's line. */
    private static String onlyThatFrameDiffers(String capture, Path altered, int number) {
        String[] before = CliRunner.run("dissect", TestCaptures.file(capture).toString()).lines();
        CliRunner after = CliRunner.run("dissect", altered.toString());
        assertThat(after.exit()).isZero();
        assertThat(after.err()).isEmpty();
        String[] lines = after.lines();
        assertThat(lines).hasSameSizeAs(before);
        for (int i = 0; i < lines.length; i++) if (i != number - 1) assertThat(lines[i]).isEqualTo(before[i]);
        return lines[number - 1];
    }

    /** The analysis commands end as they do on the unaltered capture, without a word on stderr. */
    private static void analysesRunAsOnTheOriginal(String capture, Path altered) {
        for (String command : ANALYSES) {
            CliRunner before = CliRunner.run(command, TestCaptures.file(capture).toString());
            CliRunner after = CliRunner.run(command, altered.toString());
            assertThat(after.err()).as(command).isEmpty();
            assertThat(after.exit()).as(command).isEqualTo(before.exit());
        }
    }

    // ---- value names ----

    @Test
    void sidrReplyWithAnUnnamedStatusPrintsUnknownAndLosesNothing() throws IOException {
        // udaddy's SIDR_REP (frame 4): its status byte (infiniband.cm.sidr_rep.status @90) made 9, which has no name
        Path p = altered("udaddy_sidr", 4, d -> { d[90] = 9; reseal(d); });
        assertThat(onlyThatFrameDiffers("udaddy_sidr", p, 4))
            .endsWith("CM ServiceIDResReqResp status=Unknown (9) QPN=0x000011 Q_Key=0x01234567");
        analysesRunAsOnTheOriginal("udaddy_sidr", p);
    }

    @Test
    void alternatePathResponseWithAnUnnamedStatusPrintsUnknown() throws IOException {
        // the same MAD made an APR (attribute 0x001a @78): APR's status is the MAD data's tenth byte (86 + 9)
        Path p = altered("udaddy_sidr", 4, d -> { d[79] = 0x1A; d[95] = (byte) 200; reseal(d); });
        assertThat(onlyThatFrameDiffers("udaddy_sidr", p, 4)).endsWith("CM AlternatePathResponse status=Unknown (200)");
        CliRunner json = CliRunner.run("dissect", "-T", "rocescope-json", p.toString());
        assertThat(json.exit()).isZero();
        assertThat(json.out()).contains("\"display\":\"200\"");   // the tree shows the number alone, as for any unnamed value
        analysesRunAsOnTheOriginal("udaddy_sidr", p);
    }

    @Test
    void perftestMtuRecordWithAnUnknownValuePrintsUnknown() throws IOException {
        // send_bw_rc's client MTU record (frame 14, "3\0" @66) made "9\0"
        Path p = altered("send_bw_rc", 14, d -> d[66] = '9');
        assertThat(onlyThatFrameDiffers("send_bw_rc", p, 14)).contains("perftest MTU Unknown (9) (55158 → 18515");
        assertThat(CliRunner.run("timeline", p.toString()).out()).containsPattern("perftest MTU ─+▶  Unknown \\(9\\)");
        analysesRunAsOnTheOriginal("send_bw_rc", p);
    }

    // ---- perftest parser ----

    @Test
    void anOverLongVersionNumberDoesNotJamTheExchange() throws IOException {
        for (String version : new String[] {"6.9999999999999", "99999999999.06"}) {
            // send_bw_rc's client version record (frame 6, 16 bytes @66)
            Path p = altered("send_bw_rc", 6, d -> {
                byte[] v = java.util.Arrays.copyOf(version.getBytes(StandardCharsets.US_ASCII), 16);
                System.arraycopy(v, 0, d, 66, 16);
            });
            // every later record of that direction (cycle buffer, cache line, MTU, keys) still decodes
            assertThat(onlyThatFrameDiffers("send_bw_rc", p, 6)).contains("perftest version " + version + " (55158 → 18515");
            analysesRunAsOnTheOriginal("send_bw_rc", p);
        }
    }

    // ---- time going backwards ----

    @Test
    void aPauseResumedBeforeItBeganIsATimestampFindingNotAHang() throws IOException {
        // the 176-byte capture of the report: a PFC pause of priority 3 in 2023, its resume stamped at the epoch
        List<RawFrame> frames = List.of(new RawFrame(1_700_000_000_000_000_000L, Frames.pfc(3, 65535), 60, 1),
            new RawFrame(0, Frames.pfc(3, 0), 60, 1));
        Path p = write("pfc-back.pcap", TestPcapWriter.pcap(frames, 1, ByteOrder.LITTLE_ENDIAN, true, 65535));
        assertThat(Files.size(p)).isEqualTo(176);
        for (String command : ANALYSES) {
            CliRunner r = CliRunner.run(command, p.toString());
            assertThat(r.exit()).as(command).isZero();
            assertThat(r.err()).as(command).isEmpty();
        }
        CliRunner expert = CliRunner.run("expert", p.toString());
        assertThat(expert.out()).contains("capture.timestamps_out_of_order frame 2:");
        JsonNode findings = new ObjectMapper().readTree(CliRunner.run("expert", "-T", "json", p.toString()).out()).get("findings");
        assertThat(findings).hasSize(1);
        assertThat(findings.get(0).get("kind").asText()).isEqualTo("capture.timestamps_out_of_order");
        assertThat(findings.get(0).get("frames").toString()).isEqualTo("[2]");
    }

    // ---- lengths ----

    @Test
    void origLenIsUnsigned32BitAndBelowInclLenIsAWarning() throws IOException {
        List<RawFrame> real = TestCaptures.records(TestCaptures.file("send_bw_rc")).subList(0, 3);   // ARP request, reply, TCP SYN
        long max = (1L << 32) - 1;
        List<RawFrame> frames = List.of(new RawFrame(real.get(0).timestampNanos(), real.get(0).data(), (int) max, 1),
            new RawFrame(real.get(1).timestampNanos(), real.get(1).data(), 10, 1), real.get(2));
        Path pcap = write("len.pcap", TestPcapWriter.pcap(frames, 1, ByteOrder.BIG_ENDIAN, false, 65535));
        TestPcapWriter.Pcapng ng = new TestPcapWriter.Pcapng(ByteOrder.LITTLE_ENDIAN).iface(1, 65535, 9);
        for (RawFrame f : frames) ng.enhanced(0, f.timestampNanos(), f.data(), f.data().length, f.originalLength());
        Path pcapng = write("len.pcapng", ng.bytes());
        for (Path p : List.of(pcap, pcapng)) {
            CliRunner lines = CliRunner.run("dissect", p.toString());
            assertThat(lines.exit()).isZero();
            assertThat(lines.lines()[0]).contains(" ARP " + max + " Who has 10.0.0.2?");
            assertThat(lines.lines()[1]).contains(" ARP " + real.get(1).data().length + " 10.0.0.2 is at");   // taken as incl_len
            assertThat(lines.err()).isEqualTo("rocescope: warning: " + p + ": frame 2 has orig_len 10 below its incl_len "
                + real.get(1).data().length + "; its length is taken as " + real.get(1).data().length
                + " (later frames like it are not reported)\n");
            CliRunner fields = CliRunner.run("dissect", "-T", "fields", "-e", "frame.len", p.toString());
            assertThat(fields.lines()).containsExactly(Long.toString(max), Integer.toString(real.get(1).data().length),
                Integer.toString(real.get(2).originalLength()));
            JsonNode json = new ObjectMapper().readTree(CliRunner.run("dissect", "-T", "rocescope-json", p.toString()).out());
            assertThat(json.get(0).get("length").asLong()).isEqualTo(max);
            assertThat(CliRunner.run("dissect", "-V", p.toString()).out()).contains("Frame 1: " + max + " bytes on wire");
            assertThat(CliRunner.run("flows", p.toString()).exit()).isZero();
        }
    }

    // ---- -T json: whole or nothing ----

    @Test
    void jsonOfAnInputThatCannotBeReadIsNothing() throws IOException {
        Path notACapture = write("notes.pcap", "not a capture at all\n".getBytes(StandardCharsets.US_ASCII));
        for (String input : new String[] {dir.resolve("missing.pcap").toString(), notACapture.toString()}) {
            CliRunner r = CliRunner.run("dissect", "-T", "json", input);
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.out()).isEmpty();
            assertThat(r.err().lines()).singleElement().asString().startsWith("rocescope: " + input + ": ");
        }
    }

    /** Standard output whose {@code n}th write throws {@code failure} once. */
    private static final class FailingOnce extends OutputStream {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final int n;
        private final RuntimeException runtime;
        private final Error error;
        private int writes;

        FailingOnce(int n, Throwable failure) {
            this.n = n;
            this.runtime = failure instanceof RuntimeException r ? r : null;
            this.error = failure instanceof Error e ? e : null;
        }

        @Override public void write(int b) { write(new byte[] {(byte) b}, 0, 1); }
        @Override public void write(byte[] b, int off, int len) {
            if (++writes == n) {
                if (error != null) throw error;
                throw runtime;
            }
            bytes.write(b, off, len);
        }
    }

    @Test
    void anErrorMidWayIsOneLineAndTheJsonStaysValid() throws IOException {
        // out of memory while writing the second batch of frames: the run stops there, the array is closed
        FailingOnce out = new FailingOnce(3, new OutOfMemoryError("Java heap space"));
        StringWriter err = new StringWriter();
        int code = RoceScope.run(new String[] {"dissect", "-T", "json", "--threads", "2", TestCaptures.file("send_bw_rc").toString()},
            out, new PrintWriter(err));
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("rocescope: out of memory (Java heap space); a smaller --max-flows or a larger -Xmx may help\n");
        JsonNode root = new ObjectMapper().readTree(out.bytes.toString(StandardCharsets.UTF_8));
        assertThat(root.isArray()).isTrue();
        assertThat(root.size()).isBetween(1, 1331);   // the frames written before the failure, each whole
        for (int i = 0; i < root.size(); i++) {
            assertThat(root.get(i).at("/_source/layers/frame/frame.number").asLong()).isEqualTo(i + 1);   // tshark's layout
        }
    }

    @Test
    void anErrorInAnAnalysisIsOneLine() {
        for (String command : ANALYSES) {
            FailingOnce out = new FailingOnce(1, new StackOverflowError());
            StringWriter err = new StringWriter();
            int code = RoceScope.run(new String[] {command, TestCaptures.file("rping").toString()}, out, new PrintWriter(err));
            assertThat(code).as(command).isEqualTo(2);
            assertThat(err.toString()).as(command).isEqualTo("rocescope: stack overflow (input nested too deeply?)\n");
        }
    }

    // ---- standard output errors ----

    /** File descriptor 1 failing the way the kernel's errno says. */
    private static OutputStream failingFd1(String strerror) {
        return new StandardOutput(new OutputStream() {
            @Override public void write(int b) throws IOException { throw new IOException(strerror); }
            @Override public void write(byte[] b, int off, int len) throws IOException { throw new IOException(strerror); }
        });
    }

    @Test
    void onlyABrokenPipeIsAClosedReader() {
        for (String command : new String[] {"dissect", "flows", "expert", "timeline", "check"}) {
            String[] args = {command, TestCaptures.file("rping").toString()};
            StringWriter err = new StringWriter();
            assertThat(RoceScope.run(args, failingFd1("Broken pipe"), new PrintWriter(err))).as(command).isEqualTo(141);
            assertThat(err.toString()).as(command).isEmpty();
            err = new StringWriter();
            assertThat(RoceScope.run(args, failingFd1("No space left on device"), new PrintWriter(err))).as(command).isEqualTo(2);
            assertThat(err.toString()).as(command).isEqualTo("rocescope: standard output: write error: No space left on device\n");
        }
    }

    @Test
    void aFullDiskOnStandardOutputIsReported() throws Exception {
        Path devFull = Path.of("/dev/full");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isWritable(devFull), "/dev/full is not available");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", System.getProperty("java.class.path"), RoceScope.class.getName(), "dissect", TestCaptures.file("rping").toString())
            .redirectOutput(devFull.toFile()).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).isEqualTo(2);
        assertThat(err).isEqualTo("rocescope: standard output: write error: No space left on device\n");
    }

    // ---- terminal safety ----

    @Test
    void controlCharactersOfFileNamesAreEscaped() throws IOException {
        Path evil = dir.resolve("cap\u001b]0;owned\u0007\u001b[31m.pcap");
        Files.copy(TestCaptures.file("rping"), evil);
        CliRunner check = CliRunner.run("check", evil.toString());
        assertThat(check.out()).startsWith(dir + "/cap\\x1b]0;owned\\x07\\x1b[31m.pcap: ");
        assertThat(check.out()).doesNotContain("\u001b").doesNotContain("\u0007");
        CliRunner missing = CliRunner.run("dissect", dir.resolve("gone\u001b[2J.pcap").toString());
        assertThat(missing.err()).isEqualTo("rocescope: " + dir + "/gone\\x1b[2J.pcap: no such file\n");
    }
}
