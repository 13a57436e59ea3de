package io.rocescope.cli.probe;

import io.rocescope.dissector.field.ksy.EtherPayloadLayout;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.ksy.EthernetFrameLayout;
import io.rocescope.dissector.field.ksy.IbTransportLayout;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.UdpDatagramLayout;

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

    /** What an IP datagram carries besides a RoCE MTU of payload: IPv4, UDP, BTH, RETH and ICRC (60 bytes). */
    private static final int ROCE_OVERHEAD = Ipv4PacketLayout.FIXED_SIZE + UdpDatagramLayout.FIXED_SIZE + IbTransportLayout.FIXED_SIZE_BTH
        + IbTransportLayout.FIXED_SIZE_RETH + (int) IbTransportLayout.ICRC_SIZE;

    public final String kind, target, ip, from, device;
    public final Map<String, Object> settings = new LinkedHashMap<>();
    public final List<Probe> probes = new ArrayList<>();
    /** With a sweep: what it changed, and each step's probes (also in {@link #probes}); else null and empty. */
    public Sweep sweep;
    public final List<Step> steps = new ArrayList<>();

    /** One sweep step: its value and the probes sent with it. */
    public record Step(String sweep, int value, List<Probe> probes) {
        public long sent() { return probes.size(); }

        public long lost() { return probes.stream().filter(p -> ProbeResult.lost(p)).count(); }

        public long answered() { return sent() - lost(); }

        public Map<String, Long> answers() { return ProbeResult.answers(probes); }

        /** Median RTT in ms, or null without any. */
        public Double medianRtt() {
            double[] r = ProbeResult.rtt(probes);
            return r == null ? null : r[1];
        }

        public Map<String, Object> json() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("sweep", sweep);
            m.put("value", value);
            m.put("sent", sent());
            m.put("answered", answered());
            m.put("lost", lost());
            m.put("answers", answers());
            m.put("rttMillis", rttJson(ProbeResult.rtt(probes)));
            m.put("probes", probes);
            return m;
        }
    }

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
        return probes.stream().filter(ProbeResult::lost).count();
    }

    static boolean lost(Probe p) {
        return switch (p.answer()) {
            case "timeout", "unreachable", "error", "refused" -> true;
            default -> false;
        };
    }

    /** Probes answered, by answer. */
    public Map<String, Long> answers() { return answers(probes); }

    static Map<String, Long> answers(List<Probe> probes) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (Probe p : probes) m.merge(p.answer(), 1L, Long::sum);
        return m;
    }

    /** The P_Keys the target's answers carried (BTH), in the order first seen. */
    public List<Integer> pkeys() {
        return probes.stream().map(Probe::pkey).filter(java.util.Objects::nonNull).distinct().toList();
    }

    /**
     * With a size sweep: the path MTU as the answers show it: the largest frame answered, the IP MTU that
     * makes (the frame less its Ethernet header, and its 802.1Q tag when {@code vlan}), the RoCE MTU that fits
     * (IB MTU ≤ IP MTU − 60: IPv4 20, UDP 8, BTH 12, RETH 16, ICRC 4), and the smallest frame not answered
     * above it. Null without a size sweep or without any answer.
     */
    public Map<String, Object> pathMtu(boolean vlan) {
        if (sweep == null || sweep.kind() != Sweep.Kind.SIZE) return null;
        Integer largest = null, unanswered = null;
        for (Step s : steps) if (s.answered() > 0 && (largest == null || s.value() > largest)) largest = s.value();
        if (largest == null) return null;
        for (Step s : steps) if (s.answered() == 0 && s.value() > largest && (unanswered == null || s.value() < unanswered)) unanswered = s.value();
        int ipMtu = largest - EthernetFrameLayout.FIXED_SIZE - (vlan ? EtherPayloadLayout.FIXED_SIZE_VLAN_TAG : 0);
        int roce = 0;
        for (int m : CmNames.pathMtus()) if (m <= ipMtu - ROCE_OVERHEAD) roce = m;   // the IB MTUs, smallest first
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("largestAnsweredFrame", largest);
        m.put("ipMtu", ipMtu);
        m.put("roceMtu", roce == 0 ? null : roce);
        m.put("smallestUnansweredFrame", unanswered);
        return m;
    }

    /** REJ reasons, by "code name". */
    public Map<String, Long> rejectReasons() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (Probe p : probes) if (p.rejectReason() != null) m.merge(p.rejectReason() + " " + p.rejectReasonName(), 1L, Long::sum);
        return m;
    }

    /** RTT min, median, p99, max in ms (nearest rank), or null without any. */
    public double[] rtt() { return rtt(probes); }

    static double[] rtt(List<Probe> probes) {
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
        m.put("rttMillis", rttJson(rtt()));
        m.put("probes", probes);
        if (sweep != null) {
            // only with a sweep: a plain run's JSON keeps its keys
            m.put("pkeys", pkeys().stream().map(k -> String.format("0x%04x", k)).toList());
            Map<String, Object> sw = new LinkedHashMap<>();
            sw.put("kind", sweep.kind().key);
            sw.put("meaning", sweep.kind().meaning);
            sw.put("steps", steps.stream().map(Step::json).toList());
            if (sweep.kind() == Sweep.Kind.SIZE) sw.put("pathMtu", pathMtu(Boolean.TRUE.equals(settings.get("vlan"))));
            m.put("sweep", sw);
        }
        return m;
    }

    static Map<String, Object> rttJson(double[] r) {
        if (r == null) return null;
        Map<String, Object> rtt = new LinkedHashMap<>();
        rtt.put("min", r[0]);
        rtt.put("median", r[1]);
        rtt.put("p99", r[2]);
        rtt.put("max", r[3]);
        return rtt;
    }

    @Override
    public String toString() { return kind + " " + target + " " + Arrays.toString(rtt()); }
}
