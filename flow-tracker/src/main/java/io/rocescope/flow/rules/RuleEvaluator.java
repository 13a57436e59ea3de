package io.rocescope.flow.rules;

import io.rocescope.flow.EventLog;
import io.rocescope.flow.Finding;
import io.rocescope.flow.FindingKind;
import io.rocescope.flow.Reports;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/** Measures rules on an analysis: one result per rule and subject. Pure computation. */
public final class RuleEvaluator {
    private static final int EVIDENCE = 5;

    private RuleEvaluator() {}

    /** A measured value and the frames that show it. */
    record Measure(double value, long[] frames) {}

    /**
     * The rules already failed for good on {@code soFar} (a live capture's counts so far): capture-scope rules
     * whose metric only grows ({@link Metric#grows}) and that fail when it is above their threshold ({@code >},
     * {@code >=}). Connection and flow rules wait for the end: a connection failing now may be evicted later
     * and be missing from the final verdict, which would then not say why the capture stopped.
     * Empty when none has.
     */
    public static List<RuleResult> failedForGood(Reports.Analysis soFar, List<Rule> rules) {
        List<Rule> decidable = rules.stream()
            .filter(r -> r.scope() == Scope.CAPTURE && r.metric().grows()
                && (r.comparison() == Comparison.GT || r.comparison() == Comparison.GE)).toList();
        if (decidable.isEmpty()) return List.of();
        return evaluate(soFar, decidable).stream().filter(RuleResult::failed).toList();
    }

    public static List<RuleResult> evaluate(Reports.Analysis a, List<Rule> rules) {
        List<RuleResult> out = new ArrayList<>();
        for (Rule r : rules) {
            switch (r.scope()) {
                case CAPTURE:
                    if (r.metric().parameter()) {
                        // a capture with no connection that has the value has nothing to audit: no result
                        Measure m = ParameterMetrics.capture(a, r.metric());
                        if (!Double.isNaN(m.value())) out.add(result(r, "capture", m));
                        break;
                    }
                    out.add(result(r, "capture", capture(a, r)));
                    break;
                case CONNECTION:
                    for (Reports.ConnectionReport c : a.connections()) {
                        List<Reports.FlowReport> flows = flows(c);
                        String subject = "connection " + c.id() + " (" + c.a().ip() + " " + qp(c.a().qpn()) + " ↔ " + c.b().ip() + " " + qp(c.b().qpn()) + ")";
                        if (r.metric().parameter()) {
                            Measure m = ParameterMetrics.connection(c, r.metric());
                            if (!Double.isNaN(m.value())) out.add(result(r, subject, m));
                            continue;
                        }
                        Measure m = r.metric() == Metric.SETUP_LATENCY_MAX_US
                            ? new Measure(c.setupLatencyNanos() == null ? 0 : c.setupLatencyNanos() / 1000.0, frames(c.firstDataFrame()))
                            : FabricMetrics.handles(r.metric()) ? FabricMetrics.measure(List.of(c), flows, r, a)
                            : flowMetric(flows, r, a);
                        out.add(result(r, subject, m));
                    }
                    break;
                default:
                    for (Reports.ConnectionReport c : a.connections()) {
                        for (Reports.FlowReport f : flows(c)) {
                            String subject = f.src() + " → " + f.dst() + " " + qp(f.destQp()) + " (connection " + c.id() + ")";
                            out.add(result(r, subject, FabricMetrics.handles(r.metric()) ? FabricMetrics.measure(List.of(), List.of(f), r, a)
                                : flowMetric(List.of(f), r, a)));
                        }
                    }
            }
        }
        return out;
    }

    private static RuleResult result(Rule r, String subject, Measure m) {
        boolean failed = r.comparison().holds(m.value(), r.threshold());
        List<Long> frames = new ArrayList<>();
        for (long f : m.frames()) if (frames.size() < EVIDENCE) frames.add(f);
        return new RuleResult(r.id(), r.metric().word(), r.description(), r.severity(), r.scope().word(), subject, m.value(),
            r.comparison().symbol(), r.threshold(), failed, failed ? frames : List.of());
    }

    static List<Reports.FlowReport> flows(Reports.ConnectionReport c) {
        List<Reports.FlowReport> l = new ArrayList<>(2);
        if (c.aToB() != null) l.add(c.aToB());
        if (c.bToA() != null) l.add(c.bToA());
        return l;
    }

