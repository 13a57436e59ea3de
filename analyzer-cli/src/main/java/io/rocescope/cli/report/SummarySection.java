package io.rocescope.cli.report;

import io.rocescope.flow.Finding;
import io.rocescope.flow.Reports;
import io.rocescope.dissector.decode.Expert.Severity;
import io.rocescope.dissector.field.ksy.IbTransportKsy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What happened, in a few plain sentences generated from the analysis (issue 14 §3): the capture in one
 * line, then per connection direction its traffic, losses and how they were recovered, NAKs, RNR, round
 * trips and congestion, then set-ups that failed and the worst findings. Every number in them keeps its
 * place in the CLI's JSON ({@link Sentence}).
 */
final class SummarySection {
    /** ib_transport.ksy's name of the RC transport, as the flow report spells it. */
    private static final String RC = IbTransportKsy.TRANSPORT.nameOf(IbTransportKsy.TRANSPORT_RC);
    private SummarySection() {}

    static List<Object> build(Reports.Analysis a) {
        List<Sentence> out = new ArrayList<>();
        Reports.Summary s = a.summary();
        out.add(new Sentence().text("The capture holds ").num(s.frames(), "stats", "/summary/frames").plural(s.frames(), " frame", " frames")
            .text(" over ").scaled(s.durationSeconds().toDouble(), 1, 3, "s", "stats", "/summary/durationSeconds").text(": ")
            .num(s.roceFrames(), "stats", "/summary/roceFrames").text(" RoCE, in ").num(s.connections(), "stats", "/summary/connections")
            .plural(s.connections(), " connection", " connections").text(" (").num(s.flows(), "stats", "/summary/flows")
            .plural(s.flows(), " flow", " flows").text(")."));
        for (int i = 0; i < a.connections().size(); i++) {
            Reports.ConnectionReport c = a.connections().get(i);
            direction(out, c, c.aToB(), c.a(), c.b(), "/" + i, "/" + i + "/aToB");
            direction(out, c, c.bToA(), c.b(), c.a(), "/" + i, "/" + i + "/bToA");
        }
        for (int i = 0; i < a.failedSetups().size(); i++) {
            Reports.SetupReport f = a.failedSetups().get(i);
            String p = "/" + (timelineConnections(a) + i);
            Sentence t = new Sentence().text("The ").str(f.setup(), "timeline", p + "/failedSetup").text(" set-up from ")
                .str(f.from(), "timeline", p + "/from").text(" to ").str(f.to(), "timeline", p + "/to");
            if (f.service() != null) t.text(" for service ").str(f.service(), "timeline", p + "/service");
            t.text(" was ").str(f.outcome(), "timeline", p + "/outcome");
            if (f.reason() != null) t.text(": ").str(f.reason(), "timeline", p + "/reason");
            out.add(t.text("."));
        }
        Severity worst = a.findings().stream().map(Finding::severity).min(SummarySection::worseFirst).orElse(null);
        if (worst == null) {
            out.add(new Sentence().text("The analysis found nothing to report."));
        } else {
            Sentence t = new Sentence().text("The worst findings are " + worst.json() + "s: ");
            boolean first = true;
            for (Map.Entry<String, Long> e : a.findingCounts().entrySet()) {
                boolean ofWorst = a.findings().stream().anyMatch(f -> f.kind().equals(e.getKey()) && f.severity() == worst);
                if (!ofWorst) continue;
                if (!first) t.text(", ");
                first = false;
                t.text(e.getKey()).text(" (").num(e.getValue(), "expert", "/counts/" + ReportModel.pointerToken(e.getKey())).text(")");
            }
            out.add(t.text("."));
        }
        return out.stream().map(x -> (Object) x.model()).toList();
    }

    private static int worseFirst(Severity x, Severity y) { return Integer.compare(rank(x), rank(y)); }

    private static int rank(Severity s) { return s == Severity.ERROR ? 0 : s == Severity.WARNING ? 1 : 2; }

    /** The failed set-ups follow the connections with a timeline in {@code timeline -T json}. */
    private static int timelineConnections(Reports.Analysis a) {
        return (int) a.connections().stream().filter(c -> !c.timeline().isEmpty()).count();
    }

