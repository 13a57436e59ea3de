package io.rocescope.flow;

import io.rocescope.dissector.text.Seconds;
import io.rocescope.dissector.field.InfinibandNames;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Freezes the tracker's state into {@link Reports}. */
final class ReportBuilder {
    private ReportBuilder() {}

    static Reports.Analysis build(FlowTracker t) {
        List<Reports.ConnectionReport> conns = new ArrayList<>(t.closedReports());
        for (Connection c : t.connections()) if (!c.retired) conns.add(connection(c, t));
        conns.sort(java.util.Comparator.comparingInt(Reports.ConnectionReport::id));
        Map<String, Distribution> latency = new TreeMap<>();
        long naks = 0, rnr = 0, gaps = 0, retrans = 0, ce = 0;
        int flowCount = 0;
        for (Reports.ConnectionReport c : conns) {
            for (Reports.FlowReport f : new Reports.FlowReport[] {c.aToB(), c.bToA()}) {
                if (f == null) continue;
                flowCount++;
                naks += f.answers().naks().values().stream().mapToLong(Long::longValue).sum();
                rnr += f.answers().rnrNaks();
                gaps += f.psn().gaps();
                retrans += f.psn().retransmittedPackets();
                ce += f.ceMarked();
            }
            if (c.setupLatencyNanos() != null) latency.computeIfAbsent(c.setup().json(), k -> new Distribution()).add(c.setupLatencyNanos());
        }
        Map<String, Reports.DistReport> latencyReport = new LinkedHashMap<>();
        latency.forEach((k, d) -> latencyReport.put(k, Reports.DistReport.micros(d)));
        Reports.Summary summary = new Reports.Summary(t.frames(), t.roceFrames(), t.roceBytes(), t.durationSeconds(),
            conns.size(), flowCount, t.cm().all.size(), t.sockets().all.size(), t.badIcrc(), t.malformed(), t.cnps(), ce,
            naks, rnr, gaps, retrans, t.evicted(), t.closedNotKept(), t.unattributedCnps(), latencyReport);
        List<Reports.PauseReport> pfc = new ArrayList<>();
        PauseTracker p = t.pauses();
        for (int prio = 0; prio < 9; prio++) {
            if (p.frames[prio] == 0) continue;
            pfc.add(new Reports.PauseReport(prio == PauseTracker.PAUSE ? "PAUSE" : Integer.toString(prio), p.frames[prio],
                p.pauses[prio], p.resumes[prio], p.quanta[prio], p.pausedNanos[prio] / 1000.0, p.worstWindowFraction(prio),
                p.firstFrame[prio]));
        }
        return new Reports.Analysis(summary, conns, List.copyOf(t.findings.list), new TreeMap<>(t.findings.countByKind),
            t.findings.dropped, pfc, List.copyOf(t.failedSetups()));
    }

    static Reports.ConnectionReport connection(Connection c, FlowTracker t) {
        Long latencyNanos = c.setupStartTs >= 0 && c.firstDataTs >= 0 && c.setup != SetupKind.UNKNOWN ? c.firstDataTs - c.setupStartTs : null;
        int mtu = c.mtu > 0 ? c.mtu : c.inferredMtu();
        return new Reports.ConnectionReport(c.id, c.transport, c.setup, c.pairedBy, endpoint(c.a), endpoint(c.b),
            mtu > 0 ? mtu : null, mtu > 0 ? (c.mtu > 0 ? c.mtuSource : "inferred") : "unknown", c.serviceId, flow(c.ab, t), flow(c.ba, t),
            List.copyOf(c.timeline), latencyNanos, c.firstDataFrame >= 0 ? c.firstDataFrame : null);
    }

    private static Reports.EndpointReport endpoint(Endpoint e) {
        return new Reports.EndpointReport(e.ip, e.qpn >= 0 ? e.qpn : null, e.startPsn >= 0 ? e.startPsn : null,
            e.rkey >= 0 ? e.rkey : null, e.va >= 0 ? e.va : null, e.gid);
    }

    private static Reports.FlowReport flow(Flow f, FlowTracker t) {
        if (f == null) return null;
        Map<String, Long> ops = new LinkedHashMap<>();
        for (int op = 0; op < 256; op++) if (f.opcodeCounts[op] > 0) ops.put(InfinibandNames.opcodeLabel(op), f.opcodeCounts[op]);
        PsnTracker p = f.psn;
        AckTracker a = f.answers;
        long start = t.captureStart();
        return new Reports.FlowReport(f.key.src(), f.key.dst(), f.key.destQp(), f.key.srcQp() >= 0 ? f.key.srcQp() : null,
            f.packets, f.bytes, f.payloadBytes, f.firstFrame, f.lastFrame, Seconds.ofNanos(f.firstTs - start), Seconds.ofNanos(f.lastTs - start), ops,
            messages(f.messages), readMessages(f),
            new Reports.PsnReport(p.started() ? p.firstPsn() : null, f.requests, p.gaps, p.missing, p.duplicates, p.outOfOrder, p.copies, p.reordered,
                p.retransmitted, p.episodesCount, List.copyOf(p.gapList), List.copyOf(p.episodes)),
            new Reports.AckReport(a.acks, new TreeMap<>(a.naksByCode), a.rnrNaks, a.readResponses, a.atomicAcks,
                Reports.DistReport.of(a.coalescing), Reports.DistReport.micros(a.rttNanos),
                Reports.DistReport.micros(a.completionNanos), Reports.TIMINGS, Reports.DistReport.of(a.rnrTimerMicros),
                a.unlimitedCredits, Reports.DistReport.of(a.credits),
                a.creditChanges.stream().map(c -> new Reports.CreditChange(c[0], Seconds.ofNanos(c[1] - start), c[2])).toList(),
                a.firstMsn, a.lastMsn, a.msnAdvances, f.reads.answered, a.atomicsAnswered, a.readsWithoutResponse),
            f.ceMarked, f.cnps, f.badIcrc,
            new Reports.ThroughputReport(f.throughput.bucketNanos(), Seconds.ofNanos(f.throughput.startNanos() - start), f.throughput.bytesPerBucket()),
            new Reports.FlowEvents(f.nakEvents, f.rnrEvents, f.cnpEvents, f.naksByCode));
    }

    /** READ responses this flow carries (and those of READs whose responses' flow was never seen). */
    private static Reports.MessagesReport readMessages(Flow f) {
        MessageAssembler m = f.readResponseMessages, o = f.orphanReadMessages;
        if (o.sizes.count() == 0 && o.incomplete == 0) return messages(m);
        return new Reports.MessagesReport(m.sizes.count(), m.incomplete + o.incomplete, Reports.DistReport.of(m.sizes));
    }

    private static Reports.MessagesReport messages(MessageAssembler m) {
        return new Reports.MessagesReport(m.sizes.count(), m.incomplete, Reports.DistReport.of(m.sizes));
    }
}
