package io.rocescope.synth;

import io.rocescope.dissector.encode.CmMads;
import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.encode.RoceFrames;
import io.rocescope.dissector.field.InfinibandNames;
import io.rocescope.dissector.field.ksy.PerftestExchangeLayout;
import io.rocescope.flow.FindingKind;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.rocescope.dissector.field.ksy.IbMadKsy.PATH_MTU_MTU_1024;
import static io.rocescope.dissector.field.ksy.IbMadKsy.REJ_REASON_INVALID_SERVICE_ID;
import static io.rocescope.dissector.field.ksy.IbTransportKsy.RNR_TIMER_MS_1_28;
import static io.rocescope.dissector.field.ksy.Ipv4PacketKsy.ECN_CE;
import static io.rocescope.dissector.field.ksy.Ipv4PacketKsy.ECN_ECT_0;

/** The scenarios: each writes frames with known faults and writes down their ground truth. */
final class Scenarios {
    interface Scenario {
        void run(Synth s, long packets) throws IOException;
    }

    /** Connections asked for with --qps (0: the scenario's own number). */
    static int qps(Synth s, int byDefault) { return s.qps > 0 ? s.qps : byDefault; }

    static final Map<String, Scenario> ALL = new TreeMap<>();
    static {
        ALL.put("clean-rc", Scenarios::cleanRc);
        ALL.put("psn-gap", Scenarios::psnGap);
        ALL.put("socket-setup", Scenarios::socketSetup);
        ALL.put("nak-storm", Scenarios::nakStorm);
        ALL.put("rnr", Scenarios::rnr);
        ALL.put("congestion", Scenarios::congestion);
        ALL.put("pfc-storm", Scenarios::pfcStorm);
        ALL.put("cm-reject", Scenarios::cmReject);
        ALL.put("cm-timeout", Scenarios::cmTimeout);
        ALL.put("many-qps", Scenarios::manyQps);
        ALL.put("bulk", Scenarios::bulk);
        ALL.put("distinct-qps", Scenarios::distinctQps);
        ALL.put("pfc-wrong-priority", FabricScenarios::pfcWrongPriority);
        ALL.put("priority-mismatch", FabricScenarios::priorityMismatch);
        ALL.put("not-ect", FabricScenarios::notEct);
        ALL.put("cnp-ignored", FabricScenarios::cnpIgnored);
        ALL.put("credits", CreditScenarios::credits);
        ALL.put("qpn-scan", ScanScenarios::qpnScan);
        ALL.put("cm-scan", ScanScenarios::cmScan);
        ALL.put("rkey-probe", ScanScenarios::rkeyProbe);
        ALL.put("gid-spoof", ScanScenarios::gidSpoof);
    }

    private Scenarios() {}

    /** The longest pause a PFC frame can ask for: the all-ones pause time (in 512-bit quanta). */
    static final int MAX_PAUSE = (int) io.rocescope.dissector.field.ksy.MacControlLayout.MASK_PAUSE_PAUSE_TIME;

    static RcConnection connection(Synth s, Net net, int qpA, int qpB) throws IOException {
        RcConnection c = new RcConnection(s, net, qpA, qpB, s.mtu);
        c.connect();
        return c;
    }

    /** CM set-up, SENDs, WRITEs, READs and atomics, then DREQ/DREP: nothing to find. */
    static void cleanRc(Synth s, long packets) throws IOException {
        RcConnection c = connection(s, s.net(1, 2, false, -1, 0), 0x11, 0x12);
        mixed(s, c, Math.max(20, packets));
        c.disconnect();
    }

    /** The same data phase after a TCP handshake and perftest's key exchange on port 18515. */
    static void socketSetup(Synth s, long packets) throws IOException {
        RcConnection c = new RcConnection(s, s.net(1, 2, false, -1, 0), 0x11, 0x12, s.mtu);
        c.socketConnect();
        mixed(s, c, Math.max(20, packets));
        c.socketClose();
    }

