package io.rocescope.cli;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** tshark's -x, -t/-u, -E and -w flags, compared with tshark 4.0's own output on the real captures. */
class TsharkFlagsTest {
    @TempDir
    Path tmp;

    private static String capture(String name) { return TestCaptures.file(name).toString(); }

    /**
     * Captures whose frames tshark dumps with no data source of its own besides the frame (the
     * send_bw captures also get "Reassembled RPCoRDMA Message" dumps from tshark's RPC-over-RDMA
     * heuristic, which RoCEscope does not reassemble).
     */
    private static final List<String> PLAIN_DUMPS = List.of("rping", "read_bw_rc", "send_bw_ud", "udaddy_sidr", "write_bw_rc",
        "send_write_imm", "rnr_nak", "atomic_bw_fetch_add", "cm_reject_no_listener", "write_lat_rc_rdmacm");

    @Test
    void hexDumpsEqualTsharksAloneAfterTheLineAndAfterTheTree() {
        Tshark.assume();
        for (String name : PLAIN_DUMPS) {
            CliRunner r = CliRunner.run("dissect", "-x", capture(name));
            assertThat(r.exit()).isZero();
            assertThat(r.out()).as(name).isEqualTo(Tshark.run("-r", capture(name), "-x"));
        }
        // -P -x: the line, an empty line, the dump; the dump part equals tshark's, the layout too
        String ours = CliRunner.run("dissect", "-P", "-x", "-c", "5", capture("rping")).out();
        String theirs = Tshark.run("-r", capture("rping"), "-P", "-x", "-c", "5");
        assertThat(ours.lines().filter(l -> l.matches("^[0-9a-f]{4}  .*")).toList())
            .isEqualTo(theirs.lines().filter(l -> l.matches("^[0-9a-f]{4}  .*")).toList());
        assertThat(ours.lines().map(l -> l.isEmpty() ? "" : l.matches("^[0-9a-f]{4}  .*") ? "hex" : "line").toList())
            .isEqualTo(theirs.lines().map(l -> l.isEmpty() ? "" : l.matches("^[0-9a-f]{4}  .*") ? "hex" : "line").toList());
        // -V -x: tree, empty line, dump, empty line
        String tree = CliRunner.run("dissect", "-V", "-x", "-c", "1", capture("rping")).out();
        assertThat(tree).endsWith("\n\n" + Tshark.run("-r", capture("rping"), "-x", "-c", "1"));
    }

    @Test
    void everyTimeFormatPrintsTsharksTimeColumn() {
        Tshark.assume();
        String file = capture("send_lat_rc");
        // every format; the deltas also with frames filtered out (d counts them, dd does not); hms for spans
        List<String[]> cases = new java.util.ArrayList<>();
        for (String t : List.of("a", "ad", "adoy", "d", "dd", "e", "r", "u", "ud", "udoy")) cases.add(new String[] {t, "s", ""});
        cases.add(new String[] {"d", "s", "frame.number != 2 && frame.number != 7"});
        cases.add(new String[] {"dd", "hms", "frame.number != 2 && frame.number != 7"});
        cases.add(new String[] {"r", "hms", ""});
        for (String[] k : cases) {
            String t = k[0], u = k[1], filter = k[2];
            {
                {
                    List<String> args = new java.util.ArrayList<>(List.of("-r", file, "-t", t, "-u", u));
                    if (!filter.isEmpty()) args.addAll(List.of("-Y", filter));
                    List<String> theirs = Tshark.run(concat(args, "-T", "fields", "-e", "frame.number", "-e", "_ws.col.Time")).lines().toList();
                    List<String> ours = CliRunner.run(concat(List.of("dissect"), args.toArray(String[]::new))).out().lines().toList();
                    assertThat(ours).as("-t " + t + " -u " + u + " " + filter).hasSameSizeAs(theirs).isNotEmpty();
                    for (int i = 0; i < ours.size(); i++) {
                        String[] c = theirs.get(i).split("\t");
                        String time = c[1];
                        String expected = " ".repeat(Math.max(0, 5 - c[0].length())) + c[0] + " "
                            + " ".repeat(Math.max(0, 11 - time.length())) + time + " ";
                        assertThat(ours.get(i)).as("-t " + t + " -u " + u + " " + filter).startsWith(expected);
                    }
                }
            }
        }
    }

