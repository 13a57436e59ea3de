package io.rocescope.flow;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.ksy.MacControlKsy;

/**
 * The fabric part of the pipeline: CNPs (to the flow of the sender they throttle, which the flow table
 * finds), PFC and PAUSE frames ({@link PauseTracker}), and ECN, classes and stalls per flow
 * ({@link FabricWatch}); at the end, the capture's pause storms and PFC findings.
 */
final class FabricTracker {
    private final TrackerOptions options;
    final PauseTracker pauses;
    final FabricWatch watch;
    private long cnps, unattributedCnps;
    /** The event logs' budget, shared by all flows (NAKs and RNR NAKs here, CNPs in the fabric part). */
    private final EventBudget events;

    FabricTracker(TrackerOptions options, EventBudget events) {
        this.events = events;
        this.options = options;
        this.pauses = new PauseTracker(options.linkGbps(), options.pauseWindowNanos());
        this.watch = new FabricWatch(options);
    }

    /** A CNP; {@code throttled}: the flow of the sender it names, null when no flow sends from that QP. */
    void onCnp(Flow throttled, PacketView v) {
        cnps++;
        if (throttled != null) {
            throttled.cnps++;
            throttled.cnpEvents().add(v.ts, v.frame, events);
            throttled.cnpFrames().add(v.frame, v.frame);
        }
        else unattributedCnps++;
        watch.onCnp(throttled, v);
    }

    /** A MAC Control frame: PAUSE (802.3x) or PFC (802.1Qbb, per priority). */
    void onMacControl(DecodedFrame f, PacketView v) {
        int op = (int) f.get(Fields.MACC_OPCODE, -1);
        if (op == MacControlKsy.OPCODE_PAUSE) {
            int time = (int) f.get(Fields.MACC_PAUSE_TIME, 0);
            pauses.onPause(PauseTracker.PAUSE, time, v.ts, v.frame);
            watch.onPause(PauseTracker.PAUSE, time, v.ts);
        }
        if (op == MacControlKsy.OPCODE_PFC) {
            int enbv = (int) f.get(Fields.MACC_CBFC_ENBV, 0);
            for (int p = 0; p < PauseTracker.PRIORITIES; p++) {
                if ((enbv & (1 << p)) == 0) continue;
                int time = (int) f.get(Fields.MACC_CBFC_PAUSE_TIME_C[p], 0);
                pauses.onPause(p, time, v.ts, v.frame);
                watch.onPause(p, time, v.ts);
            }
        }
    }

    /** The capture's fabric findings: pause storms, then PFC against what rides its priorities. */
    void captureFindings(Findings findings) {
        for (int p = 0; p < PauseTracker.SLOTS; p++) {
            if (pauses.frames[p] == 0) continue;
            double worst = pauses.worstWindowFraction(p);
            if (worst > options.pauseStormFraction()) {
                findings.add(FindingKind.PFC_STORM, Finding.NO_CONNECTION, p == PauseTracker.PAUSE ? "link (PAUSE)" : "priority " + p,
                    String.format("Pause storm: %s paused %.0f%% of a %d ms window (%d pause frames): traffic stalls upstream",
                        p == PauseTracker.PAUSE ? "the link" : "priority " + p, worst * 100, options.pauseWindowNanos() / 1_000_000,
                        pauses.pauses[p]), pauses.firstFrame[p]);
            }
        }
        watch.captureFindings(pauses, findings);
    }

    long cnps() { return cnps; }
    long unattributedCnps() { return unattributedCnps; }
}
