package io.rocescope.cli.probe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One target's probes and what came back: per probe, and the summary a report shows. */
public final class ProbeResult {
    /** One probe: what answered (REJ, REP, MRA→REJ …, "timeout", "refused" …), after how many sends, its RTT. */
    public record Probe(int seq, String answer, Integer rejectReason, String rejectReasonName, int sends, Double rttMillis,
                        Boolean rttAfterRetry, Integer pkey, String note) {}

    public final String kind, target, ip, from, device;
    public final Map<String, Object> settings = new LinkedHashMap<>();
    public final List<Probe> probes = new ArrayList<>();

    public ProbeResult(String kind, String target, String ip, String from, String device) {
        this.kind = kind;
        this.target = target;
        this.ip = ip;
        this.from = from;
        this.device = device;
    }

    public long sent() { return probes.size(); }

    /** Probes nothing answered (for TCP also "refused": nothing listens there, the path the probe tests is not open). */
    public long lost() {
        return probes.stream().filter(p -> switch (p.answer()) {
            case "timeout", "unreachable", "error", "refused" -> true;
            default -> false;
        }).count();
    }

    /** Probes answered, by answer. */
    public Map<String, Long> answers() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (Probe p : probes) m.merge(p.answer(), 1L, Long::sum);
        return m;
    }

    /** REJ reasons, by "code name". */
    public Map<String, Long> rejectReasons() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (Probe p : probes) if (p.rejectReason() != null) m.merge(p.rejectReason() + " " + p.rejectReasonName(), 1L, Long::sum);
        return m;
    }

    /** RTT min, median, p99, max in ms (nearest rank), or null without any. */
    public double[] rtt() {
        double[] v = probes.stream().filter(p -> p.rttMillis() != null).mapToDouble(Probe::rttMillis).sorted().toArray();
        if (v.length == 0) return null;
        return new double[] {v[0], rank(v, 0.5), rank(v, 0.99), v[v.length - 1]};
    }

    private static double rank(double[] sorted, double q) {
        int i = (int) Math.ceil(q * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
    }

    /** The JSON view. */
    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("probe", kind);
        m.put("target", target);
        m.put("ip", ip);
        m.put("from", from);
        m.put("interface", device);
        m.put("settings", settings);
        m.put("sent", sent());
        m.put("lost", lost());
        m.put("answers", answers());
        m.put("rejectReasons", rejectReasons());
        double[] r = rtt();
        Map<String, Object> rtt = null;
        if (r != null) {
            rtt = new LinkedHashMap<>();
            rtt.put("min", r[0]);
            rtt.put("median", r[1]);
            rtt.put("p99", r[2]);
            rtt.put("max", r[3]);
        }
        m.put("rttMillis", rtt);
        m.put("probes", probes);
        return m;
    }

    @Override
    public String toString() { return kind + " " + target + " " + Arrays.toString(rtt()); }
}
