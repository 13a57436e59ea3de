package io.rocescope.fleet;

import io.rocescope.analysis.CaptureAnalysis;
import io.rocescope.analysis.JunitXml;
import io.rocescope.analysis.RuleFileException;
import io.rocescope.analysis.RulePackLoader;
import io.rocescope.dissector.decode.DecodeOptions;
import io.rocescope.flow.Finding;
import io.rocescope.flow.Reports;
import io.rocescope.flow.TrackerOptions;
import io.rocescope.flow.rules.Rule;
import io.rocescope.flow.rules.RuleEvaluator;
import io.rocescope.flow.rules.RuleResult;
import org.apache.spark.api.java.function.Function;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One Spark task: one capture through {@link CaptureAnalysis}, exactly as {@code rocescope flows} reads it
 * (default decoding, default tracker options, decoded on the task's own thread: a task has one core), into
 * rows. A capture that cannot be read becomes a result with the reason, never a failed task.
 */
final class CaptureTask implements Function<CaptureInput, CaptureResult> {
    private static final String PREFIX = "rocescope: ", WARNING = "rocescope: warning: ";

    /** The --rules pack's bytes and name, or null: parsed again on each executor (rules are not serializable). */
    private final byte[] rules;
    private final String rulesName;
    private transient List<Rule> parsed;

    CaptureTask(byte[] rules, String rulesName) {
        this.rules = rules;
        this.rulesName = rulesName;
    }

    @Override
    public CaptureResult call(CaptureInput in) throws RuleFileException {
        String iface = PcapngInterfaces.of(Path.of(in.path()));
        StringWriter errors = new StringWriter();
        Reports.Analysis a;
        try (PrintWriter err = new PrintWriter(errors)) {
            a = CaptureAnalysis.analyze(in.path(), new DecodeOptions(), TrackerOptions.defaults(), 0, -1, null, err);
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            // one bad capture must not take the fleet with it: it is reported as unreadable, with what happened
            return CaptureResult.failed(in, iface, "internal error: " + e, List.of());
        }
        List<String> warnings = new ArrayList<>();
        String error = null;
        for (String line : errors.toString().split("\n")) {
            if (line.startsWith(WARNING)) warnings.add(line.substring(WARNING.length()));
            else if (line.startsWith(PREFIX)) error = line.substring(PREFIX.length());
        }
        if (a == null) {
            if (error == null) error = warnings.isEmpty() ? "nothing could be read" : String.join("; ", warnings);
            return CaptureResult.failed(in, iface, error, warnings);
        }
        return result(in, iface, warnings, a);
    }

    CaptureResult result(CaptureInput in, String iface, List<String> warnings, Reports.Analysis a) throws RuleFileException {
        List<String> connections = new ArrayList<>(a.connections().size());
        List<CaptureResult.QpCounts> qps = new ArrayList<>();
        List<CaptureResult.SetupLatency> latencies = new ArrayList<>();
        Map<Integer, String> ids = new HashMap<>();
        for (Reports.ConnectionReport c : a.connections()) {
            String id = Rows.connectionId(c);
            ids.put(c.id(), id);
            connections.add(Rows.connection(in.path(), in.host(), iface, id, c));
            qp(qps, id, c.aToB());
            qp(qps, id, c.bToA());
            if (c.setupLatencyNanos() != null) latencies.add(new CaptureResult.SetupLatency(c.setup().json(), c.setupLatencyNanos()));
        }
        List<String> findings = new ArrayList<>(a.findings().size());
        for (Finding f : a.findings()) findings.add(Rows.finding(in.path(), in.host(), iface, ids, f));
        List<CaptureResult.Reject> rejects = new ArrayList<>();
        for (Reports.SetupReport s : a.failedSetups()) {
            if (s.outcome().equals("rejected")) rejects.add(new CaptureResult.Reject(s.setup(), s.service(), s.reason()));
        }
        String junit = null;
        List<String> gateFailures = new ArrayList<>();
        if (rules != null) {
            List<RuleResult> results = RuleEvaluator.evaluate(a, rules());
            junit = JunitXml.render(Map.of(in.path(), results));
            for (RuleResult r : results) if (r.failed()) gateFailures.add(r.rule() + ": " + JunitXml.message(r));
        }
        return new CaptureResult(in.path(), in.host(), iface, in.sizeBytes(), null, warnings, a.summary().frames(),
            a.summary().roceFrames(), connections, findings, qps, rejects, latencies, junit, gateFailures, null);
    }

    private static void qp(List<CaptureResult.QpCounts> out, String id, Reports.FlowReport f) {
        if (f == null) return;
        long naks = f.answers().naks().values().stream().mapToLong(Long::longValue).sum();
        long resent = f.psn().retransmittedPackets(), rnr = f.answers().rnrNaks(), cnps = f.cnps();
        if (naks + resent + rnr + cnps == 0) return;   // the summary ranks problems: a clean flow adds nothing
        String qp = f.src() + " → " + f.dst() + String.format(java.util.Locale.ROOT, " QP 0x%06x", f.destQp());
        out.add(new CaptureResult.QpCounts(id, qp, naks, resent, rnr, cnps));
    }

    private List<Rule> rules() throws RuleFileException {
        if (parsed == null) parsed = RulePackLoader.load(rules, rulesName);
        return parsed;
    }
}
