package io.rocescope.dissector.decode;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.perftest.PerftestRecord;
import io.rocescope.dissector.perftest.PingpongRecord;
import io.rocescope.dissector.text.Addresses;
import io.rocescope.dissector.util.BigEndian;
import io.rocescope.dissector.value.Gid;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The typed records the decoder puts on a frame for the socket exchanges on port 18515 (what the flow
 * tracker reads: {@link DecodedFrame#perftestRecords()}, {@link DecodedFrame#pingpongRecords()}), checked
 * value by value against what the programs themselves printed in the captures' .txt: LID, QPN, PSN,
 * outstanding reads, R_Key, VA and the GID (perftest prints its bytes in decimal), and the MTU.
 */
class SocketExchangeRecordsTest {

    /** One "local address" or "remote address" block perftest printed: the values and the GID line after it. */
    record Printed(int lid, int qpn, int psn, Integer outReads, Long rkey, Long vaddr, Gid gid) {}

    /** perftest_parameters.c: " local address: LID %#04x QPN %#06x PSN %#06x [OUT %#04x] [RKey %#08x VAddr %#016llx]\n GID: %02d:…". */
    private static final Pattern ADDRESS = Pattern.compile(
        " (local|remote) address: LID (\\w+) QPN 0x(\\w+) PSN 0x(\\w+)(?: OUT 0x(\\w+))?(?: RKey 0x(\\w+) VAddr 0x(\\w+))?\\s*\\n GID: ([\\d:]+)");
    private static final Pattern MTU = Pattern.compile(" Mtu\\s+: (\\d+)\\[B\\]");

    /** What one side printed: its own address ("local") and the one it received ("remote"), and its MTU. */
    record Side(Printed local, Printed remote, int mtu) {}

    static Side side(String txt, String who) {
        String part = txt.substring(txt.indexOf("## Output of " + who));
        int next = part.indexOf("\n## ", 5);
        if (next > 0) part = part.substring(0, next);
        Map<String, Printed> byKind = new HashMap<>();
        Matcher m = ADDRESS.matcher(part);
        while (m.find()) byKind.putIfAbsent(m.group(1), printed(m));
        Matcher mtu = MTU.matcher(part);
        assertThat(mtu.find()).as("Mtu line of the " + who).isTrue();
        assertThat(byKind).as("addresses the " + who + " printed").containsKeys("local", "remote");
        return new Side(byKind.get("local"), byKind.get("remote"), Integer.parseInt(mtu.group(1)));
    }

    private static Printed printed(Matcher m) {
        String[] bytes = m.group(8).split(":");   // decimal, "%02d" each
        assertThat(bytes).hasSize(16);
        long hi = 0, lo = 0;
        for (int i = 0; i < 8; i++) hi = hi << 8 | Integer.parseInt(bytes[i]);
        for (int i = 8; i < 16; i++) lo = lo << 8 | Integer.parseInt(bytes[i]);
        return new Printed(Integer.parseInt(m.group(2), 16), Integer.parseInt(m.group(3), 16), Integer.parseInt(m.group(4), 16),
            m.group(5) == null ? null : Integer.parseInt(m.group(5), 16),
            m.group(6) == null ? null : Long.parseLong(m.group(6), 16), m.group(7) == null ? null : Long.parseLong(m.group(7), 16),
            new Gid(hi, lo));
    }

    private static void assertKeyIs(PerftestRecord.Key k, Printed p, String what) {
        assertThat(k.lid()).as(what + " LID").isEqualTo(p.lid());
        assertThat(k.qpn()).as(what + " QPN").isEqualTo(p.qpn());
        assertThat(k.psn()).as(what + " PSN").isEqualTo(p.psn());
        if (p.outReads() != null) assertThat(k.outReads()).as(what + " OUT").isEqualTo(p.outReads());
        if (p.rkey() != null) {
            assertThat(k.rkey()).as(what + " R_Key").isEqualTo(p.rkey());
            assertThat(k.vaddr()).as(what + " VA").isEqualTo(p.vaddr());
        }
        assertThat(k.gid()).as(what + " GID").isEqualTo(p.gid());
        assertThat(k.tailVaddr()).as(what + " tail-marker VA (not a data-validation build)").isEqualTo(-1);
        assertThat(k.srqn()).as(what + " SRQN").isZero();
    }

    @TestFactory
    Stream<DynamicTest> perftestKeysAreTheValuesPerftestPrinted() {
        List<String> captures = PerftestExchangeTest.socketCaptures();
        assertThat(captures).hasSizeGreaterThanOrEqualTo(9);
        return captures.stream().map(name -> DynamicTest.dynamicTest(name, () -> {
            String txt = Files.readString(TestCaptures.dir().resolve(name + ".txt"));
            Side client = side(txt, "client"), server = side(txt, "server");
            List<DecodedFrame> frames = TestCaptures.decode(TestCaptures.file(name));
            String clientIp = null;
            Map<String, Integer> keysFrom = new HashMap<>();
            int mtus = 0, keys = 0;
            for (DecodedFrame f : frames) {
                String src = Addresses.source(f);
                // the decoder's frame is reused: a frame after a perftest one carries none of its records
                if (f.protocol() != DecodedFrame.Protocol.PERFTEST) assertThat(f.perftestRecords()).as("frame %d", f.number()).isEmpty();
                assertThat(f.pingpongRecords()).isEmpty();
                for (PerftestRecord r : f.perftestRecords()) {
                    if (r.kind() == PerftestRecord.Kind.MTU) {
                        assertThat(128 << r.number()).as("%s frame %d MTU (ibv_mtu %d)", name, f.number(), r.number()).isEqualTo(client.mtu());
                        mtus++;
                    }
                    if (r.kind() != PerftestRecord.Kind.KEY) continue;
                    if (clientIp == null) clientIp = src;   // the client writes first
                    boolean fromClient = src.equals(clientIp);
                    String what = name + " frame " + f.number() + (fromClient ? " client" : " server");
                    // the sender's own address, and the one its peer printed as received
                    assertKeyIs(r.key(), fromClient ? client.local() : server.local(), what);
                    assertKeyIs(r.key(), fromClient ? server.remote() : client.remote(), what + " (as the peer got it)");
                    // numbered per direction from 1
                    int n = keysFrom.merge(src, 1, Integer::sum);
                    assertThat(r.number()).as(what + " key number").isEqualTo(n);
                    keys++;
                }
            }
            assertThat(keys).as("key records in " + name).isGreaterThanOrEqualTo(8);
            assertThat(mtus).as("MTU records in " + name).isEqualTo(2);
        }));
    }

    /** rdma-core pingpong.c: "  local address:  LID 0x0000, QPN 0x000011, PSN 0x9b5b5e, GID ::ffff:10.0.0.1". */
    private static final Pattern PINGPONG_LOCAL = Pattern.compile("local address:\\s+LID 0x(\\w+), QPN 0x(\\w+), PSN 0x(\\w+)[,:] GID (\\S+)");

    static List<PingpongRecord.Dest> printedDests(String txt, String who) throws IOException {
        String part = txt.substring(txt.indexOf("## Output of " + who));
        int next = part.indexOf("\n## ", 5);
        if (next > 0) part = part.substring(0, next);
        List<PingpongRecord.Dest> out = new ArrayList<>();
        Matcher m = PINGPONG_LOCAL.matcher(part);
        while (m.find()) {
            // the printed GID is inet_ntop's text: a literal, never a name to look up
            byte[] b = InetAddress.getByName("[" + m.group(4) + "]").getAddress();
            Gid gid = b.length == 4 ? Gid.ipv4Mapped(BigEndian.read(b, 0, 4)) : Gid.of(b, 0);
            out.add(new PingpongRecord.Dest(Integer.parseInt(m.group(1), 16), Integer.parseInt(m.group(2), 16),
                Integer.parseInt(m.group(3), 16), gid, -1, -1));
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"rc_pingpong", "uc_pingpong", "ud_pingpong", "srq_pingpong"})
    void pingpongDestinationsAreTheValuesTheProgramsPrinted(String name) throws IOException {
        Path pcap = TestCaptures.sample(name);
        String txt = Files.readString(Path.of(pcap.toString().replace(".pcap", ".txt")));
        List<PingpongRecord.Dest> client = printedDests(txt, "client"), server = printedDests(txt, "server");
        assertThat(client).isNotEmpty();
        List<PingpongRecord.Dest> fromClient = new ArrayList<>(), fromServer = new ArrayList<>();
        List<PingpongRecord.Kind> words = new ArrayList<>();
        for (DecodedFrame f : TestCaptures.decode(pcap)) {
            for (PingpongRecord r : f.pingpongRecords()) {
                if (r.dest() == null) { words.add(r.kind()); continue; }
                // ibv_srq_pingpong sends its whole table of MAX_QP = 256 entries, the unused ones all zero
                if (r.dest().qpn() == 0) {
                    assertThat(r.dest().gid().isZero()).isTrue();
                    continue;
                }
                (Addresses.source(f).equals("10.0.0.1") ? fromClient : fromServer).add(r.dest());
            }
        }
        assertThat(fromClient).as(name + " client → server").isEqualTo(client);
        assertThat(fromServer).as(name + " server → client").isEqualTo(server);
        assertThat(words).as("the client's closing message").containsExactly(PingpongRecord.Kind.DONE);
    }
}
