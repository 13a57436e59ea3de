package io.rocescope.dissector.decode;

import io.kaitai.struct.ByteBufferKaitaiStream;
import io.kaitai.struct.KaitaiStruct;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.kaitai.PerftestExchange;
import io.rocescope.dissector.kaitai.PingpongExchange;
import io.rocescope.dissector.perftest.PerftestRecord;
import io.rocescope.dissector.perftest.PingpongRecord;
import io.rocescope.dissector.text.Addresses;
import io.rocescope.dissector.value.Gid;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The socket exchanges on port 18515 as the Kaitai parsers of ksy/perftest_exchange.ksy and ksy/pingpong_exchange.ksy
 * read them: every record our parsers cut out of the captures, its bytes taken from the direction's stream and parsed
 * by the Kaitai type of its kind, holds the same values, and its fixed bytes (the separators and NULs the .ksy gives as
 * contents:) are there.
 * Each direction's first records read by perftest_exchange.ksy's top level, and each pingpong direction read whole by
 * pingpong_exchange.ksy's (which tells the messages apart by their first bytes), give the same records again.
 */
class KaitaiExchangeTest {
    /** A record with its bytes. */
    private record Placed<R>(R record, byte[] bytes) {}

    @Test
    void perftestRecordsAgreeWithKaitai() {
        Map<String, Integer> seen = new TreeMap<>();
        for (String name : PerftestExchangeTest.socketCaptures()) {
            Path capture = TestCaptures.file(name);
            Map<String, List<Placed<PerftestRecord>>> byDirection =
                records(capture, DecodedFrame::perftestRecords, r -> new long[] {r.streamStart(), r.streamEnd()});
            for (Map.Entry<String, List<Placed<PerftestRecord>>> e : byDirection.entrySet()) {
                String where = name + " " + e.getKey();
                for (Placed<PerftestRecord> p : e.getValue()) {
                    if (compare(where, p.record(), p.bytes())) seen.merge(p.record().kind().name(), 1, Integer::sum);
                }
                if (preamble(where, e.getValue())) seen.merge("top-level seq", 1, Integer::sum);
            }
        }
        // each kind the captures have was there to compare (the shared captures' perftest runs all have these)
        assertThat(seen).containsKeys("VERSION", "MTU", "KEY", "top-level seq");
        assertThat(seen.get("KEY")).isGreaterThan(20);
    }

    /** One record against the Kaitai type of its kind; false for a kind the .ksy has no type for (unknown bytes). */
    private static boolean compare(String where, PerftestRecord r, byte[] b) {
        String at = where + " " + r.kind() + " at " + r.streamStart();
        switch (r.kind()) {
            case VERSION -> assertThat(new PerftestExchange.Version(stream(b)).text()).as(at).isEqualTo(r.text());
            case MTU -> {
                String text = b.length == 2 ? new PerftestExchange.Mtu(stream(b)).text() : new PerftestExchange.MtuBefore531(stream(b)).text();
                assertThat((long) Integer.parseInt(text)).as(at).isEqualTo(r.number());
            }
            case SYNC -> new PerftestExchange.Sync(stream(b));   // its contents: "done" and the NUL, or Kaitai throws
            case KEY -> key(at, r.key(), b);
            case REPORT -> {
                PerftestExchange.Report k = new PerftestExchange.Report(stream(b));
                PerftestRecord.Report ours = r.report();
                assertThat(List.of(k.msgSize(), k.iters())).as(at).containsExactly(ours.messageSize(), ours.iterations());
                assertThat(List.of(k.bwPeak(), k.bwAvg(), k.msgRate())).as(at)
                    .containsExactly(ours.bwPeak(), ours.bwAverage(), ours.msgRate());
            }
            default -> { return false; }
        }
        return true;
    }

