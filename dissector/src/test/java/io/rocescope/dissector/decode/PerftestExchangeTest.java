package io.rocescope.dissector.decode;

import io.rocescope.dissector.text.Addresses;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.TestCaptures.RawFrame;
import io.rocescope.dissector.TestPcapWriter;
import io.rocescope.dissector.capture.CaptureReaders;
import io.rocescope.dissector.field.PerftestFields;
import io.rocescope.dissector.text.FieldText;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** perftest's TCP key exchange, checked against what perftest itself printed (the capture's .txt). */
class PerftestExchangeTest {

    /** What perftest printed for one side: "local address: LID 0000 QPN 0x0011 PSN 0x9ae6be [OUT ..] [RKey 0x.. VAddr 0x..]". */
    record Printed(int qpn, int psn, Long rkey, Long vaddr) {}

    private static final Pattern ADDRESS = Pattern.compile(
        " local address: LID \\w+ QPN 0x(\\w+) PSN 0x(\\w+)(?: OUT 0x\\w+)?(?: RKey 0x(\\w+) VAddr 0x(\\w+))?");

    /** The client's and the server's "local address" lines, in that order. */
    static List<Printed> printed(String capture) throws IOException {
        String txt = Files.readString(TestCaptures.dir().resolve(capture + ".txt"));
        List<Printed> out = new ArrayList<>();
        for (String section : new String[] {"## Output of client", "## Output of server"}) {
            String part = txt.substring(txt.indexOf(section));
            Matcher m = ADDRESS.matcher(part);
            if (!m.find()) throw new IllegalStateException("no local address in " + section + " of " + capture);
            out.add(new Printed(Integer.parseInt(m.group(1), 16), Integer.parseInt(m.group(2), 16),
                m.group(3) == null ? null : Long.parseLong(m.group(3), 16), m.group(4) == null ? null : Long.parseLong(m.group(4), 16)));
        }
        return out;
    }

    /** Key records as "src → QPN PSN RKey VA" strings, in capture order. */
    static List<String> keyRecords(List<DecodedFrame> frames) {
        List<String> out = new ArrayList<>();
        for (DecodedFrame f : frames) {
            for (int i = f.find(PerftestFields.KEY_QPN); i >= 0; i = f.findNext(PerftestFields.KEY_QPN, i)) {
                int j = i;
                long qpn = f.value(j), psn = f.value(f.findNext(PerftestFields.KEY_PSN, j - 1));
                long rkey = f.value(f.findNext(PerftestFields.KEY_RKEY, j - 1)), va = f.value(f.findNext(PerftestFields.KEY_VADDR, j - 1));
                out.add(Addresses.source(f) + " qpn=" + qpn + " psn=" + psn + " rkey=" + rkey + " va=" + va);
            }
        }
        return out;
    }