    private static void mixed(Synth s, RcConnection c, long packets) throws IOException {
        long start = s.frame;
        int k = 0;
        while (s.frame - start < packets) {
            switch (k++ % 4) {
                case 0 -> c.message(64 + s.random.nextInt(4096), false);
                case 1 -> c.message(64 + s.random.nextInt(8192), true);
                case 2 -> c.read(64 + s.random.nextInt(4096));
                default -> c.fetchAdd(1);
            }
            s.advance(1_000);
        }
    }

    /** A few packets lost: the gap, the NAK (PSN sequence error) and the Go-Back-N retransmission. */
    static void psnGap(Synth s, long packets) throws IOException {
        RcConnection c = connection(s, s.net(1, 2, false, -1, 0), 0x11, 0x12);
        for (int m = 0; m < 12; m++) {
            if (m % 4 == 2) c.message(8 * s.mtu, false, 1 + s.random.nextInt(5), 2);
            else c.message(8 * s.mtu, m % 2 == 0);
            s.advance(5_000);
        }
        c.disconnect();
    }

    /** Many losses on one flow within a few milliseconds: one NAK each. */
    static void nakStorm(Synth s, long packets) throws IOException {
        RcConnection c = connection(s, s.net(1, 2, false, -1, 0), 0x11, 0x12);
        for (int m = 0; m < 30; m++) {
            c.message(4 * s.mtu, false, 1, 1);
            s.advance(20_000);
        }
        c.disconnect();
    }

    /** The receiver has no receive buffer: RNR NAKs, each followed by a retry after the timer. */
    static void rnr(Synth s, long packets) throws IOException {
        RcConnection c = connection(s, s.net(1, 2, false, -1, 0), 0x11, 0x12);
        c.message(256, false);
        c.sendWithRnr(4, RNR_TIMER_MS_1_28, InfinibandNames.rnrTimerMicros(RNR_TIMER_MS_1_28) * 1_000L);   // the timer's wait, in ns
        c.message(256, false);
        c.disconnect();
    }

    /** ECN CE marks on the data, CNPs back to the sender, and the sender slowing down (DCQCN-like). */
    static void congestion(Synth s, long packets) throws IOException {
        RcConnection c = connection(s, s.net(1, 2, false, -1, 0), 0x11, 0x12);
        long gap = 200;
        int ce = 0, cnps = 0;
        for (int m = 0; m < 40; m++) {
            boolean congested = m >= 10 && m < 30;
            if (congested) {
                c.ab = c.ab.withEcn(ECN_CE);
                ce += 4;    // four MTU-sized packets, all CE-marked
            }
            c.message(4 * s.mtu, true);
            c.ab = c.ab.withEcn(ECN_ECT_0);
            if (congested) {
                s.emit(RoceFrames.cnp(c.ba, c.qpA));   // to the data sender, naming its QP
                cnps++;
                gap = gap * 3 / 2;                        // the reaction point cuts its rate
            } else if (gap > 200) {
                gap = Math.max(200, gap * 4 / 5);         // and recovers when CNPs stop
            }
            s.advance(gap);
        }
        c.disconnect();
        s.truth.fault(FindingKind.ECN_CE, List.of(), ce, "CE-marked data packets");
        s.truth.fault(FindingKind.CNP, List.of(), cnps, "CNPs to the sender");
    }

    /** PFC pause frames on priority 3 every 300 us for 150 ms: RoCE traffic (PCP 3) stalls. */
    static void pfcStorm(Synth s, long packets) throws IOException {
        RcConnection c = connection(s, s.net(1, 2, false, 100, 3), 0x11, 0x12);
        c.message(4096, false);
        long first = -1;
        for (int i = 0; i < 500; i++) {
            long f = s.emit(RoceFrames.pfc(Synth.mac(2), 3, MAX_PAUSE));
            if (first < 0) first = f;
            s.advance(300_000);
        }
        s.emit(RoceFrames.pfc(Synth.mac(2), 3, 0));   // resume
        c.message(4096, false);
        c.disconnect();
        s.truth.fault(FindingKind.PFC_STORM, List.of(first), List.of(), "priority 3 paused for 150 ms");
    }

