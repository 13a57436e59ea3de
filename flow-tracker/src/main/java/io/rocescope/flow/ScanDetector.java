package io.rocescope.flow;

import io.rocescope.dissector.util.LruMap;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Signs of abuse, per source address: RC/UC packets to many QPNs no set-up created and nobody answered
 * (QP number enumeration), CM REQs to many service IDs (a port scan over the CM), Remote Access Error NAKs
 * for many R_Keys/VAs (R_Key probing), bad ICRCs clustered on one sender, and CM REQs whose GIDs are not
 * the addresses of the IP header they came in. The counts go into {@link Report} for the rule packs'
 * thresholds ({@code rules/security.yaml}); findings are made at the default thresholds below.
 * Memory is bounded: at most {@link #MAX_SOURCES} sources, each remembering at most {@link #MAX_DISTINCT} values a kind.
 */
final class ScanDetector {
    static final int MAX_SOURCES = 4096, MAX_DISTINCT = 4096, MAX_FRAMES = 10;
    /** Default thresholds of the findings (the rule packs set their own). */
    static final int QPN_SCAN = 16, SERVICE_SCAN = 8, RKEY_PROBE = 8, ICRC_CLUSTER = 10;

    private static final class Source {
        final Set<Object> qpns = new HashSet<>(), services = new HashSet<>(), rkeys = new HashSet<>();
        final List<Long> qpnFrames = new ArrayList<>(), serviceFrames = new ArrayList<>(), rkeyFrames = new ArrayList<>(),
            icrcFrames = new ArrayList<>();
        long rejects, badIcrc;
    }

    private record Qp(Address ip, int qpn) {}
    private record Key(long rkey, long va) {}

    private final Map<Address, Source> sources = new LruMap<>(MAX_SOURCES);
    private long badIcrcTotal, gidMismatches;

    private Source source(Address ip) { return sources.computeIfAbsent(ip, k -> new Source()); }

    private static void note(Set<Object> set, List<Long> frames, Object value, long frame) {
        if (set.size() >= MAX_DISTINCT || !set.add(value)) return;
        if (frames.size() < MAX_FRAMES) frames.add(frame);
    }

    /** A connection the tracker is done with: one no set-up made and nobody answered is a probe of its destination QPN. */
    void onConnectionDone(Connection c) {
        if (c.setup != SetupKind.UNKNOWN || c.pairedBy != PairedBy.UNPAIRED || Opcodes.UD.equals(c.transport)) return;
        Flow f = c.ab;
        if (f == null || f.packets == 0 || (c.ba != null && c.ba.packets > 0)) return;
        Source s = source(c.a.address);
        note(s.qpns, s.qpnFrames, new Qp(c.b.address, c.b.qpn), f.firstFrame);
    }

    /** A CM REQ from {@code ip} to a service. */
    void onCmReq(Address ip, String service, long frame) {
        Source s = source(ip);
        note(s.services, s.serviceFrames, service, frame);
    }

    void onCmRej(Address initiatorIp) { source(initiatorIp).rejects++; }

    /** A Remote Access Error NAK for a request from {@code ip} that carried this R_Key and VA. */
    void onAccessNak(Address ip, long rkey, long va, long frame) {
        Source s = source(ip);
        note(s.rkeys, s.rkeyFrames, new Key(rkey, va), frame);
    }

    void onBadIcrc(Address ip, long frame) {
        badIcrcTotal++;
        Source s = source(ip);
        s.badIcrc++;
        if (s.icrcFrames.size() < MAX_FRAMES) s.icrcFrames.add(frame);
    }

    void onGidMismatch() { gidMismatches++; }

    ScanReport.Report report() {
        List<ScanReport.SourceReport> out = new ArrayList<>();
        sources.forEach((ip, s) -> {
            // one REQ to one service is every set-up's: only sources that did more than the ordinary are listed
            if (s.qpns.isEmpty() && s.services.size() < 2 && s.rkeys.isEmpty() && s.badIcrc == 0) return;
            out.add(new ScanReport.SourceReport(ip.toString(), s.qpns.size(), List.copyOf(s.qpnFrames), s.services.size(), s.rejects,
                List.copyOf(s.serviceFrames), s.rkeys.size(), List.copyOf(s.rkeyFrames), s.badIcrc, List.copyOf(s.icrcFrames)));
        });
        out.sort(java.util.Comparator.comparing(ScanReport.SourceReport::ip));
        return new ScanReport.Report(out, gidMismatches, badIcrcTotal);
    }

    /** The findings at the default thresholds. */
    void finish(Findings findings) {
        for (ScanReport.SourceReport s : report().sources()) {
            if (s.unsolicitedQpns() >= QPN_SCAN) {
                findings.addCounted(FindingKind.SCAN_QPN, Finding.NO_CONNECTION, s.ip(), String.format("QP number enumeration: %s sent RC/UC packets to"
                    + " %d QPNs that no set-up created and nobody answered (threshold %d). A scanner, or a peer with stale QPNs"
                    + " after a restart", s.ip(), s.unsolicitedQpns(), QPN_SCAN), s.unsolicitedQpns(), frames(s.unsolicitedQpnFrames()));
            }
            if (s.cmServices() >= SERVICE_SCAN) {
                findings.addCounted(FindingKind.SCAN_CM_SERVICE, Finding.NO_CONNECTION, s.ip(), String.format("CM service scan: %s sent CM REQs to %d service"
                    + " IDs (%d rejected; threshold %d). A port scan over the CM, or a client trying ports until one listens",
                    s.ip(), s.cmServices(), s.cmRejects(), SERVICE_SCAN), s.cmServices(), frames(s.cmServiceFrames()));
            }
            if (s.refusedRkeys() >= RKEY_PROBE) {
                findings.addCounted(FindingKind.SCAN_RKEY, Finding.NO_CONNECTION, s.ip(), String.format("R_Key probing: %s got Remote Access Error NAKs for"
                    + " %d different R_Key/VA pairs (threshold %d). Someone guessing memory keys, or a client using keys of"
                    + " freed memory regions", s.ip(), s.refusedRkeys(), RKEY_PROBE), s.refusedRkeys(), frames(s.refusedRkeyFrames()));
            }
            if (s.badIcrc() >= ICRC_CLUSTER && s.badIcrc() * 10 >= badIcrcTotal * 9) {
                findings.addCounted(FindingKind.ICRC_CLUSTERED, Finding.NO_CONNECTION, s.ip(), String.format("Bad ICRCs clustered on one source: %d of the"
                    + " capture's %d bad ICRCs came from %s. Its NIC, cable or first switch port corrupts frames, or it sends"
                    + " crafted frames", s.badIcrc(), badIcrcTotal, s.ip()), s.badIcrc(), frames(s.badIcrcFrames()));
            }
        }
    }

    private static long[] frames(List<Long> l) { return l.stream().mapToLong(Long::longValue).toArray(); }
}
