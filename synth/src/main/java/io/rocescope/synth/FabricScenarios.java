package io.rocescope.synth;

import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.encode.RoceFrames;
import io.rocescope.flow.FindingKind;

import java.io.IOException;
import java.util.List;

import static io.rocescope.dissector.field.ksy.Ipv4PacketKsy.ECN_CE;
import static io.rocescope.dissector.field.ksy.Ipv4PacketKsy.ECN_ECT_0;
import static io.rocescope.dissector.field.ksy.Ipv4PacketKsy.ECN_NOT_ECT;
import static io.rocescope.synth.Scenarios.MAX_PAUSE;

/**
 * Lossless-fabric scenarios (issue 18): RoCE on a priority PFC does not pause, directions on different
 * priorities or VLANs, Not-ECT RoCE beside ECN-capable RoCE, and a sender that ignores CNPs. RoCE rides
 * DSCP 26 with ECT(0) unless a scenario says otherwise, as the operators' usual plan has it.
 */
final class FabricScenarios {
    private FabricScenarios() {}

    /** The operators' RoCE DSCP (AF31), a choice of the fabric plan, not a format constant. */
    static final int ROCE_DSCP = 26;

    /** The data's class in these scenarios: DSCP 26, ECT(0). */
    private static Net roce(Net n) { return n.withTrafficClass(ROCE_DSCP, ECN_ECT_0); }

    /**
     * RoCE on VLAN 100 PCP 3 while PFC pauses priority 4 (the lossless priority the switch was set up
     * with): 20 pauses of 65535 quanta (335 µs at 100 Gb/s) 1 ms apart, a message sent inside each.
     * Priority 3 is never paused: the PCP mapping is wrong.
     */
    static void pfcWrongPriority(Synth s, long packets) throws IOException {
        RcConnection c = Scenarios.connection(s, roce(s.net(1, 2, false, 100, 3)), 0x11, 0x12);
        c.message(4096, false);
        long first = -1;
        for (int i = 0; i < 20; i++) {
            s.emit(RoceFrames.pfc(Synth.mac(2), 4, MAX_PAUSE));
            if (first < 0) first = s.frame + 1;   // the message's first packet, sent while priority 4 is paused
            c.message(4096, false);
            s.advance(1_000_000);
        }
        c.disconnect();
        s.truth.fault(FindingKind.PFC_UNPAUSED_ROCE, List.of(first), List.of(), "RoCE on PCP 3 sent while PFC paused priority 4 only");
    }

    /**
     * Two connections whose directions disagree: the first's answers come back on PCP 0 / DSCP 0 (the
     * responder's host has no priority set), the second's come back untagged (same DSCP, so the same
     * priority by DSCP, but no PCP for the switches that trust it).
     */
    static void priorityMismatch(Synth s, long packets) throws IOException {
        Net ab = roce(s.net(1, 2, false, 100, 3));
        RcConnection c = new RcConnection(s, ab, 0x11, 0x12, s.mtu);
        c.ba = ab.reverse().withVlan(100, 0).withTrafficClass(0, ECN_ECT_0);
        c.connect();
        long firstAb = s.frame + 1;
        for (int m = 0; m < 4; m++) c.message(2 * s.mtu, m % 2 == 1);
        c.disconnect();
        s.truth.fault(FindingKind.ROCE_PRIORITY_MISMATCH, List.of(firstAb), List.of(), "A→B PCP 3 DSCP 26, B→A PCP 0 DSCP 0");

        Net ab2 = roce(s.net(3, 4, false, 100, 3));
        RcConnection d = new RcConnection(s, ab2, 0x21, 0x22, s.mtu);
        d.ba = ab2.reverse().withVlan(-1, 0);
        d.connect();
        long firstAb2 = s.frame + 1;
        for (int m = 0; m < 4; m++) d.message(2 * s.mtu, m % 2 == 1);
        d.disconnect();
        s.truth.fault(FindingKind.VLAN_MISMATCH, List.of(firstAb2), List.of(), "A→B VLAN 100 PCP 3, B→A untagged");
    }

    /** One connection ECN-capable (ECT(0)), another whose hosts send Not-ECT: DCQCN cannot mark the second's data. */
    static void notEct(Synth s, long packets) throws IOException {
        RcConnection c = Scenarios.connection(s, roce(s.net(1, 2, false, -1, 0)), 0x11, 0x12);
        for (int m = 0; m < 4; m++) c.message(2 * s.mtu, false);
        c.disconnect();
        RcConnection d = Scenarios.connection(s, s.net(3, 4, false, -1, 0).withTrafficClass(ROCE_DSCP, ECN_NOT_ECT), 0x21, 0x22);
        long first = s.frame + 1;
        for (int m = 0; m < 4; m++) d.message(2 * s.mtu, true);
        d.disconnect();
        // the data flow is the finding; the ACKs coming back Not-ECT show in the metric only
        s.truth.fault(FindingKind.ECN_NOT_ECT, List.of(first), List.of(), "Not-ECT RoCE data while other RoCE is ECT(0)");
    }

    /**
     * The congestion scenario's CE marks and CNPs, but the sender keeps its pace: 60 messages clean, 60
     * with CE marks and a CNP each, 20 clean, one every few microseconds throughout.
     */
    static void cnpIgnored(Synth s, long packets) throws IOException {
        RcConnection c = Scenarios.connection(s, roce(s.net(1, 2, false, -1, 0)), 0x11, 0x12);
        int ce = 0, cnps = 0;
        long firstCnp = -1;
        for (int m = 0; m < 140; m++) {
            boolean congested = m >= 60 && m < 120;
            if (congested) {
                c.ab = c.ab.withEcn(ECN_CE);
                ce += 4;
            }
            c.message(4 * s.mtu, true);
            c.ab = c.ab.withEcn(ECN_ECT_0);
            if (congested) {
                long f = s.emit(RoceFrames.cnp(c.ba, c.qpA));
                if (firstCnp < 0) firstCnp = f;
                cnps++;
            }
            s.advance(200);
        }
        c.disconnect();
        s.truth.fault(FindingKind.ECN_CE, List.of(), ce, "CE-marked data packets");
        s.truth.fault(FindingKind.CNP, List.of(), cnps, "CNPs to the sender");
        s.truth.fault(FindingKind.DCQCN_NO_REACTION, List.of(firstCnp), List.of(), "the sender kept its rate through " + cnps + " CNPs");
    }
}
