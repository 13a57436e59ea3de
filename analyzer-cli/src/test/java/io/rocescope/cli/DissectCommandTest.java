package io.rocescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.TestPcapWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class DissectCommandTest {

    private static String capture(String name) {
        return TestCaptures.file(name).toString();
    }

    @Test
    void oneLinePerFrameLikeTshark() {
        CliRunner r = CliRunner.run("dissect", capture("send_bw_rc"));
        assertThat(r.exit()).isZero();
        String[] lines = r.lines();
        assertThat(lines).hasSize(1332);
        // The client's first SEND starts at the PSN perftest printed (0x9ae6be = 10151614) to QPN 0x11.
        assertThat(r.out()).contains("10.0.0.1 → 10.0.0.2          RRoCE 1082 RC SEND First QP=0x000011 PSN=10151614");
        assertThat(r.out()).containsPattern("RC Acknowledge QP=0x000011 PSN=\\d+ ACK credits=unlimited MSN=1\\n");
        assertThat(lines[0]).matches("\\s+1\\s+0\\.000000 .*ARP 42 Who has 10\\.0\\.0\\.2\\? Tell 10\\.0\\.0\\.1");
    }

    @Test
    void naksAndRnrNaksAreNamedInTheInfoColumn() {
        String out = CliRunner.run("dissect", capture("send_bw_loss2pct")).out();
        assertThat(out.lines().filter(l -> l.contains("NAK PSN Sequence Error")).count()).isEqualTo(28);
        String rnr = CliRunner.run("dissect", capture("rnr_nak")).out();
        assertThat(rnr.lines().filter(l -> l.contains("RNR NAK timer=81.92 ms")).count()).isEqualTo(4);
        String access = CliRunner.run("dissect", capture("nak_remote_access_write")).out();
        assertThat(access).contains("NAK Remote Access Error");
    }

    @Test
    void icrcStatusFieldPrintsExactlyTheWords() {
        CliRunner r = CliRunner.run("dissect", "-T", "fields", "-e", "infiniband.icrc.status", capture("send_bw_corrupt1pct"));
        assertThat(r.exit()).isZero();
        List<String> words = Arrays.asList(r.lines());
        assertThat(words).hasSize(2586);
        assertThat(words).containsOnly("good", "bad", "");
        assertThat(words.stream().filter("bad"::equals).count()).isEqualTo(21);
        assertThat(words.stream().filter("good"::equals).count()).isEqualTo(2532);
        String bad = CliRunner.run("dissect", capture("send_bw_corrupt1pct")).out();
        assertThat(bad.lines().filter(l -> l.endsWith("[bad ICRC]")).count()).isEqualTo(21);
    }

    @Test
    void fieldsOutputWithHeaderSeparatorAndRepeatedFields() {
        CliRunner r = CliRunner.run("dissect", "-T", "fields", "-E", "header=y", "-E", "separator=,", "-c", "8",
            "-e", "frame.number", "-e", "infiniband.bth.opcode", "-e", "infiniband.bth.destqp", "-e", "infiniband.immdt",
            "-e", "ip.src", capture("send_write_imm"));
        String[] lines = r.lines();
        assertThat(lines[0]).isEqualTo("frame.number,infiniband.bth.opcode,infiniband.bth.destqp,infiniband.immdt,ip.src");
        assertThat(lines[1]).isEqualTo("1,,,,");
        assertThat(lines[6]).isEqualTo("6,5,0x000011,0x11111111,10.0.0.1");
        assertThat(lines).hasSize(9);
    }

    @Test
    void jsonHasEveryFieldWithValueDisplayOffsetAndLength() throws Exception {
        CliRunner r = CliRunner.run("dissect", "-T", "rocescope-json", capture("atomic_bw_fetch_add"));
        JsonNode root = new ObjectMapper().readTree(r.out());
        assertThat(root.isArray()).isTrue();
        assertThat(root.size()).isEqualTo(141);
        JsonNode fetchAdd = null;
        for (JsonNode frame : root) if (frame.get("info").asText().startsWith("RC FetchAdd")) { fetchAdd = frame; break; }
        assertThat(fetchAdd).isNotNull();
        assertThat(fetchAdd.get("icrc").asText()).isEqualTo("good");
        List<JsonNode> all = new ArrayList<>();
        flatten(fetchAdd.get("layers"), all);
        JsonNode psn = all.stream().filter(n -> n.get("name").asText().equals("infiniband.bth.psn")).findFirst().orElseThrow();
        assertThat(psn.get("value").isNumber()).isTrue();
        assertThat(psn.get("offset").asInt()).isEqualTo(42 + 9);
        assertThat(psn.get("length").asInt()).isEqualTo(3);
        JsonNode opcode = all.stream().filter(n -> n.get("name").asText().equals("infiniband.bth.opcode")).findFirst().orElseThrow();
        assertThat(opcode.get("display").asText()).isEqualTo("RC FetchAdd (20)");
        assertThat(all.stream().map(n -> n.get("name").asText())).contains("infiniband.atomiceth.swapdt", "infiniband.atomiceth.r_key");
        for (JsonNode n : all) {
            assertThat(n.has("offset") && n.has("length") && n.has("label")).isTrue();
            if (!n.has("children")) assertThat(n.has("value") && n.has("display")).as(n.toString()).isTrue();
        }
        assertThat(fetchAdd.get("frame").asInt()).isPositive();
    }

    private static void flatten(JsonNode nodes, List<JsonNode> out) {
        for (JsonNode n : nodes) {
            out.add(n);
            if (n.has("children")) flatten(n.get("children"), out);
        }
    }

    @Test
    void verboseTreeShowsEveryFieldWithItsByteRange() {
        CliRunner r = CliRunner.run("dissect", "-V", "-c", "7", capture("send_write_imm"));
        assertThat(r.out()).contains("Frame 7: 62 bytes on wire")
            .contains("Packet Sequence Number: 9636724  [infiniband.bth.psn @51+3]")
            .contains("Credit Count: unlimited (31)  [infiniband.aeth.syndrome.credit_count @54+1]")
            .contains("ICRC status: good  [infiniband.icrc.status @58+4]");
    }

    @Test
    void countStopsEarlyAndStdinWorks() throws Exception {
        assertThat(CliRunner.run("dissect", "-c", "5", capture("rping")).lines()).hasSize(5);
        InputStream saved = System.in;
        try {
            System.setIn(new ByteArrayInputStream(Files.readAllBytes(TestCaptures.file("rping"))));
            CliRunner r = CliRunner.run("dissect", "-");
            assertThat(r.exit()).isZero();
            assertThat(r.lines()).hasSize(127);
        } finally {
            System.setIn(saved);
        }
    }

    @Test
    void decodeAsPort(@TempDir Path dir) throws Exception {
        List<TestCaptures.RawFrame> raw = new ArrayList<>();
        for (TestCaptures.RawFrame f : TestCaptures.records(TestCaptures.file("send_lat_rc"))) {
            byte[] d = f.data().clone();
            if (d.length > 37 && d[23] == 17 && (((d[36] & 0xFF) << 8) | (d[37] & 0xFF)) == 4791) {
                d[36] = (byte) (5000 >> 8);
                d[37] = (byte) 5000;
            }
            raw.add(new TestCaptures.RawFrame(f.timestampNanos(), d, d.length, f.linkType()));
        }
        Path file = dir.resolve("port5000.pcap");
        Files.write(file, TestPcapWriter.pcap(raw, 1, ByteOrder.LITTLE_ENDIAN, false, 65535));
        assertThat(CliRunner.run("dissect", file.toString()).out()).doesNotContain("RRoCE");
        String out = CliRunner.run("dissect", "--port", "5000", file.toString()).out();
        assertThat(out.lines().filter(l -> l.contains("RRoCE") && l.contains("RC SEND Only")).count()).isEqualTo(100);
    }

    @Test
    void cmAndPerftestSetUpsAreNamedInTheInfoColumn(@TempDir Path dir) throws Exception {
        String cm = CliRunner.run("dissect", capture("send_bw_rc_rdmacm")).out();
        assertThat(cm).containsPattern("CM ConnectRequest QPN=0x000011 PSN=0x[0-9a-f]{6} \\(\\d+\\) ServiceID=TCP:18515 10\\.0\\.0\\.1:\\d+ → 10\\.0\\.0\\.2");
        assertThat(cm).contains("CM ConnectReply QPN=0x000011", "CM ReadyToUse", "CM DisconnectRequest", "CM DisconnectReply");
        String socket = CliRunner.run("dissect", capture("write_bw_rc")).out();
        assertThat(socket).contains("perftest key QPN=0x000011 PSN=0x6e214d RKey=0x273 VA=0x7fdff1bda000 GID=10.0.0.1");
        // perftest -p: another port
        List<TestCaptures.RawFrame> raw = new ArrayList<>();
        for (TestCaptures.RawFrame f : TestCaptures.records(TestCaptures.file("write_bw_rc"))) {
            byte[] d = f.data().clone();
            if (d.length > 37 && d[23] == 6) {
                for (int o : new int[] {34, 36}) {
                    if ((((d[o] & 0xFF) << 8) | (d[o + 1] & 0xFF)) == 18515) { d[o] = (byte) (20000 >> 8); d[o + 1] = (byte) 20000; }
                }
            }
            raw.add(new TestCaptures.RawFrame(f.timestampNanos(), d, d.length, f.linkType()));
        }
        Path file = dir.resolve("port20000.pcap");
        Files.write(file, TestPcapWriter.pcap(raw, 1, ByteOrder.LITTLE_ENDIAN, false, 65535));
        assertThat(CliRunner.run("dissect", file.toString()).out()).doesNotContain("perftest key");
        assertThat(CliRunner.run("dissect", "--perftest-port", "20000", file.toString()).out().lines()
            .filter(l -> l.contains("key QPN=0x000011")).count()).isEqualTo(10);
    }

    @Test
    void displayFilterSelectsFramesAndKeepsTheirNumbers() {
        CliRunner r = CliRunner.run("dissect", "-Y", "infiniband.aeth.syndrome.opcode == 3", capture("send_bw_loss2pct"));
        assertThat(r.lines()).hasSize(28).allMatch(l -> l.contains("NAK PSN Sequence Error"));
        assertThat(r.lines()[0]).startsWith("  190 ");
        CliRunner bad = CliRunner.run("dissect", "-Y", "infiniband.bth.psn >", capture("rping"));
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).isEqualTo("rocescope: filter \"infiniband.bth.psn >\" column 21: a value is missing after '>'\n");
    }

    @Test
    void fieldsCommandListsEveryFieldName() {
        CliRunner r = CliRunner.run("fields");
        assertThat(r.exit()).isZero();
        // tshark -G fields' layout: kind, label, name, type, protocol, base, bitmask, blurb
        assertThat(r.out()).contains("F\tPacket Sequence Number\tinfiniband.bth.psn\tFT_UINT32\tinfiniband\tBASE_DEC\t0x0\t\n")
            .contains("P\tInfiniBand\tinfiniband\n")
            .contains("\tinfiniband.icrc.status\tFT_STRING").contains("infiniband.cm.rej.reason").contains("perftest.key.qpn");
        assertThat(CliRunner.run("fields", "aeth").lines()).allMatch(l -> l.contains("aeth")).hasSizeGreaterThan(5);
        assertThat(CliRunner.run("dissect", "-T", "fields", "-e", "nope", capture("rping")).err()).contains("rocescope fields lists them");
    }

    @Test
    void badInputGivesOneLineAndExitTwoNeverAStackTrace(@TempDir Path dir) throws Exception {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "not a capture at all");
        for (String[] args : new String[][] {
            {"dissect", text.toString()}, {"dissect", dir.resolve("missing.pcap").toString()}, {"dissect"},
            {"dissect", "-T", "fields", capture("rping")}, {"dissect", "-T", "fields", "-e", "no.such.field", capture("rping")},
            {"dissect", "--port", "70000", capture("rping")}, {"dissect", "-c", "abc", capture("rping")}, {"frobnicate"}}) {
            CliRunner r = CliRunner.run(args);
            assertThat(r.exit()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", args)).startsWith("rocescope: ").doesNotContain("Exception").doesNotContain("\tat ");
        }
        assertThat(CliRunner.run("dissect", text.toString()).err().lines().count()).isEqualTo(1);
    }

    @Test
    void truncatedCaptureStillPrintsEverythingBeforeTheDamageWithAWarning(@TempDir Path dir) throws Exception {
        byte[] bytes = Files.readAllBytes(TestCaptures.file("rping"));
        Path cut = dir.resolve("cut.pcap");
        Files.write(cut, Arrays.copyOf(bytes, 5000));
        CliRunner r = CliRunner.run("dissect", cut.toString());
        assertThat(r.exit()).isZero();
        assertThat(r.lines()).hasSize(45);
        assertThat(r.err()).startsWith("rocescope: warning: ").contains("cut short").contains("45 frames were read");
    }
}