    private static void key(String at, PerftestRecord.Key ours, byte[] b) {
        PerftestExchange.KeyCommon c;
        PerftestExchange.GidText gid;
        String srqn;
        if (b.length == 108) {
            PerftestExchange.Key k = new PerftestExchange.Key(stream(b));
            c = k.common(); gid = k.gid(); srqn = k.srqn();
        } else if (b.length == 59) {
            PerftestExchange.KeyNoGid k = new PerftestExchange.KeyNoGid(stream(b));
            c = k.common(); gid = null; srqn = k.srqn();
        } else {
            throw new AssertionError(at + ": a key message of " + b.length + " bytes, which the captures were not known to have");
        }
        assertThat(List.of(hex(c.lid()), hex(c.outReads()), hex(c.qpn()), hex(c.psn()), hex(c.rkey()), Long.parseUnsignedLong(c.vaddr(), 16),
            hex(srqn))).as(at).containsExactly((long) ours.lid(), (long) ours.outReads(), (long) ours.qpn(), (long) ours.psn(), ours.rkey(),
            ours.vaddr(), ours.srqn());
        if (gid == null) {
            assertThat(ours.gid()).as(at).isNull();
            return;
        }
        byte[] g = new byte[gid.octets().size()];
        for (int i = 0; i < g.length; i++) g[i] = (byte) hex(gid.octets().get(i).hex());
        assertThat(ours.gid()).as(at).isEqualTo(Gid.of(g, 0));
    }

