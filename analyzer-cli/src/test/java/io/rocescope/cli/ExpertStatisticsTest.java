package io.rocescope.cli;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * -z expert: tshark 4.0's layout (one parser reads both tools' output whole), and where both tools raise
 * expert infos of one severity in one protocol, the same count. The captures are the real ones, and one
 * made from a real capture by cutting every third frame short on the wire (both lengths), independently
 * of RoCEscope, so that both tools have malformed IPv4 frames to count.
 */
class ExpertStatisticsTest {
    private static final Pattern SECTION = Pattern.compile("^(Errors|Warns|Notes|Chats|Comments) \\((\\d+)\\)$");
    private static final Pattern ROW = Pattern.compile("^ {0,11}(\\d+) +(Checksum|Sequence|Response code|Request code|Undecoded|"
        + "Reassemble|Malformed|Debug|Protocol|Security|Comments section|Decryption|Assumption|Deprecated|Capture|Fabric) +(\\S.*?)  (.+)$");

    /** A finding's row: its summary begins with the finding's key ("psn.gap: …"); tshark has no such rows. */
    private static final Pattern FINDING = Pattern.compile("^[a-z_]+(\\.[a-z_]+)*: .*");

    /** Sum of the rows per "severity protocol" (the dissector's experts, not the findings), checking that every line is of tshark's layout and each heading's count adds up. */
    static Map<String, Long> parse(String out, String what) {
        Map<String, Long> sums = new TreeMap<>();
        String section = null;
        long announced = 0, counted = 0;
        List<String> lines = out.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher s = SECTION.matcher(line);
            Matcher r = ROW.matcher(line);
            if (line.isEmpty()) {
                continue;
            } else if (s.matches()) {
                assertThat(counted).as(what + ": rows of " + section).isEqualTo(announced);
                assertThat(lines.get(i - 1)).as(what).isEmpty();
                assertThat(lines.get(i + 1)).as(what).isEqualTo("=============");
                assertThat(lines.get(i + 2)).as(what).isEqualTo("   Frequency      Group           Protocol  Summary");
                section = s.group(1);
                announced = Long.parseLong(s.group(2));
                counted = 0;
                i += 2;
            } else if (r.matches() && section != null) {
                long n = Long.parseLong(r.group(1));
                counted += n;
                if (!FINDING.matcher(r.group(4)).matches()) sums.merge(section + " " + r.group(3), n, Long::sum);
            } else {
                throw new AssertionError(what + ": not a line of tshark's -z expert: '" + line + "'");
            }
        }
        assertThat(counted).as(what + ": rows of " + section).isEqualTo(announced);
        return sums;
    }

    /** The counts of the severity-and-protocol pairs both outputs have. */
    private static Map<String, Long[]> common(Map<String, Long> ours, Map<String, Long> theirs) {
        Map<String, Long[]> both = new TreeMap<>();
        for (String k : ours.keySet()) if (theirs.containsKey(k)) both.put(k, new Long[] {ours.get(k), theirs.get(k)});
        return both;
    }

    @Test
    void expertTablesHaveTsharksLayoutAndItsCountsWhereBothToolsSeeTheSameProblem(@TempDir Path tmp) throws IOException {
        Tshark.assume();
        Path runts = runts(TestCaptures.file("send_bw_rc"), tmp.resolve("runts.pcap"));
        List<Path> files = new ArrayList<>(TestCaptures.all());
        files.add(TestCaptures.dir().resolve("external/srinivaskoritala_rdma-softroce-demo__infiniband.pcap"));
        files.add(runts);
        for (Path f : files) {
            CliRunner r = CliRunner.run("dissect", "-q", "-z", "expert", f.toString());
            assertThat(r.exit()).as(f.toString()).isZero();
            Map<String, Long> ours = parse(r.out(), "ours " + f.getFileName());
            Map<String, Long> theirs = parse(Tshark.run("-r", f.toString(), "-q", "-z", "expert"), "tshark " + f.getFileName());
            for (Map.Entry<String, Long[]> e : common(ours, theirs).entrySet()) {
                assertThat(e.getValue()[0]).as(f.getFileName() + ": " + e.getKey()).isEqualTo(e.getValue()[1]);
            }
        }
        // the frames cut short: both count each as one IPv4 error, and nothing of ours is left unparsed
        Map<String, Long> ours = parse(CliRunner.run("dissect", "-q", "-z", "expert", runts.toString()).out(), "ours");
        Map<String, Long> theirs = parse(Tshark.run("-r", runts.toString(), "-q", "-z", "expert"), "tshark");
        assertThat(common(ours, theirs)).containsKey("Errors IPv4");
        assertThat(ours.get("Errors IPv4")).isEqualTo(theirs.get("Errors IPv4")).isPositive();
        // a level and a tap filter, as tshark's -z expert,LEVEL and -z expert,FILTER
        Map<String, Long> errors = parse(CliRunner.run("dissect", "-q", "-z", "expert,error", runts.toString()).out(), "ours,error");
        assertThat(errors.keySet()).allMatch(k -> k.startsWith("Errors "));
        assertThat(errors.get("Errors IPv4")).isEqualTo(theirs.get("Errors IPv4"));
        String filter = "ip.src == 10.0.0.1";
        Map<String, Long> filtered = parse(CliRunner.run("dissect", "-q", "-z", "expert," + filter, runts.toString()).out(), "ours,filter");
        Map<String, Long> tsharkFiltered = parse(Tshark.run("-r", runts.toString(), "-q", "-z", "expert," + filter), "tshark,filter");
        assertThat(filtered.get("Errors IPv4")).isEqualTo(tsharkFiltered.get("Errors IPv4")).isLessThan(ours.get("Errors IPv4"));
    }

    @Test
    void findingsAndBadIcrcsAreCountedWithTheirRegistryGroups() {
        // send_bw_corrupt1pct: the lab corrupted 1 % of the frames; each bad ICRC a frame's expert info shows is in one row
        String out = CliRunner.run("dissect", "-q", "-z", "expert", TestCaptures.file("send_bw_corrupt1pct").toString()).out();
        Map<String, Long> sums = parse(out, "corrupt1pct");
        long badIcrc = out.lines().filter(l -> l.matches(" +\\d+ +Checksum +IB  Bad ICRC")).mapToLong(l -> Long.parseLong(l.trim().split(" +")[0])).sum();
        assertThat(badIcrc).isEqualTo(framesWithBadIcrc()).isPositive();
        assertThat(out.lines().filter(l -> l.endsWith("  Bad ICRC")).count()).isOne();
        assertThat(out).contains("Response code                 IB  nak.psn_sequence_error: ");
        assertThat(sums).containsOnlyKeys("Errors IB");   // the findings' rows (warnings, notes) are not the dissector's
        assertThat(out).contains("\nWarns (").contains("\nNotes (").contains("   Sequence                 IB  psn.duplicate: ");
        CliRunner bad = CliRunner.run("dissect", "-q", "-z", "expert,ip.src ==", TestCaptures.file("send_bw_corrupt1pct").toString());
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("-z expert").doesNotContain("Exception");
    }

    /** The frames whose expert info says Bad ICRC (the ICRC itself is checked against the lab's counts by the ICRC tests). */
    private static long framesWithBadIcrc() {
        return CliRunner.run("dissect", "-Y", "_ws.expert.message contains \"Bad ICRC\"", "-T", "fields", "-e", "frame.number",
            TestCaptures.file("send_bw_corrupt1pct").toString()).lines().length;
    }

    /** Copies a little-endian microsecond pcap, cutting every third frame longer than 48 bytes to 48 on the wire (both lengths). */
    static Path runts(Path from, Path to) throws IOException {
        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(from)).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(in.getInt(0)).as("a little-endian pcap").isEqualTo(0xa1b2c3d4);
        ByteBuffer out = ByteBuffer.allocate(in.capacity()).order(ByteOrder.LITTLE_ENDIAN);
        out.put(in.array(), 0, 24);
        int off = 24, i = 0;
        while (off + 16 <= in.capacity()) {
            int incl = in.getInt(off + 8), orig = in.getInt(off + 12);
            int keep = ++i % 3 == 0 && incl > 48 ? 48 : incl;
            out.putInt(in.getInt(off)).putInt(in.getInt(off + 4)).putInt(keep).putInt(keep == incl ? orig : keep);
            out.put(in.array(), off + 16, keep);
            off += 16 + incl;
        }
        Files.write(to, java.util.Arrays.copyOf(out.array(), out.position()));
        return to;
    }
}