    private static void direction(List<Sentence> out, Reports.ConnectionReport c, Reports.FlowReport f, Reports.EndpointReport from,
                                  Reports.EndpointReport to, String cp, String p) {
        if (f == null) return;
        String fromEnd = cp + (from == c.a() ? "/a" : "/b"), toEnd = cp + (to == c.a() ? "/a" : "/b");
        Sentence t = new Sentence().text("Connection ").num(c.id(), "flows", cp + "/id").text(", ");
        if (from != null && from.qpn() != null) t.text("QP ").hex(from.qpn(), "flows", fromEnd + "/qpn");
        else t.str(f.src(), "flows", p + "/src");
        t.text(" → ");
        if (to != null && to.qpn() != null) t.text("QP ").hex(to.qpn(), "flows", toEnd + "/qpn");
        else t.str(f.dst(), "flows", p + "/dst");
        t.text(" (").str(c.transport(), "flows", cp + "/transport").text("): ")
            .num(f.packets(), "flows", p + "/packets").plural(f.packets(), " packet", " packets");
        if (RC.equals(c.transport()) && f.psn().requests() == 0 && f.readResponseMessages().count() == 0) t.text(" of answers");
        long messages = f.messages().count();
        if (messages > 0) t.text(", ").num(messages, "flows", p + "/messages/count").plural(messages, " message", " messages");
        if (f.readResponseMessages().count() > 0) {
            t.text(", ").num(f.readResponseMessages().count(), "flows", p + "/readResponseMessages/count").text(" READ responses");
        }
        Reports.PsnReport psn = f.psn();
        if (psn.gaps() > 0) {
            t.text("; lost ").num(psn.missingPsns(), "flows", p + "/psn/missingPsns").plural(psn.missingPsns(), " packet", " packets")
                .text(" in ").num(psn.gaps(), "flows", p + "/psn/gaps").plural(psn.gaps(), " gap", " gaps").text(" of PSNs");
        }
        if (psn.retransmissionEpisodes() > 0) {
            t.text(psn.gaps() > 0 ? ", and " : "; ").text("resent ").num(psn.retransmittedPackets(), "flows", p + "/psn/retransmittedPackets")
                .plural(psn.retransmittedPackets(), " packet", " packets").text(" in ")
                .num(psn.retransmissionEpisodes(), "flows", p + "/psn/retransmissionEpisodes")
                .text(" Go-Back-N episode" + (psn.retransmissionEpisodes() == 1 ? "" : "s"));
            int longest = -1;
            for (int k = 0; k < psn.episodes().size(); k++) {
                if (longest < 0 || psn.episodes().get(k).durationNanos() > psn.episodes().get(longest).durationNanos()) longest = k;
            }
            // an episode of one resent packet has no span: "lasting 0.000 ms" would read as if nothing happened
            if (longest >= 0 && psn.episodes().get(longest).durationNanos() > 0) {
                boolean all = psn.episodes().size() == psn.retransmissionEpisodes();
                t.text(all ? (psn.retransmissionEpisodes() == 1 ? " lasting " : ", none lasting more than ") : ", the longest listed lasting ")
                    .scaled(psn.episodes().get(longest).durationNanos(), 1e-6, 3, "ms", "flows", p + "/psn/episodes/" + longest + "/durationNanos");
            }
        } else if (psn.duplicates() > 0) {
            t.text("; ").num(psn.duplicates(), "flows", p + "/psn/duplicates").text(" packets repeated a PSN");
        }
        Reports.AckReport k = f.answers();
        List<Sentence> answers = new ArrayList<>();
        for (Map.Entry<String, Long> e : k.naks().entrySet()) {
            answers.add(new Sentence().num(e.getValue(), "flows", p + "/answers/naks/" + ReportModel.pointerToken(e.getKey()))
                .text(" NAK " + e.getKey()));
        }
        if (k.rnrNaks() > 0) {
            answers.add(new Sentence().num(k.rnrNaks(), "flows", p + "/answers/rnrNaks").plural(k.rnrNaks(), " RNR NAK", " RNR NAKs")
                .text(" (no receive buffer posted; the sender waited and retried)"));
        }
        if (!answers.isEmpty()) {
            t.text("; the responder answered ");
            for (int j = 0; j < answers.size(); j++) {
                if (j > 0) t.text(j == answers.size() - 1 ? " and " : ", ");
                t.append(answers.get(j));
            }
        }
        if (k.readsWithoutResponse() > 0) {
            t.text("; ").num(k.readsWithoutResponse(), "flows", p + "/answers/readsWithoutResponse").text(" READs got no response");
        }
        if (k.rttMicros().count() > 0) {
            t.text("; round trip median ").num(k.rttMicros().median(), "flows", p + "/answers/rttMicros/median").text(" µs, ").term("p99").text(" ")
                .num(k.rttMicros().p99(), "flows", p + "/answers/rttMicros/p99").text(" µs");
        }
        if (f.ceMarked() > 0) t.text("; ").num(f.ceMarked(), "flows", p + "/ceMarked").text(" packets ECN CE-marked");
        if (f.cnps() > 0) t.text("; ").num(f.cnps(), "flows", p + "/cnps").plural(f.cnps(), " CNP", " CNPs").text(" asked it to slow down");
        if (f.badIcrc() > 0) t.text("; ").num(f.badIcrc(), "flows", p + "/badIcrc").plural(f.badIcrc(), " packet", " packets").text(" corrupted in flight (bad ICRC)");
        out.add(t.text("."));
    }
}
