package io.rocescope.cli.report;

import io.rocescope.flow.Finding;
import io.rocescope.flow.FindingKind;
import io.rocescope.flow.Reports;
import io.rocescope.dissector.decode.Expert.Severity;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The content of a report as plain maps and lists, in display order: the HTML and Markdown templates
 * render it, and JSON writes it as it is, so the three formats cannot drift apart. Every number taken
 * from the analysis is a {@code cell} that names where it comes from: {@code src} is the command
 * ({@code flows}, {@code expert}, {@code stats}) whose {@code -T json} holds it and {@code ptr} the JSON
 * pointer in that output, so a reader (or a test) can check the report against the CLI.
 */
public final class ReportModel {
    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSSSSSSSS 'UTC'", Locale.ROOT)
        .withZone(ZoneOffset.UTC);

    /** One analysed input: its identity and what the flow tracker made of it. */
    /** One analysed input: its identity, what the flow tracker made of it, and the PSNs of its charted connections (or null). */
    public record Input(Evidence evidence, Reports.Analysis analysis, PsnSeries psn, EvidenceExtracts extracts) {
        public Input(Evidence evidence, Reports.Analysis analysis) { this(evidence, analysis, null, null); }
    }

    /** The evidence extracts of --evidence DIR for an analysis, written as the evidence pass reads the file. */
    public static EvidenceExtracts extractsFor(java.nio.file.Path dir, String prefix, Reports.Analysis a) {
        return new EvidenceExtracts(dir, prefix, a);
    }

    /** Connections beyond this many get their tables but no charts (a report stays readable, and small). */
    public static final int MAX_CHARTED = 25;

    /** The PSN series to gather in the evidence pass for an analysis' charted connections. */
    public static PsnSeries psnSeriesFor(Reports.Analysis a) {
        return new PsnSeries(PsnSeries.keys(a.connections().subList(0, Math.min(MAX_CHARTED, a.connections().size()))));
    }

    private ReportModel() {}

    public static Map<String, Object> build(String tool, String commandLine, Instant generated, List<Input> inputs) {
        return build(tool, commandLine, generated, inputs, null);
    }