    /** A REQ to a port nobody listens on, answered by REJ (invalid service ID). */
    static void cmReject(Synth s, long packets) throws IOException {
        Net ab = s.net(1, 2, false, -1, 0);
        long req = s.emit(CmMads.frame(ab, 0, CmMads.req(77, 0x1234, 9999, 1, 0x11, 100, PATH_MTU_MTU_1024, ab.srcIp(), ab.dstIp(), 40001)));
        s.advance(50_000);
        long rej = s.emit(CmMads.frame(ab.reverse(), 0, CmMads.rej(77, 0x5678, 0x1234, REJ_REASON_INVALID_SERVICE_ID)));
        s.truth.fault(FindingKind.CM_REJ, List.of(req, rej), List.of(), "reason 8: invalid service ID");
    }

    /** A REQ retried twice, never answered. */
    static void cmTimeout(Synth s, long packets) throws IOException {
        Net ab = s.net(1, 3, false, -1, 0);
        List<Long> frames = new java.util.ArrayList<>();
        for (int i = 0; i < 3; i++) {
            frames.add(s.emit(CmMads.frame(ab, i, CmMads.req(88, 0x4321, (int) PerftestExchangeLayout.DEFAULT_PORT, 1, 0x11, 100, PATH_MTU_MTU_1024, ab.srcIp(), ab.dstIp(), 40002))));
            s.advance(4_295_000_000L >> 4);
        }
        s.truth.fault(FindingKind.CM_TIMEOUT, frames, List.of(), "3 REQs, no answer");
    }

    /** Many QPs between many hosts, IPv4 and IPv6, some on VLANs, with mixed traffic. */
    static void manyQps(Synth s, long packets) throws IOException {
        int conns = qps(s, (int) Math.max(4, Math.min(4000, packets / 12)));
        for (int i = 0; i < conns; i++) {
            int a = 1 + i % 50, b = 100 + i % 37;
            Net net = s.net(a, b, i % 3 == 1, i % 4 == 3 ? 100 + i % 7 : -1, i % 8);
            RcConnection c = connection(s, net, 0x100 + i, 0x2000 + i);
            switch (i % 4) {
                case 0 -> c.message(2048, false);
                case 1 -> c.message(3000, true);
                case 2 -> c.read(2048);
                default -> c.fetchAdd(i);
            }
            c.disconnect();
        }
    }

    /** N packets of mixed clean traffic on a few connections (for benchmarks). */
    static void bulk(Synth s, long packets) throws IOException {
        RcConnection[] cs = new RcConnection[qps(s, 4)];
        for (int i = 0; i < cs.length; i++) {
            // the first four as always; more (--qps) between a few hosts, with QPs numbered on
            Net net = i < 4 ? s.net(1 + i, 10 + i, i == 3, -1, 0) : s.net(1 + i % 4, 10 + i % 4, i % 4 == 3, -1, 0);
            cs[i] = connection(s, net, 0x11 + i, (i < 4 ? 0x21 : 0x100000) + i);
        }
        long start = s.frame;
        while (s.frame - start < packets) {
            RcConnection c = cs[s.random.nextInt(cs.length)];
            mixed(s, c, 8);
        }
        for (RcConnection c : cs) c.disconnect();
    }

    /**
     * A flow-table stress: --qps connections (default --packets / 2) seen mid-way, without a set-up,
     * each one SEND Only and its ACK between a few hosts, every one on QPs of its own. Nothing to find.
     */
    static void distinctQps(Synth s, long packets) throws IOException {
        int conns = qps(s, (int) Math.max(1, Math.min(Synthesizer.MAX_QPS, packets / 2)));   // QPNs up to 0xFFFFFE, never wrapping
        Net[] nets = new Net[8];
        for (int h = 0; h < nets.length; h++) nets[h] = s.net(1 + h, 20 + h, h == 7, -1, 0);
        for (int i = 0; i < conns; i++) {
            RcConnection c = new RcConnection(s, nets[i % nets.length], 1 + i, Synthesizer.HIGH_QPN + i, s.mtu);
            c.message(64, false);
            s.advance(1_000);
        }
    }
}
