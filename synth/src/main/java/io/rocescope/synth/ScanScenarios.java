package io.rocescope.synth;

import io.rocescope.dissector.encode.CmMads;
import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.encode.RoceFrames;
import io.rocescope.dissector.field.ksy.IbTransportKsy;
import io.rocescope.dissector.field.ksy.IbTransportLayout;
import io.rocescope.flow.FindingKind;

import java.io.IOException;

import static io.rocescope.dissector.field.ksy.IbMadKsy.PATH_MTU_MTU_1024;
import static io.rocescope.dissector.field.ksy.IbMadKsy.REJ_REASON_INVALID_SERVICE_ID;
import java.util.ArrayList;
import java.util.List;

/**
 * Abuse and scanning: a host (10.0.0.66) enumerating QP numbers, scanning CM service IDs, probing
 * R_Keys, and sending a CM REQ with a forged source GID, beside one ordinary connection. The ground
 * truth counts what an analyzer must report (the tracker's default thresholds: 16 QPNs, 8 services, 8 R_Keys).
 */
final class ScanScenarios {
    static final int SCANNER = 66, QPNS = 32, SERVICES = 12, RKEYS = 10;

    private ScanScenarios() {}

    private static void ordinary(Synth s) throws IOException {
        RcConnection c = new RcConnection(s, s.net(1, 2, false, -1, 0), 0x11, 0x12, s.mtu);
        c.connect();
        c.message(2 * s.mtu, false);
        c.disconnect();
        s.advance(100_000);
    }

    /** SEND Only packets to QPNs nobody set up; the target's RNIC drops them silently (no answer). */
    static void qpnScan(Synth s, long packets) throws IOException {
        ordinary(s);
        Net net = s.net(SCANNER, 2, false, -1, 0);
        long first = -1;
        int base = 0x100 + s.random.nextInt(0x1000);
        for (int i = 0; i < QPNS; i++) {
            long f = s.emit(RoceFrames.roce(net, IbTransportKsy.OPCODE_RC_SEND_ONLY, base + i, s.random.nextInt((int) IbTransportLayout.MASK_BTH_PSN + 1), true, false, new byte[0], new byte[16]));
            if (first < 0) first = f;
            s.advance(10_000);
        }
        s.truth.fault(FindingKind.SCAN_QPN, List.of(first), QPNS, QPNS + " QPNs probed by 10.0.0." + SCANNER);
    }

    /** CM REQs to one port after another; nothing listens, each is rejected (Invalid Service ID). */
    static void cmScan(Synth s, long packets) throws IOException {
        ordinary(s);
        Net ab = s.net(SCANNER, 2, false, -1, 0);
        long first = -1;
        for (int i = 0; i < SERVICES; i++) {
            int comm = s.random.nextInt();
            long req = s.emit(CmMads.frame(ab, 0, CmMads.req(1000 + i, comm, 5000 + i, 0x0aff_fe00_0042L, 0x11 + i,
                s.random.nextInt((int) IbTransportLayout.MASK_BTH_PSN + 1), PATH_MTU_MTU_1024, ab.srcIp(), ab.dstIp(), 40000 + i)));
            if (first < 0) first = req;
            s.advance(30_000);
            long rej = s.emit(CmMads.frame(ab.reverse(), 0, CmMads.rej(1000 + i, s.random.nextInt(), comm, REJ_REASON_INVALID_SERVICE_ID)));
            s.truth.fault(FindingKind.CM_REJ, List.of(req, rej), List.of(), "reason 8: invalid service ID");
            s.advance(30_000);
        }
        s.truth.fault(FindingKind.SCAN_CM_SERVICE, List.of(first), SERVICES, SERVICES + " service IDs tried");
    }

    /** Connections whose one WRITE guesses an R_Key and address: each is refused and ends the QP. */
    static void rkeyProbe(Synth s, long packets) throws IOException {
        ordinary(s);
        List<Long> naks = new ArrayList<>();
        for (int i = 0; i < RKEYS; i++) {
            RcConnection c = new RcConnection(s, s.net(SCANNER, 2, false, -1, 0), 0x40 + i, 0x80 + i, s.mtu);
            c.connect();
            long nak = c.writeRefused(0x10000 + s.random.nextInt(0x100000), 0x7f0000000000L + ((long) i << 20));
            naks.add(nak);
            s.truth.fault(FindingKind.NAK_REMOTE_ACCESS_ERROR, List.of(nak), List.of(), "guessed R_Key refused");
            s.truth.fault(FindingKind.QP_ERROR_NAK, List.of(nak), List.of(), "the refused WRITE ends the QP");
            c.disconnect();
            s.advance(50_000);
        }
        s.truth.fault(FindingKind.SCAN_RKEY, List.of(naks.get(0)), RKEYS, RKEYS + " R_Keys refused");
    }

    /** A REQ from 10.0.0.66 whose primary path names 10.0.0.5 as its source GID; the connection then works. */
    static void gidSpoof(Synth s, long packets) throws IOException {
        ordinary(s);
        RcConnection c = new RcConnection(s, s.net(SCANNER, 2, false, -1, 0), 0x21, 0x22, s.mtu);
        c.reqSourceGid = Synth.ipv4(5);
        long req = s.frame + 1;
        c.connect();
        c.message(256, false);
        c.disconnect();
        s.truth.fault(FindingKind.CM_GID_MISMATCH, List.of(req), List.of(), "REQ source GID 10.0.0.5 from 10.0.0." + SCANNER);
    }
}
