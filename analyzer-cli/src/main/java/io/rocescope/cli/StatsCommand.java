package io.rocescope.cli;

import io.rocescope.flow.Reports;
import picocli.CommandLine.Command;

import java.util.Locale;

/** {@code rocescope stats}: a one-screen summary of a capture. */
@Command(name = "stats", description = "A one-screen summary of the capture's RoCE traffic.")
final class StatsCommand extends AnalysisCommand {
    @Override
    Object jsonView(Reports.Analysis a) {
        return Json.object("summary", a.summary(), "pfc", a.pfc(), "findingCounts", a.findingCounts(), "priorities", a.priorities(),
            "integrity", a.integrity());
    }

    @Override
    void text(Reports.Analysis a, StringBuilder sb) {
        Reports.Summary s = a.summary();
        sb.append(String.format(Locale.ROOT, "Frames            %d (%d RoCE, %s) over %.3f s%n", s.frames(), s.roceFrames(), Fmt.bytes(s.roceBytes()), s.durationSeconds().toDouble()));
        sb.append(String.format(Locale.ROOT, "Connections       %d (%d flows); set-ups: %d rdma_cm, %d socket%n", s.connections(), s.flows(), s.cmSetups(), s.socketSetups()));
        sb.append(String.format(Locale.ROOT, "PSN               %d gaps, %d packets resent%n", s.psnGaps(), s.retransmittedPackets()));
        sb.append(String.format(Locale.ROOT, "NAKs              %d NAK, %d RNR NAK%n", s.naks(), s.rnrNaks()));
        sb.append(String.format(Locale.ROOT, "Integrity         %d bad ICRC, %d malformed%n", s.badIcrc(), s.malformed()));
        sb.append(String.format(Locale.ROOT, "Congestion        %d CE-marked, %d CNPs%s%n", s.ceMarked(), s.cnps(),
            s.unattributedCnps() > 0 ? " (" + s.unattributedCnps() + " to a QP no flow sends from)" : ""));
        for (Reports.PauseReport p : a.pfc()) {
            sb.append(String.format(Locale.ROOT, "PFC priority %-5s %d frames (%d pause, %d resume), paused %s, worst window %.0f%%%n",
                p.priority(), p.frames(), p.pauses(), p.resumes(), Fmt.micros(p.pausedMicros()), p.worstWindowFraction() * 100));
        }
        FabricText.priorities(a.priorities(), sb);
        s.setupLatencyMicrosByKind().forEach((k, d) -> sb.append(String.format(Locale.ROOT,
            "Set-up latency    %s: median %s, max %s (%d)%n", k, Fmt.micros(d.median()), Fmt.micros(d.max()), d.count())));
        sb.append("Findings          ");
        if (a.findingCounts().isEmpty()) sb.append("none");
        a.findingCounts().forEach((k, n) -> sb.append(k).append(' ').append(n).append("  "));
        sb.append('\n');
    }
}