    private static String qp(Integer q) { return q == null ? "QP ?" : String.format("QP 0x%06x", q); }

    private static long[] frames(Long... f) {
        return Arrays.stream(f).filter(x -> x != null).mapToLong(Long::longValue).toArray();
    }

    /** Metrics measured over a set of flows (one flow, a connection's two, or the whole capture's). */
    static Measure flowMetric(List<Reports.FlowReport> flows, Rule r, Reports.Analysis a) {
        switch (r.metric()) {
            case NAK_COUNT: {
                EventLog log = naks(flows, r.filter());
                return new Measure(log.count(), log.firstFrames(EVIDENCE));
            }
            case NAK_RATE: return window(naks(flows, r.filter()), r.windowNanos());
            case RNR_NAK_COUNT: {
                EventLog log = merged(flows, f -> f.events().rnrNaks());
                return new Measure(log.count(), log.firstFrames(EVIDENCE));
            }
            case RNR_NAK_RATE: return window(merged(flows, f -> f.events().rnrNaks()), r.windowNanos());
            case CNP_COUNT: {
                EventLog log = merged(flows, f -> f.events().cnps());
                return new Measure(log.count(), log.firstFrames(EVIDENCE));
            }
            case CNP_RATE: return window(merged(flows, f -> f.events().cnps()), r.windowNanos());
            case PSN_GAP_COUNT:
                return new Measure(sum(flows, f -> f.psn().gaps()), gapFrames(flows));
            case MISSING_PSNS:
                return new Measure(sum(flows, f -> f.psn().missingPsns()), gapFrames(flows));
            case RETRANSMISSION_EPISODES:
                return new Measure(sum(flows, f -> f.psn().retransmissionEpisodes()), episodeFrames(flows));
            case DUPLICATE_COUNT:
                return new Measure(sum(flows, f -> f.psn().duplicates()), episodeFrames(flows));
            case RETRANSMITTED_RATIO: {
                long requests = sum(flows, f -> f.psn().requests());
                return new Measure(requests == 0 ? 0 : (double) sum(flows, f -> f.psn().retransmittedPackets()) / requests, episodeFrames(flows));
            }
            case ECN_CE_RATIO: {
                long packets = sum(flows, Reports.FlowReport::packets);
                return new Measure(packets == 0 ? 0 : (double) sum(flows, Reports.FlowReport::ceMarked) / packets,
                    flows.stream().filter(f -> f.ceMarked() > 0).mapToLong(Reports.FlowReport::firstFrame).toArray());
            }
            case RTT_P99_US:
                return new Measure(flows.stream().mapToLong(f -> f.answers().rttMicros().p99()).max().orElse(0), new long[0]);
            case BAD_ICRC_COUNT: {
                long n = sum(flows, Reports.FlowReport::badIcrc);
                List<Long> frames = new ArrayList<>();
                for (Finding fi : a.findings()) {
                    if (!is(fi, FindingKind.ICRC_BAD)) continue;
                    for (Reports.FlowReport f : flows) if (fi.flow().equals(f.src() + " → " + f.dst())) frames.addAll(fi.frames());
                }
                return new Measure(n, frames.stream().mapToLong(Long::longValue).toArray());
            }
            default:
                return capture(a, r);
        }
    }