    private static String[] concat(List<String> a, String... b) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(List.of(b));
        return all.toArray(String[]::new);
    }

    @Test
    void fieldOptionsPrintAsTsharksIncludingSeveralInOneE() {
        Tshark.assume();
        String file = capture("rping");
        String[] fields = {"-e", "frame.number", "-e", "ip.src", "-e", "eth.src", "-e", "infiniband.bth.psn", "-e", "udp.srcport"};
        List<List<String>> variants = List.of(
            List.of("-E", "header=y", "-E", "quote=d", "-E", "separator=,"),
            List.of("-E", "header=y", "-E", "quote=s", "-E", "separator=/s", "-E", "occurrence=f"),
            List.of("-E", "occurrence=l", "-E", "aggregator=/s", "-E", "separator=;"),
            List.of("-E", "occurrence=a", "-E", "quote=n"),
            List.of("-E", "header=n", "-E", "separator=/t", "-E", "bom=y"));
        for (List<String> v : variants) {
            List<String> args = new java.util.ArrayList<>(List.of("-r", file, "-T", "fields"));
            args.addAll(v);
            args.addAll(List.of(fields));
            String ours = CliRunner.run(concat(List.of("dissect"), args.toArray(String[]::new))).out();
            assertThat(ours).as(v.toString()).isEqualTo(Tshark.run(args.toArray(String[]::new)));
        }
        // one -E with several options (a RoCEscope convenience; tshark wants one per -E)
        String combined = CliRunner.run("dissect", "-r", file, "-T", "fields", "-E", "header=y,quote=d,separator=,", "-e", "frame.number",
            "-e", "ip.src").out();
        assertThat(combined).isEqualTo(Tshark.run("-r", file, "-T", "fields", "-E", "header=y", "-E", "quote=d", "-E", "separator=,",
            "-e", "frame.number", "-e", "ip.src"));
        CliRunner bad = CliRunner.run("dissect", "-r", file, "-T", "fields", "-E", "quote=x", "-e", "frame.number");
        assertThat(bad.exit()).isEqualTo(2);
        assertThat(bad.err()).contains("invalid -E option 'quote=x'").doesNotContain("Exception");
    }

    @Test
    void writeWithAFilterWritesTheSelectedFramesAsTsharkRereadsThem() {
        Tshark.assume();
        String file = capture("send_bw_loss2pct");
        String filter = "infiniband.aeth.syndrome.opcode == 3 || frame.number <= 3";
        String[] facts = {"-T", "fields", "-e", "frame.time_epoch", "-e", "frame.len", "-e", "frame.cap_len", "-e", "frame.encap_type"};
        String expectedFacts = Tshark.run(concat(List.of("-r", file, "-Y", filter), facts));
        String expectedBytes = Tshark.run("-r", file, "-Y", filter, "-x");
        assertThat(expectedFacts.lines().count()).isGreaterThan(10);
        for (String[] out : List.of(new String[] {"sel.pcap"}, new String[] {"sel.pcapng"}, new String[] {"sel.out", "-F", "pcap"},
            new String[] {"sel.cap"})) {
            Path o = tmp.resolve(out[0]);
            List<String> args = new java.util.ArrayList<>(List.of("dissect", "-r", file, "-Y", filter, "-w", o.toString()));
            if (out.length > 1) args.addAll(List.of(out[1], out[2]));
            CliRunner r = CliRunner.run(args.toArray(String[]::new));
            assertThat(r.exit()).isZero();
            assertThat(r.out()).isEmpty();
            String type = Tshark.run("-r", o.toString(), "-T", "fields", "-e", "frame.number", "-c", "1").isEmpty() ? "" : "ok";
            assertThat(type).isEqualTo("ok");
            assertThat(Tshark.run(concat(List.of("-r", o.toString()), facts))).as(out[0]).isEqualTo(expectedFacts);
            assertThat(Tshark.run("-r", o.toString(), "-x")).as(out[0]).isEqualTo(expectedBytes);
        }
        // the format is the one asked for (by name, by -F, pcapng by default as tshark)
        assertThat(fileType(tmp.resolve("sel.pcap"))).isEqualTo("pcap");
        assertThat(fileType(tmp.resolve("sel.out"))).isEqualTo("pcap");
        assertThat(fileType(tmp.resolve("sel.pcapng"))).isEqualTo("pcapng");
        assertThat(fileType(tmp.resolve("sel.cap"))).isEqualTo("pcapng");
    }

    private static String fileType(Path p) {
        try {
            byte[] b = java.nio.file.Files.readAllBytes(p);
            return (b[0] & 0xFF) == 0x0A && b[1] == 0x0D ? "pcapng" : (b[0] & 0xFF) == 0xD4 || (b[0] & 0xFF) == 0x4D ? "pcap" : "?";
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