    /** {@code lines}: the findings' JSON Lines file of --evidence (its name, SHA-256 and line count), or null. */
    public static Map<String, Object> build(String tool, String commandLine, Instant generated, List<Input> inputs, Map<String, Object> lines) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("tool", tool);
        m.put("commandLine", commandLine);
        m.put("generated", UTC.format(generated));
        List<Object> files = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) files.add(file(i, inputs.get(i)));
        m.put("files", files);
        m.put("fileCount", inputs.size());
        m.put("findingLines", lines);
        return m;
    }

    private static Map<String, Object> file(int index, Input in) {
        Map<String, Object> f = new LinkedHashMap<>();
        f.put("index", index);
        f.put("anchor", "file" + index);
        f.put("evidence", evidence(in.evidence()));
        Reports.Analysis a = in.analysis();
        f.put("integrity", IntegritySection.build(a.integrity(), a.summary(), in.evidence()));
        f.put("summary", SummarySection.build(a));
        f.put("overview", overview(a.summary()));
        f.put("findingCounts", findingCounts(a));
        f.put("severities", severities(a));
        f.put("hasFindings", !a.findings().isEmpty());
        f.put("findingsNotListed", a.findingsNotListed() > 0 ? cell("Findings not listed", a.findingsNotListed(), "expert", "/notListed") : null);
        List<Object> conns = new ArrayList<>();
        ConnectionFindings byConnection = new ConnectionFindings(a);
        for (int i = 0; i < a.connections().size(); i++) {
            Map<String, Object> c = connection(i, a.connections().get(i));
            connectionDetails(c, a.connections().get(i), "/" + i, byConnection);
            if (i < MAX_CHARTED) charts(c, a.connections().get(i), "/" + i, in.psn());
            conns.add(c);
        }
        f.put("connections", conns);
        f.put("hasConnections", !conns.isEmpty());
        f.put("fabric", FabricSection.build(a));
        f.put("explanations", ExplanationsSection.build(a, "file" + index));
        f.put("extracts", extracts(in.extracts()));
        f.put("hasExtracts", in.extracts() != null);
        return f;
    }

    private static Map<String, Object> evidence(Evidence e) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", e.name());
        m.put("path", e.path());
        m.put("sizeBytes", e.sizeBytes());
        m.put("sha256", e.sha256());
        m.put("sha1", e.sha1());
        m.put("format", e.format());
        m.put("compression", e.compression());
        m.put("interfaces", e.interfaces());
        m.put("comments", e.comments());
        m.put("hasComments", !e.comments().isEmpty());
        m.put("frames", e.frames());
        m.put("first", e.firstNanos() == null ? null : UTC.format(instant(e.firstNanos())));
        m.put("last", e.lastNanos() == null ? null : UTC.format(instant(e.lastNanos())));
        m.put("firstEpoch", e.firstNanos() == null ? null : seconds(e.firstNanos()));
        m.put("lastEpoch", e.lastNanos() == null ? null : seconds(e.lastNanos()));
        m.put("durationSeconds", e.durationNanos() == null ? null : seconds(e.durationNanos()));
        m.put("warnings", e.warnings());
        m.put("hasWarnings", !e.warnings().isEmpty());
        return m;
    }

    private static Instant instant(long nanos) { return Instant.ofEpochSecond(Math.floorDiv(nanos, 1_000_000_000L), Math.floorMod(nanos, 1_000_000_000L)); }

    /** Seconds with all nine decimals, as text: a double would round the nanoseconds away. */
    static String seconds(long nanos) { return BigDecimal.valueOf(nanos, 9).toPlainString(); }

    private static List<Object> overview(Reports.Summary s) {
        List<Object> c = new ArrayList<>();
        c.add(cell("Frames", s.frames(), "stats", "/summary/frames"));
        c.add(cell("RoCE frames", s.roceFrames(), "stats", "/summary/roceFrames"));
        c.add(cell("RoCE bytes", s.roceBytes(), "stats", "/summary/roceBytes"));
        c.add(cell("Connections", s.connections(), "stats", "/summary/connections"));
        c.add(cell("Flows", s.flows(), "stats", "/summary/flows"));
        c.add(cell("RDMA CM set-ups", s.cmSetups(), "stats", "/summary/cmSetups"));
        c.add(cell("Socket set-ups", s.socketSetups(), "stats", "/summary/socketSetups"));
        c.add(cell("PSN gaps", s.psnGaps(), "stats", "/summary/psnGaps"));
        c.add(cell("Retransmitted packets", s.retransmittedPackets(), "stats", "/summary/retransmittedPackets"));
        c.add(cell("NAKs", s.naks(), "stats", "/summary/naks"));
        c.add(cell("RNR NAKs", s.rnrNaks(), "stats", "/summary/rnrNaks"));
        c.add(cell("CNPs", s.cnps(), "stats", "/summary/cnps"));
        c.add(cell("ECN CE marked", s.ceMarked(), "stats", "/summary/ceMarked"));
        c.add(cell("Bad ICRC", s.badIcrc(), "stats", "/summary/badIcrc"));
        c.add(cell("Malformed", s.malformed(), "stats", "/summary/malformed"));
        if (s.evictedFlows() > 0) c.add(cell("Flows evicted", s.evictedFlows(), "stats", "/summary/evictedFlows"));
        if (s.connectionsNotListed() > 0) c.add(cell("Connections not listed", s.connectionsNotListed(), "stats", "/summary/connectionsNotListed"));
        return c;
    }

    private static List<Object> findingCounts(Reports.Analysis a) {
        List<Object> out = new ArrayList<>();
        a.findingCounts().forEach((kind, n) -> {
            Map<String, Object> c = cell(kind, n, "expert", "/counts/" + pointerToken(kind));
            c.put("severity", a.severityOf(kind).json());
            out.add(c);
        });
        return out;
    }

    /** The listed findings, worst first; each knows its index in {@code expert -T json}'s list. */
    private static List<Object> severities(Reports.Analysis a) {
        List<Object> out = new ArrayList<>();
        for (Severity s : new Severity[] {Severity.ERROR, Severity.WARNING, Severity.NOTE}) {
            List<Object> items = new ArrayList<>();
            for (int i = 0; i < a.findings().size(); i++) {
                Finding f = a.findings().get(i);
                if (f.severity() == s) items.add(finding(i, f));
            }
            if (items.isEmpty()) continue;
            Map<String, Object> group = new LinkedHashMap<>();
            group.put("severity", s.json());
            group.put("findings", items);
            group.put("size", items.size());
            out.add(group);
        }
        return out;
    }

    private static Map<String, Object> finding(int i, Finding f) {
        Map<String, Object> m = new LinkedHashMap<>();
        String p = "/findings/" + i;
        m.put("index", i);
        m.put("ptr", p);
        m.put("severity", f.severity().json());
        m.put("kind", f.kind());
        m.put("flow", f.flow());
        m.put("message", f.message());
        m.put("count", cell("Count", f.count(), "expert", p + "/count"));
        List<Object> frames = new ArrayList<>();
        for (int j = 0; j < f.frames().size(); j++) frames.add(cell("Frame", f.frames().get(j), "expert", p + "/frames/" + j));
        m.put("frames", frames);
        m.put("hasFrames", !frames.isEmpty());
        FindingKind k = FindingKind.of(f.kind());
        m.put("meaning", k == null ? null : k.meaning());
        m.put("kindAnchor", f.kind().replaceAll("[^A-Za-z0-9_-]", "-"));
        m.put("wiresharkFilter", DisplayFilters.wireshark(f.frames()));
        m.put("rocescopeFilter", DisplayFilters.rocescope(f.frames()));
        return m;
    }

    private static Map<String, Object> connection(int i, Reports.ConnectionReport c) {
        Map<String, Object> m = new LinkedHashMap<>();
        String p = "/" + i;
        m.put("ptr", p);
        m.put("id", cell("Connection", c.id(), "flows", p + "/id"));
        m.put("title", "Connection " + c.id());
        m.put("transport", c.transport());
        m.put("setup", c.setup().json());
        m.put("pairedBy", c.pairedBy());
        m.put("serviceId", c.serviceId());
        m.put("endpointA", endpoint(c.a(), p + "/a"));
        m.put("endpointB", endpoint(c.b(), p + "/b"));
        List<Object> facts = new ArrayList<>();
        if (c.mtu() != null) facts.add(cell("MTU (" + c.mtuSource() + ")", c.mtu(), "flows", p + "/mtu"));
        if (c.setupLatencyNanos() != null) facts.add(cell("Set-up latency (ns)", c.setupLatencyNanos(), "flows", p + "/setupLatencyNanos"));
        if (c.firstDataFrame() != null) facts.add(cell("First data frame", c.firstDataFrame(), "flows", p + "/firstDataFrame"));
        m.put("facts", facts);
        List<Object> dirs = new ArrayList<>();
        if (c.aToB() != null) dirs.add(direction("A → B", c.aToB(), p + "/aToB"));
        if (c.bToA() != null) dirs.add(direction("B → A", c.bToA(), p + "/bToA"));
        m.put("directions", dirs);
        return m;
    }

    /** Issue 18/19 in a connection's section: its parameters, how it ended, and the fabric's findings about it. */
    private static void connectionDetails(Map<String, Object> m, Reports.ConnectionReport c, String p, ConnectionFindings findings) {
        m.put("parameters", ConnectionParametersSection.build(c, p));
        List<Object> endings = findings.endings(c);
        m.put("endings", endings);
        m.put("closed", endings.isEmpty() ? ConnectionFindings.closed(c) : null);
        m.put("ending", endings.isEmpty() && ConnectionFindings.closed(c) == null
            ? "No finding says the connection failed: it was still running, or closed, when the capture ended." : null);
        List<Object> fabric = findings.fabric(c);
        m.put("fabricFindings", fabric);
        m.put("hasFabricFindings", !fabric.isEmpty());
    }

    private static void charts(Map<String, Object> m, Reports.ConnectionReport c, String p, PsnSeries psn) {
        List<Object> charts = new ArrayList<>();
        String who = "Connection " + c.id() + " ";
        if (psn != null) {
            Reports.FlowReport[][] dirs = {{c.aToB(), c.bToA()}, {c.bToA(), c.aToB()}};
            String[] names = {"A → B", "B → A"};
            for (int k = 0; k < 2; k++) {
                Reports.FlowReport req = dirs[k][0], back = dirs[k][1];
                if (req == null || req.psn().requests() == 0) continue;
                List<PsnSeries.Point> requests = psn.points(PsnSeries.key(req)).stream().filter(x -> !x.response()).toList();
                List<PsnSeries.Point> answers = back == null ? List.of()
                    : psn.points(PsnSeries.key(back)).stream().filter(PsnSeries.Point::response).toList();
                chart(charts, "PSN over time, " + names[k] + " requests and their answers",
                    Charts.psn(who + "PSN over time " + names[k], requests, answers, psn.firstTs()), "psn");
            }
        }
        chart(charts, "Throughput over time", Charts.throughput(who + "throughput", c.aToB(), p + "/aToB", c.bToA(), p + "/bToA"), "throughput");
        for (Reports.FlowReport f : new Reports.FlowReport[] {c.aToB(), c.bToA()}) {
            if (f == null || f.events() == null) continue;
            String dir = f == c.aToB() ? "A → B" : "B → A";
            chart(charts, "RTT histogram, " + dir + " requests (" + f.events().rttSampleNanos().length + " samples)",
                Charts.rttHistogram(who + "RTT " + dir, f.events().rttSampleNanos()), "rtt");
        }
        m.put("charts", charts);
        m.put("hasCharts", !charts.isEmpty());
        String ladder = Charts.ladder(who + "set-up", c.a() == null ? "?" : c.a().ip(), c.b() == null ? "?" : c.b().ip(), c.timeline());
        m.put("ladder", ladder);
        m.put("ladderTitle", "Set-up (" + c.setup().json() + ")" + (c.setupLatencyNanos() == null ? "" : ", latency"));
        m.put("ladderLatency", c.setupLatencyNanos() == null ? null
            : Sentence.scaledCell("set-up latency", c.setupLatencyNanos(), 1e-6, 3, "ms", "flows", p + "/setupLatencyNanos"));
    }

    private static Map<String, Object> extracts(EvidenceExtracts x) {
        if (x == null) return null;
        Map<String, Object> m = new LinkedHashMap<>();
        List<Object> files = new ArrayList<>();
        for (EvidenceExtracts.Extract e : x.extracts) {
            Map<String, Object> f = new LinkedHashMap<>();
            f.put("file", e.file);
            f.put("kind", e.kind);
            f.put("what", e.what);
            f.put("finding", e.findingIndex);
            f.put("connection", e.connection);
            f.put("frames", e.frames);
            f.put("sha256", e.sha256);
            files.add(f);
        }
        m.put("files", files);
        m.put("problems", x.problems());
        m.put("context", EvidenceExtracts.CONTEXT);
        return m;
    }

    private static void chart(List<Object> charts, String caption, String svg, String kind) {
        if (svg == null) return;
        Map<String, Object> ch = new LinkedHashMap<>();
        ch.put("caption", caption);
        ch.put("svg", svg);
        ch.put("kind", kind);
        charts.add(ch);
    }

    private static Map<String, Object> endpoint(Reports.EndpointReport e, String p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ptr", p);
        m.put("ip", e == null ? null : e.ip());
        m.put("qpn", e == null || e.qpn() == null ? null : cell("QPN", e.qpn(), "flows", p + "/qpn"));
        m.put("gid", e == null ? null : e.gid());
        return m;
    }

    private static Map<String, Object> direction(String label, Reports.FlowReport f, String p) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("label", label);
        m.put("ptr", p);
        m.put("src", f.src());
        m.put("dst", f.dst());
        List<Object> c = new ArrayList<>();
        c.add(cell("Packets", f.packets(), "flows", p + "/packets"));
        c.add(cell("Bytes", f.bytes(), "flows", p + "/bytes"));
        c.add(cell("Payload bytes", f.payloadBytes(), "flows", p + "/payloadBytes"));
        c.add(cell("Frames from", f.firstFrame(), "flows", p + "/firstFrame"));
        c.add(cell("Frames to", f.lastFrame(), "flows", p + "/lastFrame"));
        c.add(cell("Messages", f.messages().count(), "flows", p + "/messages/count"));
        if (f.messages().incomplete() > 0) c.add(cell("Incomplete messages", f.messages().incomplete(), "flows", p + "/messages/incomplete"));
        if (f.readResponseMessages().count() > 0) c.add(cell("READ response messages", f.readResponseMessages().count(), "flows", p + "/readResponseMessages/count"));
        if (f.psn().firstPsn() != null) c.add(cell("First PSN", f.psn().firstPsn(), "flows", p + "/psn/firstPsn"));
        c.add(cell("PSN gaps", f.psn().gaps(), "flows", p + "/psn/gaps"));
        c.add(cell("Missing PSNs", f.psn().missingPsns(), "flows", p + "/psn/missingPsns"));
        c.add(cell("Duplicate PSNs", f.psn().duplicates(), "flows", p + "/psn/duplicates"));
        c.add(cell("Out of order", f.psn().outOfOrder(), "flows", p + "/psn/outOfOrder"));
        c.add(cell("Retransmitted packets", f.psn().retransmittedPackets(), "flows", p + "/psn/retransmittedPackets"));
        c.add(cell("Retransmission episodes", f.psn().retransmissionEpisodes(), "flows", p + "/psn/retransmissionEpisodes"));
        Reports.AckReport k = f.answers();
        c.add(cell("ACKs", k.acks(), "flows", p + "/answers/acks"));
        k.naks().forEach((kind, n) -> c.add(cell("NAK " + kind, n, "flows", p + "/answers/naks/" + pointerToken(kind))));
        c.add(cell("RNR NAKs", k.rnrNaks(), "flows", p + "/answers/rnrNaks"));
        if (k.rttMicros().count() > 0) {
            c.add(cell("RTT samples", k.rttMicros().count(), "flows", p + "/answers/rttMicros/count"));
            c.add(cell("RTT min (µs)", k.rttMicros().min(), "flows", p + "/answers/rttMicros/min"));
            c.add(cell("RTT median (µs)", k.rttMicros().median(), "flows", p + "/answers/rttMicros/median"));
            c.add(cell("RTT p99 (µs)", k.rttMicros().p99(), "flows", p + "/answers/rttMicros/p99"));
            c.add(cell("RTT max (µs)", k.rttMicros().max(), "flows", p + "/answers/rttMicros/max"));
        }
        c.add(cell("ECN CE marked", f.ceMarked(), "flows", p + "/ceMarked"));
        c.add(cell("CNPs", f.cnps(), "flows", p + "/cnps"));
        c.add(cell("Bad ICRC", f.badIcrc(), "flows", p + "/badIcrc"));
        m.put("cells", c);
        List<Object> fabric = ConnectionFabric.rows(f.fabric(), p);
        m.put("fabric", fabric);
        m.put("hasFabric", !fabric.isEmpty());
        return m;
    }

    /** A number with its label and its place in the CLI's JSON. */
    static Map<String, Object> cell(String label, long value, String src, String ptr) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("label", label);
        m.put("value", value);
        m.put("src", src);
        m.put("ptr", ptr);
        m.put("zero", value == 0);
        return m;
    }

    /** RFC 6901: ~ and / inside a key. */
    static String pointerToken(String key) { return key.replace("~", "~0").replace("/", "~1"); }
}