    static List<String> socketCaptures() {
        List<String> out = new ArrayList<>();
        for (Path p : TestCaptures.all()) {
            String name = p.getFileName().toString().replace(".pcap", "");
            try {
                if (Files.readString(TestCaptures.dir().resolve(name + ".txt")).contains("Data ex. method : Ethernet")) out.add(name);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
        return out;
    }

    @TestFactory
    Stream<DynamicTest> keyRecordsEqualWhatPerftestPrinted() {
        List<String> captures = socketCaptures();
        assertThat(captures).hasSizeGreaterThanOrEqualTo(9);
        return captures.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            List<Printed> sides = printed(name);
            List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file(name));
            // Clients run on host A (the lower address), servers on B; each sends its own local address.
            String client = null;
            int checked = 0;
            for (DecodedFrame f : frames) {
                for (int i = f.find(PerftestFields.KEY_QPN); i >= 0; i = f.findNext(PerftestFields.KEY_QPN, i)) {
                    String src = Addresses.source(f);
                    if (client == null) client = src;   // the client writes first
                    Printed expected = sides.get(src.equals(client) ? 0 : 1);
                    assertThat(f.value(i)).as("%s frame %d QPN", name, f.number()).isEqualTo(expected.qpn());
                    assertThat(f.get(PerftestFields.KEY_PSN, -1)).as("%s frame %d PSN", name, f.number()).isEqualTo(expected.psn());
                    if (expected.rkey() != null) {
                        assertThat(f.get(PerftestFields.KEY_RKEY, -1)).as("%s R_Key", name).isEqualTo(expected.rkey());
                        assertThat(f.get(PerftestFields.KEY_VADDR, -1)).as("%s VA", name).isEqualTo(expected.vaddr());
                    }
                    checked++;
                }
            }
            assertThat(checked).as("key records in " + name).isGreaterThanOrEqualTo(8);
            assertThat(frames.stream().filter(f -> "version".equals(recordKind(f))).count()).isEqualTo(2);
        }));
    }

    private static String recordKind(DecodedFrame f) {
        int i = f.find(PerftestFields.RECORD);
        return i < 0 ? null : FieldText.value(f, i);
    }

    /** The client's bandwidth report, sent to the server in binary, equals the line perftest printed. */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"write_bw_rc", "read_bw_rc", "atomic_bw_fetch_add"})
    void clientReportEqualsThePrintedResults(String name) throws IOException {
        String txt = Files.readString(TestCaptures.dir().resolve(name + ".txt"));
        String client = txt.substring(txt.indexOf("## Output of client"));
        Matcher m = Pattern.compile("\\n\\s*(\\d+)\\s+(\\d+)\\s+([\\d.]+)\\s+([\\d.]+)\\s+([\\d.]+)").matcher(client);
        assertThat(m.find()).as("results line in " + name).isTrue();
        List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file(name));
        DecodedFrame report = frames.stream().filter(f -> f.has(PerftestFields.REPORT_SIZE)).findFirst().orElseThrow();
        assertThat(report.get(PerftestFields.REPORT_SIZE, -1)).isEqualTo(Long.parseLong(m.group(1)));
        assertThat(report.get(PerftestFields.REPORT_ITERS, -1)).isEqualTo(Long.parseLong(m.group(2)));
        assertThat(Double.longBitsToDouble(report.get(PerftestFields.REPORT_BW_PEAK, 0))).isCloseTo(Double.parseDouble(m.group(3)), org.assertj.core.data.Offset.offset(0.006));
        assertThat(Double.longBitsToDouble(report.get(PerftestFields.REPORT_BW_AVG, 0))).isCloseTo(Double.parseDouble(m.group(4)), org.assertj.core.data.Offset.offset(0.006));
        assertThat(Double.longBitsToDouble(report.get(PerftestFields.REPORT_MSG_RATE, 0))).isCloseTo(Double.parseDouble(m.group(5)), org.assertj.core.data.Offset.offset(0.0000006));
    }

    @Test
    void reorderedDuplicatedAndOverlappingSegmentsYieldTheSameRecords() throws IOException {
        List<RawFrame> raw = TestCaptures.records(TestCaptures.file("write_bw_rc"));
        List<String> expected = keyRecords(TestCaptures.decode(TestCaptures.file("write_bw_rc")));
        List<RawFrame> mangled = new ArrayList<>();
        List<Integer> perftestData = new ArrayList<>();
        for (int i = 0; i < raw.size(); i++) {
            byte[] d = raw.get(i).data();
            boolean tcp = d.length > 54 && d[23] == 6;
            if (tcp && tcpPayloadLength(d) > 0) perftestData.add(i);
        }
        assertThat(perftestData.size()).isGreaterThan(10);
        for (int i = 0; i < raw.size(); i++) mangled.add(raw.get(i));
        // swap two data segments of the same direction (out of order), duplicate one, split one in overlapping halves
        int a = perftestData.get(8), b = perftestData.get(10);
        RawFrame t = mangled.get(a);
        mangled.set(a, mangled.get(b));
        mangled.set(b, t);
        int dup = perftestData.get(4);
        mangled.add(dup + 1, raw.get(dup));
        int split = perftestData.get(12) + 1;   // shifted by the duplicate
        RawFrame whole = mangled.get(split);
        mangled.remove(split);
        mangled.addAll(split, splitOverlapping(whole));
        byte[] file = TestPcapWriter.pcap(mangled, 1, ByteOrder.LITTLE_ENDIAN, false, 262144);
        List<DecodedFrame> frames;
        try (var r = CaptureReaders.open(new ByteArrayInputStream(file), "mangled")) {
            frames = TestCaptures.decode(r, new DecodeOptions());
        }
        assertThat(keyRecords(frames)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(keyRecords(frames)).hasSameSizeAs(expected);
    }

    private static int tcpPayloadLength(byte[] d) {
        int ipTotal = ((d[16] & 0xFF) << 8) | (d[17] & 0xFF);
        int tcpHeader = ((d[46] & 0xFF) >>> 4) * 4;
        return ipTotal - 20 - tcpHeader;
    }

    /** Two segments: bytes [0, 2n/3) and [n/3, n) of the payload, with fixed IP lengths and sequence numbers. */
    private static List<RawFrame> splitOverlapping(RawFrame f) {
        byte[] d = f.data();
        int hdr = 14 + 20 + ((d[46] & 0xFF) >>> 4) * 4;
        int n = d.length - hdr;
        int cut1 = 2 * n / 3, cut2 = n / 3;
        byte[] first = Arrays.copyOf(d, hdr + cut1);
        byte[] second = new byte[hdr + n - cut2];
        System.arraycopy(d, 0, second, 0, hdr);
        System.arraycopy(d, hdr + cut2, second, hdr, n - cut2);
        setIpLength(first);
        setIpLength(second);
        long seq = ((d[38] & 0xFFL) << 24) | ((d[39] & 0xFF) << 16) | ((d[40] & 0xFF) << 8) | (d[41] & 0xFF);
        long seq2 = seq + cut2;
        for (int i = 0; i < 4; i++) second[38 + i] = (byte) (seq2 >>> (24 - 8 * i));
        return List.of(new RawFrame(f.timestampNanos(), second, second.length, 1), new RawFrame(f.timestampNanos(), first, first.length, 1));
    }

    private static void setIpLength(byte[] d) {
        int len = d.length - 14;
        d[16] = (byte) (len >>> 8);
        d[17] = (byte) len;
    }
}
