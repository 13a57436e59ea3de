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

    /** What a flow that never got an answer reports (read only). */
    private static final AckTracker NO_ANSWERS = new AckTracker();

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
        Reports.Totals more = t.notListed();
        flowCount += (int) Math.min(Integer.MAX_VALUE - flowCount, more.flows);
        naks += more.naks;
        rnr += more.rnrNaks;
        gaps += more.psnGaps;
        retrans += more.retransmittedPackets;
        ce += more.ceMarked;
        Map<String, Reports.DistReport> latencyReport = new LinkedHashMap<>();
        latency.forEach((k, d) -> latencyReport.put(k, Reports.DistReport.micros(d)));
        Reports.Summary summary = new Reports.Summary(t.frames(), t.roceFrames(), t.roceBytes(), t.durationSeconds(),
            (int) Math.min(Integer.MAX_VALUE, conns.size() + more.connections), flowCount, t.cm().all.size(), t.sockets().all.size(), t.badIcrc(), t.malformed(), t.cnps(), ce,
            naks, rnr, gaps, retrans, t.evicted(), t.closedNotKept(), t.unattributedCnps(), latencyReport);
        List<Reports.PauseReport> pfc = new ArrayList<>();
        PauseTracker p = t.pauses();
        for (int prio = 0; prio < PauseTracker.SLOTS; prio++) {
            if (p.frames[prio] == 0) continue;
            pfc.add(new Reports.PauseReport(prio == PauseTracker.PAUSE ? "PAUSE" : Integer.toString(prio), p.frames[prio],
                p.pauses[prio], p.resumes[prio], p.quanta[prio], p.pausedNanos[prio] / 1000.0, p.worstWindowFraction(prio),
                p.firstFrame[prio]));
        }
        return new Reports.Analysis(summary, conns, List.copyOf(t.findings.list), new TreeMap<>(t.findings.countByKind),
            t.findings.dropped, pfc, List.copyOf(t.failedSetups()), t.integrity(), t.fabric().priorities(p), t.scans.report());
    }

    static Reports.ConnectionReport connection(Connection c, FlowTracker t) {
        Long latencyNanos = c.setupStartTs >= 0 && c.firstDataTs >= 0 && c.setup != SetupKind.UNKNOWN ? c.firstDataTs - c.setupStartTs : null;
        int mtu = c.mtu > 0 ? c.mtu : c.inferredMtu();
        return new Reports.ConnectionReport(c.id, c.transport, c.setup, c.pairedBy.json(), endpoint(c.a), endpoint(c.b),
            mtu > 0 ? mtu : null, mtu > 0 ? (c.mtu > 0 ? c.mtuSource : "inferred") : "unknown", c.serviceId, flow(c.ab, t), flow(c.ba, t),
            List.copyOf(c.timeline), latencyNanos, c.firstDataFrame >= 0 ? c.firstDataFrame : null, ConnectionParameters.of(c));
    }

    /** Adds what an evicted connection that is not listed contributes to the summary (as build() counts a listed one). */
    static void addTotals(Reports.Totals totals, Connection c) {
        totals.connections++;
        addTotals(totals, c.ab);
        addTotals(totals, c.ba);
    }

    /** One flow's part (called for each of a million evicted connections: no array, no iterator for an empty map). */
    private static void addTotals(Reports.Totals totals, Flow f) {
        if (f == null) return;
        totals.flows++;
        AckTracker a = f.answersOrNull();
        if (a != null) {
            if (!a.naksByCode.isEmpty()) for (long n : a.naksByCode.values()) totals.naks += n;
            totals.rnrNaks += a.rnrNaks;
        }
        totals.psnGaps += f.psn.gaps;
        totals.retransmittedPackets += f.psn.retransmitted;
        totals.ceMarked += f.ceMarked;
    }

    private static Reports.EndpointReport endpoint(Endpoint e) {
        return new Reports.EndpointReport(e.ip(), e.qpn >= 0 ? e.qpn : null, e.startPsn >= 0 ? e.startPsn : null,
            e.rkey >= 0 ? e.rkey : null, e.va >= 0 ? e.va : null, e.gid());
    }

    private static Reports.FlowReport flow(Flow f, FlowTracker t) {
        if (f == null) return null;
        Map<String, Long> ops = new LinkedHashMap<>();
        for (int op : f.opcodes.seen()) ops.put(InfinibandNames.opcodeLabel(op), f.opcodes.count(op));
        if (ops.size() == 1) ops = Map.copyOf(ops);   // the common case, in a quarter of the space
        PsnTracker p = f.psn;
        AckTracker a = f.answersOrNull() != null ? f.answersOrNull() : NO_ANSWERS;
        ReadTracker reads = f.readsOrNull();
        long start = t.captureStart();
        return new Reports.FlowReport(f.key.src().toString(), f.key.dst().toString(), f.key.destQp(), f.key.srcQp() >= 0 ? f.key.srcQp() : null,
            f.packets, f.bytes, f.payloadBytes, f.firstFrame, f.lastFrame, Seconds.ofNanos(f.firstTs - start), Seconds.ofNanos(f.lastTs - start), ops,
            messages(f.messagesOrNull()), readMessages(f),
            new Reports.PsnReport(p.started() ? p.firstPsn() : null, f.requests, p.gaps, p.missing, p.duplicates, p.outOfOrder, p.copies, p.reordered,
                p.retransmitted, p.episodesCount, List.copyOf(p.gapList()), List.copyOf(p.episodes())),
            new Reports.AckReport(a.acks, a.naksByCode.isEmpty() ? Map.of() : new TreeMap<>(a.naksByCode), a.rnrNaks, a.readResponses, a.atomicAcks,
                Reports.DistReport.of(a.coalescing), Reports.DistReport.micros(a.rttNanos),
                Reports.DistReport.micros(a.completionNanos), Reports.TIMINGS, Reports.DistReport.of(a.rnrTimerMicros()),
                a.unlimitedCredits, Reports.DistReport.of(a.credits),
                a.creditChanges().stream().map(c -> new Reports.CreditChange(c[0], Seconds.ofNanos(c[1] - start), c[2])).toList(),
                a.firstMsn, a.lastMsn, a.msnAdvances, reads == null ? 0 : reads.answered, a.atomicsAnswered, reads == null ? 0 : reads.unanswered.size()),
            f.ceMarked, f.cnps, f.badIcrc,
            new Reports.ThroughputReport(f.throughput.bucketNanos(), Seconds.ofNanos(f.throughput.startNanos() - start), f.throughput.bytesPerBucket()),
            new Reports.FlowEvents(orEmpty(f.nakEventsOrNull()), orEmpty(f.rnrEventsOrNull()), orEmpty(f.cnpEventsOrNull()),
                f.naksByCodeOrNull() == null ? Map.of() : f.naksByCodeOrNull(), a.rttNanos.sample()), t.fabric().report(f));
    }

    /** The log of a flow that had no such event: one empty log serves them all (nothing adds to it). */
    private static final EventLog NO_EVENTS = new EventLog();

    private static EventLog orEmpty(EventLog log) { return log == null ? NO_EVENTS : log; }

    private static final Reports.MessagesReport NO_MESSAGES = messages(new MessageAssembler());

    /** READ responses this flow carries (and those of READs whose responses' flow was never seen). */
    private static Reports.MessagesReport readMessages(Flow f) {
        MessageAssembler m = f.readResponseMessagesOrNull(), o = f.orphanReadMessagesOrNull();
        if (o == null || (o.sizes.count() == 0 && o.incomplete == 0)) return messages(m);
        if (m == null) return new Reports.MessagesReport(0, o.incomplete, Reports.DistReport.of(new Distribution()));
        return new Reports.MessagesReport(m.sizes.count(), m.incomplete + o.incomplete, Reports.DistReport.of(m.sizes));
    }

    private static Reports.MessagesReport messages(MessageAssembler m) {
        if (m == null) return NO_MESSAGES;
        return new Reports.MessagesReport(m.sizes.count(), m.incomplete, Reports.DistReport.of(m.sizes));
    }
}