    /**
     * The top-level seq (version, cycle buffer, cache line size, MTU: what a direction of perftest 5.32 or later starts
     * with) read from a direction's first four records; false if the direction does not start so.
     */
    private static boolean preamble(String where, List<Placed<PerftestRecord>> records) {
        List<PerftestRecord.Kind> start = List.of(PerftestRecord.Kind.VERSION, PerftestRecord.Kind.CYCLE_BUFFER,
            PerftestRecord.Kind.CACHE_LINE_SIZE, PerftestRecord.Kind.MTU);
        if (records.size() < start.size()) return false;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < start.size(); i++) {
            Placed<PerftestRecord> p = records.get(i);
            if (p.record().kind() != start.get(i)) return false;
            bytes.writeBytes(p.bytes());
        }
        if (bytes.size() != 26) return false;   // an MTU of before 5.31 (4 bytes) is not the top-level seq's
        PerftestExchange k = new PerftestExchange(stream(bytes.toByteArray()));
        assertThat(k.version().text()).as(where).isEqualTo(records.get(0).record().text());
        assertThat(List.of(k.cycleBuffer(), k.cacheLineSize(), (long) Integer.parseInt(k.mtu().text()))).as(where)
            .containsExactly(records.get(1).record().number(), records.get(2).record().number(), records.get(3).record().number());
        return true;
    }

    @Test
    void pingpongDirectionsAreTheKsysMessages() {
        int directions = 0, dests = 0;
        for (String name : List.of("rc_pingpong", "uc_pingpong", "ud_pingpong", "srq_pingpong")) {
            Map<String, List<Placed<PingpongRecord>>> byDirection = records(TestCaptures.sample(name), DecodedFrame::pingpongRecords,
                r -> new long[] {r.streamStart(), r.streamEnd()});
            for (Map.Entry<String, List<Placed<PingpongRecord>>> e : byDirection.entrySet()) {
                String where = name + " " + e.getKey();
                // the messages follow one another from the stream's first byte: together they are the whole direction
                ByteArrayOutputStream stream = new ByteArrayOutputStream();
                for (Placed<PingpongRecord> p : e.getValue()) {
                    assertThat(p.record().streamStart()).as(where).isEqualTo(stream.size());
                    stream.writeBytes(p.bytes());
                }
                List<PingpongExchange.Message> messages = new PingpongExchange(stream(stream.toByteArray())).messages();
                assertThat(messages).as(where).hasSameSizeAs(e.getValue());
                for (int i = 0; i < messages.size(); i++) {
                    PingpongRecord ours = e.getValue().get(i).record();
                    KaitaiStruct body = messages.get(i).body();
                    String at = where + " message " + (i + 1);
                    switch (ours.kind()) {
                        case DEST -> {
                            assertThat(body).as(at).isInstanceOf(PingpongExchange.Dest.class);
                            PingpongExchange.Dest d = (PingpongExchange.Dest) body;
                            assertThat(List.of(hex(d.lid()), hex(d.qpn()), hex(d.psn()))).as(at)
                                .containsExactly((long) ours.dest().lid(), (long) ours.dest().qpn(), (long) ours.dest().psn());
                            assertThat(new Gid(Long.parseUnsignedLong(d.gid().substring(0, 16), 16), Long.parseUnsignedLong(d.gid().substring(16), 16)))
                                .as(at).isEqualTo(ours.dest().gid());
                            dests++;
                        }
                        case XRC_DEST -> assertThat(body).as(at).isInstanceOf(PingpongExchange.XrcDest.class);
                        case DONE -> assertThat(body).as(at).isInstanceOf(PingpongExchange.Done.class);
                        case END -> assertThat(body).as(at).isInstanceOf(PingpongExchange.End.class);
                    }
                }
                directions++;
            }
        }
        // both directions of each capture, ibv_srq_pingpong's 256 destinations each way among them
        assertThat(directions).isEqualTo(8);
        assertThat(dests).isGreaterThan(512);
    }

    /**
     * The records a capture's frames carry, by direction (source address and port) in stream order, each with its bytes
     * from the direction's stream: each TCP payload at its sequence number from the first one's (where the parsers'
     * stream offsets begin; a retransmitted segment lands on the bytes it repeats). The lab captures lose nothing.
     */
    private static <R> Map<String, List<Placed<R>>> records(Path capture, Function<DecodedFrame, List<R>> of, Function<R, long[]> span) {
        List<TestCaptures.RawFrame> raw = TestCaptures.records(capture);
        List<DecodedFrame> frames = TestCaptures.decode(capture);
        Map<String, TreeMap<Long, byte[]>> segments = new LinkedHashMap<>();
        Map<String, List<R>> byDirection = new LinkedHashMap<>();
        for (int n = 0; n < frames.size(); n++) {
            DecodedFrame f = frames.get(n);
            int port = f.find(Fields.TCP_SRCPORT);
            if (port < 0) continue;
            String direction = Addresses.source(f) + ":" + f.value(port);
            int payload = f.find(Fields.TCP_PAYLOAD);
            if (payload >= 0) {
                byte[] data = java.util.Arrays.copyOfRange(raw.get(n).data(), f.offset(payload), f.offset(payload) + f.length(payload));
                segments.computeIfAbsent(direction, d -> new TreeMap<>()).put(f.value(f.find(Fields.TCP_SEQ)), data);
            }
            for (R r : of.apply(f)) byDirection.computeIfAbsent(direction, d -> new ArrayList<>()).add(r);
        }
        Map<String, List<Placed<R>>> out = new LinkedHashMap<>();
        for (Map.Entry<String, List<R>> e : byDirection.entrySet()) {
            byte[] stream = stream(segments.get(e.getKey()));
            List<Placed<R>> placed = new ArrayList<>();
            for (R r : e.getValue()) {
                long[] at = span.apply(r);
                placed.add(new Placed<>(r, java.util.Arrays.copyOfRange(stream, (int) at[0], (int) at[1])));
            }
            out.put(e.getKey(), placed);
        }
        return out;
    }

    /** Segments by relative sequence number as one stream from the first. */
    private static byte[] stream(TreeMap<Long, byte[]> segments) {
        long first = segments.firstKey();
        Map.Entry<Long, byte[]> last = segments.lastEntry();
        byte[] out = new byte[(int) (last.getKey() - first + last.getValue().length)];
        for (Map.Entry<Long, byte[]> s : segments.entrySet()) System.arraycopy(s.getValue(), 0, out, (int) (s.getKey() - first), s.getValue().length);
        return out;
    }

    private static ByteBufferKaitaiStream stream(byte[] b) {
        return new ByteBufferKaitaiStream(b);
    }

    private static long hex(String digits) {
        return Long.parseLong(digits, 16);
    }
}