    static Measure capture(Reports.Analysis a, Rule r) {
        if (r.metric().security()) return SecurityMetrics.capture(a, r.metric());
        List<Reports.FlowReport> all = new ArrayList<>();
        for (Reports.ConnectionReport c : a.connections()) all.addAll(flows(c));
        if (FabricMetrics.handles(r.metric())) return FabricMetrics.measure(a.connections(), all, r, a);
        switch (r.metric()) {
            case MALFORMED_COUNT: return fromFindings(a, a.summary().malformed(), FindingKind.MALFORMED);
            case BAD_ICRC_COUNT: return fromFindings(a, a.summary().badIcrc(), FindingKind.ICRC_BAD);
            case CM_REJ_COUNT: {
                List<Finding> rej = a.findings().stream().filter(f -> is(f, FindingKind.CM_REJ)
                    && (r.filter() == null || f.message().contains("(" + r.filter() + ")"))).toList();
                return new Measure(rej.size(), rej.stream().flatMap(f -> f.frames().stream()).mapToLong(Long::longValue).toArray());
            }
            case CM_TIMEOUT_COUNT: return fromFindings(a, a.count(FindingKind.CM_TIMEOUT), FindingKind.CM_TIMEOUT);
            case SETUP_FAILURE_COUNT: {
                FindingKind[] failed = {FindingKind.CM_REJ, FindingKind.CM_TIMEOUT, FindingKind.SETUP_INCOMPLETE};
                return fromFindings(a, a.count(failed), failed);
            }
            case PFC_PAUSE_TIME_US:
            case PFC_PAUSED_FRACTION: {
                double v = 0;
                List<Long> frames = new ArrayList<>();
                for (Reports.PauseReport p : a.pfc()) {
                    if (r.filter() != null && !p.priority().equalsIgnoreCase(r.filter())) continue;
                    double x = r.metric() == Metric.PFC_PAUSE_TIME_US ? p.pausedMicros() : p.worstWindowFraction();
                    v = r.metric() == Metric.PFC_PAUSE_TIME_US ? v + x : Math.max(v, x);
                    frames.add(p.firstFrame());
                }
                return new Measure(v, frames.stream().mapToLong(Long::longValue).toArray());
            }
            case SETUP_LATENCY_P50_US:
            case SETUP_LATENCY_P99_US:
            case SETUP_LATENCY_MAX_US: {
                List<Reports.ConnectionReport> set = a.connections().stream().filter(c -> c.setupLatencyNanos() != null
                    && (r.filter() == null || c.setup().json().equals(r.filter()))).sorted((x, y) -> Long.compare(x.setupLatencyNanos(), y.setupLatencyNanos())).toList();
                if (set.isEmpty()) return new Measure(0, new long[0]);
                double pct = r.metric() == Metric.SETUP_LATENCY_P50_US ? 50 : r.metric() == Metric.SETUP_LATENCY_P99_US ? 99 : 100;
                int rank = Math.max(1, (int) Math.ceil(pct / 100 * set.size()));
                Reports.ConnectionReport c = set.get(rank - 1);
                return new Measure(c.setupLatencyNanos() / 1000.0, frames(c.firstDataFrame()));
            }
            default:
                return flowMetric(all, r, a);
        }
    }

    /** {@code value}, shown by the frames of the findings of these kinds. */
    static Measure fromFindings(Reports.Analysis a, long value, FindingKind... kinds) {
        return new Measure(value, a.findings().stream().filter(f -> is(f, kinds))
            .flatMap(f -> f.frames().stream()).mapToLong(Long::longValue).toArray());
    }

    private static boolean is(Finding f, FindingKind... kinds) {
        for (FindingKind k : kinds) if (f.kind().equals(k.key())) return true;
        return false;
    }

    private static EventLog naks(List<Reports.FlowReport> flows, String code) {
        if (code == null) return merged(flows, f -> f.events().naks());
        List<EventLog> logs = new ArrayList<>();
        for (Reports.FlowReport f : flows) {
            f.events().naksByCode().forEach((name, log) -> {
                if (name.toLowerCase(Locale.ROOT).replace(' ', '_').equals(code)) logs.add(log);
            });
        }
        return EventLog.merge(logs);
    }

    private static EventLog merged(List<Reports.FlowReport> flows, Function<Reports.FlowReport, EventLog> log) {
        if (flows.size() == 1) return log.apply(flows.get(0));
        return EventLog.merge(flows.stream().map(log).toList());
    }

    private static Measure window(EventLog log, long windowNanos) {
        EventLog.Window w = log.busiest(windowNanos);
        return new Measure(w.events(), w.frames());
    }

    private static long sum(List<Reports.FlowReport> flows, java.util.function.ToLongFunction<Reports.FlowReport> f) {
        return flows.stream().mapToLong(f).sum();
    }

    private static long[] gapFrames(List<Reports.FlowReport> flows) {
        return flows.stream().flatMap(f -> f.psn().gapList().stream()).mapToLong(g -> g.frame()).sorted().toArray();
    }

    private static long[] episodeFrames(List<Reports.FlowReport> flows) {
        return flows.stream().flatMap(f -> f.psn().episodes().stream()).mapToLong(e -> e.firstFrame()).sorted().toArray();
    }
}
