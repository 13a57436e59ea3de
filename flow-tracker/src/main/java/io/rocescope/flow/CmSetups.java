package io.rocescope.flow;

import io.rocescope.flow.TimelineEvent.Step;
import io.rocescope.dissector.cm.CmMessage;
import io.rocescope.dissector.cm.CmPath;
import io.rocescope.dissector.cm.Mad;
import io.rocescope.dissector.cm.ServiceId;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.ksy.IbMadKsy;
import io.rocescope.dissector.field.ksy.IbMadLayout;
import io.rocescope.dissector.value.Gid;

import java.util.ArrayList;
import io.rocescope.dissector.util.LruMap;
import java.util.List;
import java.util.Map;

/**
 * RDMA-CM set-ups: REQ → (MRA) → REP → RTU … DREQ → DREP, or REJ, or REQs that nobody answers.
 * Messages are tied together by Communication IDs (REP/REJ name the REQ's in Remote Comm ID). A REP
 * pairs the two QPs: each side's Starting PSN is the one its own receive queue expects, so the
 * initiator sends from the REP's PSN and the responder from the REQ's (as seen on every rdma_cm capture).
 * A set-up whose REP (or SIDR_REP) arrives goes to the flow table as a {@link SetUp}; findings and the
 * scan detector's notes go to their own parts. Nothing here calls back into the tracker.
 */
final class CmSetups {
    static final int MAX_SESSIONS = 65536;

    static final class Session {
        Address initiator, responder;
        String service;
        /** The REQ's primary path GIDs (its local and remote), as values. */
        Gid initiatorGid, responderGid;
        long reqLocalCommId, repLocalCommId = -1;
        int reqQpn, reqPsn, repQpn, repPsn, mtu;
        int retries;
        /** From the REQ: how long the initiator waits for an answer (IBA time exponent) and how often it resends. */
        int responseTimeout = -1, maxRetries = -1;
        long reqFrame, reqTs, lastReqTs;
        boolean replied, rejected, readyToUse, sidr;
        String rejectReason;
        final List<TimelineEvent> events = new ArrayList<>();
        Connection connection;
        final NegotiatedParameters params = new NegotiatedParameters();
        /** The first DREQ (-1: none) and whether a DREP answered. */
        long dreqFrame = -1, dreqTs;
        Address dreqFrom;
        boolean drep;
    }

    private final Map<Long, Session> byInitiatorId = new LruMap<>(MAX_SESSIONS);
    private final Map<Long, Session> byResponderId = new LruMap<>(MAX_SESSIONS);
    /** SIDR exchanges by Request ID (a number space of its own, not Communication IDs). */
    private final Map<Long, Session> bySidrId = new LruMap<>(MAX_SESSIONS);
    final List<Session> all = new ArrayList<>();
    private final Findings findings;
    private final ScanDetector scans;
    private final SetupSink table;
    private final AddressCache addresses;

    CmSetups(Findings findings, ScanDetector scans, SetupSink table, AddressCache addresses) {
        this.findings = findings;
        this.scans = scans;
        this.table = table;
        this.addresses = addresses;
    }

    /** Takes a frame that carries a MAD (its {@link DecodedFrame#mad() values}; the MAD's fields are not read). */
    void onMad(DecodedFrame f, PacketView v) {
        Mad mad = f.mad();
        if (mad == null || !mad.isCm()) return;
        if (mad.qKeyMismatch()) {
            findings.add(FindingKind.CM_QKEY_MISMATCH, Finding.NO_CONNECTION, v.src + " → " + v.dst,
                String.format("CM %s with Q_Key 0x%08x: CM responders drop MADs without the GSI Q_Key 0x%08x",
                    CmNames.attributeLabel(mad.attributeId()), f.ib().qKey(), IbMadLayout.GSI_Q_KEY), v.frame);
        }
        CmMessage m = mad.cm();
        if (m instanceof CmMessage.Req req) onReq(req, v);
        else if (m instanceof CmMessage.Mra mra) {
            Session s = find(mra.remoteCommId(), mra.localCommId());
            if (s != null) event(s, v, Step.MRA, "service timeout " + CmNames.ibaTime(mra.serviceTimeout()));
        } else if (m instanceof CmMessage.Rep rep) onRep(rep, v);
        else if (m instanceof CmMessage.Rtu rtu) {
            Session s = find(rtu.remoteCommId(), rtu.localCommId());
            if (s != null) { s.readyToUse = true; event(s, v, Step.RTU, ""); }
        } else if (m instanceof CmMessage.Rej rej) onRej(rej, v);
        else if (m instanceof CmMessage.Dreq dreq) {
            Session s = find(dreq.remoteCommId(), dreq.localCommId());
            if (s != null) {
                event(s, v, Step.DREQ, "");
                if (s.dreqFrame < 0) { s.dreqFrame = v.frame; s.dreqTs = v.ts; s.dreqFrom = v.src; }
            }
        } else if (m instanceof CmMessage.Drep drep) {
            Session s = find(drep.remoteCommId(), drep.localCommId());
            if (s != null) { event(s, v, Step.DREP, ""); s.drep = true; }
        } else if (m instanceof CmMessage.SidrReq sidr) onSidrReq(sidr, v);
        else if (m instanceof CmMessage.SidrRep sidr) onSidrRep(sidr, v);
        // LAP/APR (path migration), ClassPortInfo and unknown attributes set nothing up
    }

    private void onReq(CmMessage.Req req, PacketView v) {
        long id = req.localCommId();
        Session s = byInitiatorId.get(id);
        if (s != null && s.initiator.equals(v.src)) {
            s.retries++;
            event(s, v, Step.REQ_RETRY, Step.REQ_RETRY.text() + " (retry " + s.retries + ")", "resent after " + micros(v.ts - s.lastReqTs)
                + " without an answer" + (s.responseTimeout >= 0 ? " (Remote CM Response Timeout "
                + CmNames.ibaTime(s.responseTimeout) + ")" : ""));
            s.lastReqTs = v.ts;
            return;
        }
        s = new Session();
        s.initiator = v.src;
        s.responder = v.dst;
        s.reqLocalCommId = id;
        s.reqQpn = req.localQpn();
        s.reqPsn = req.startingPsn();
        s.mtu = CmNames.mtuBytes(req.pathMtu());
        s.reqFrame = v.frame;
        s.reqTs = s.lastReqTs = v.ts;
        s.responseTimeout = req.remoteCmResponseTimeout();
        s.maxRetries = req.maxCmRetries();
        s.params.onReq(req, v.frame);
        s.initiatorGid = req.primaryPath().localGid();
        s.responderGid = req.primaryPath().remoteGid();
        ServiceId sid = req.serviceId();
        s.service = sid.isRdmaIp() ? CmNames.portSpaceLabel(sid.portSpace()) + ":" + sid.port()
            : String.format("0x%016x", sid.id());
        byInitiatorId.put(id, s);
        all.add(s);
        scans.onCmReq(v.src, s.service, v.frame);
        gidCheck(req.primaryPath(), v);
        event(s, v, Step.REQ, String.format("QPN 0x%06x PSN 0x%06x (%d) service %s MTU %d", s.reqQpn, s.reqPsn, s.reqPsn, s.service, s.mtu));
    }

    private void onRep(CmMessage.Rep rep, PacketView v) {
        Session s = byInitiatorId.get(rep.remoteCommId());
        if (s == null || s.replied) return;
        s.replied = true;
        s.repLocalCommId = rep.localCommId();
        byResponderId.put(s.repLocalCommId, s);
        s.repQpn = rep.localQpn();
        s.repPsn = rep.startingPsn();
        s.params.onRep(rep, v.frame);
        // the PSN in both forms: hex as the CM prints it, decimal as the first data PSN below it is
        event(s, v, Step.REP, String.format("QPN 0x%06x PSN 0x%06x (%d)", s.repQpn, s.repPsn, s.repPsn));
        Endpoint initiator = new Endpoint(s.initiator, s.reqQpn);
        Endpoint responder = new Endpoint(s.responder, s.repQpn);
        initiator.startPsn = s.repPsn;   // the initiator's receive-side PSN is the REQ's; it sends from the REP's
        responder.startPsn = s.reqPsn;
        initiator.gid = s.initiatorGid;
        responder.gid = s.responderGid;
        s.connection = table.connect(new SetUp(SetupKind.RDMA_CM, PairedBy.RDMA_CM, initiator, responder, s.events,
            s.service, Opcodes.RC, s.mtu > 0 ? s.mtu : -1, s.mtu > 0 ? "cm" : "unknown", -1, s.params));
    }

    private void onRej(CmMessage.Rej rej, PacketView v) {
        Session s = byInitiatorId.get(rej.remoteCommId());
        int reason = rej.reason();
        String text = CmNames.rejectReason(reason);
        if (s != null) { s.rejected = true; s.rejectReason = text; event(s, v, Step.REJ, "reason " + text); scans.onCmRej(s.initiator); }
        findings.add(FindingKind.CM_REJ, connectionOf(s), v.dst + " → " + v.src + (s != null ? " service " + s.service : ""),
            "CM connection rejected: " + text + (reason == IbMadKsy.REJ_REASON_INVALID_SERVICE_ID ? " (nothing listens on that service/port)" : ""),
            s != null ? new long[] {s.reqFrame, v.frame} : new long[] {v.frame});
    }

    private void onSidrReq(CmMessage.SidrReq req, PacketView v) {
        long id = req.requestId();
        Session s = bySidrId.get(id);
        if (s != null && s.initiator.equals(v.src) && !s.replied) {
            s.retries++;
            event(s, v, Step.SIDR_REQ_RETRY, Step.SIDR_REQ_RETRY.text() + " (retry " + s.retries + ")", "resent after " + micros(v.ts - s.lastReqTs) + " without an answer");
            s.lastReqTs = v.ts;
            return;
        }
        s = new Session();
        s.sidr = true;
        s.initiator = v.src;
        s.responder = v.dst;
        s.reqLocalCommId = id;
        s.reqQpn = -1;
        s.reqFrame = v.frame;
        s.reqTs = s.lastReqTs = v.ts;
        ServiceId sid = req.serviceId();
        s.service = sid.isRdmaIp() ? CmNames.portSpace(sid.portSpace()) + ":" + sid.port() : String.format("0x%016x", sid.id());
        bySidrId.put(id, s);
        all.add(s);
        event(s, v, Step.SIDR_REQ, "service " + s.service);
    }

    private void onSidrRep(CmMessage.SidrRep rep, PacketView v) {
        Session s = bySidrId.get(rep.requestId());
        if (s == null || s.replied || s.rejected) return;
        int status = rep.status();
        if (status != IbMadKsy.SIDR_STATUS_SUCCESS) {
            s.rejected = true;
            s.rejectReason = "status " + CmNames.SIDR_STATUS.nameOf(status) + " (" + status + ")";
            event(s, v, Step.SIDR_REP, s.rejectReason);
            findings.add(FindingKind.CM_SIDR_REJ, Finding.NO_CONNECTION, v.dst + " → " + v.src + " service " + s.service,
                "SIDR service ID resolution refused: " + s.rejectReason, s.reqFrame, v.frame);
            return;
        }
        s.replied = true;
        s.readyToUse = true;
        s.repQpn = rep.qpn();
        long qkey = rep.qKey();
        event(s, v, Step.SIDR_REP, String.format("QPN 0x%06x Q_Key 0x%08x (status %s)", s.repQpn, qkey, CmNames.SIDR_STATUS.nameOf(status)));
        // The requester's own QP is named by no SIDR message: its first datagram's DETH tells it.
        Endpoint requester = new Endpoint(s.initiator, -1);
        Endpoint responder = new Endpoint(s.responder, s.repQpn);
        s.connection = table.connect(new SetUp(SetupKind.RDMA_CM, PairedBy.SIDR, requester, responder, s.events,
            s.service, Opcodes.UD, -1, "unknown", qkey, null));
    }

    /**
     * A REQ's primary path GIDs should be the addresses of the packet that carries it (RoCEv2: the IP header;
     * IPv4 GIDs are IPv4-mapped, and compare as their IPv4 address): one that is not was forged, or built by a broken CM.
     */
    private void gidCheck(CmPath path, PacketView v) {
        // native InfiniBand (LRH only) has no IP addresses to compare with
        if (v.addressType != FieldType.IPV4 && v.addressType != FieldType.IPV6) return;
        Address local = addresses.gid(path.localGid()), remote = addresses.gid(path.remoteGid());
        if (local.equals(v.src) && remote.equals(v.dst)) return;
        scans.onGidMismatch();
        findings.add(FindingKind.CM_GID_MISMATCH, Finding.NO_CONNECTION, v.src + " → " + v.dst, "CM REQ whose primary path GIDs (local "
            + local + ", remote " + remote + ") are not the addresses of its IP header (" + v.src + " → "
            + v.dst + "): forged (a spoofed REQ), or a CM that put the wrong GID index in the path", v.frame);
    }

    /** The number of the connection a session made (none yet: {@link Finding#NO_CONNECTION}). */
    private static int connectionOf(Session s) {
        return s == null || s.connection == null ? Finding.NO_CONNECTION : s.connection.id;
    }

    private static String micros(long nanos) {
        double us = nanos / 1000.0;
        if (us < 1000) return String.format(java.util.Locale.ROOT, "%.1f us", us);
        if (us < 1_000_000) return String.format(java.util.Locale.ROOT, "%.3f ms", us / 1000);
        return String.format(java.util.Locale.ROOT, "%.3f s", us / 1_000_000);
    }

    /** The session a message belongs to, by either Communication ID it carries. */
    private Session find(long remoteId, long localId) {
        Session s = byInitiatorId.get(remoteId);
        if (s == null) s = byResponderId.get(remoteId);
        if (s == null) s = byInitiatorId.get(localId);
        if (s == null) s = byResponderId.get(localId);
        return s;
    }

    private static void event(Session s, PacketView v, Step step, String detail) {
        event(s, v, step, step.text(), detail);
    }

    private static void event(Session s, PacketView v, Step step, String what, String detail) {
        s.events.add(TimelineEvent.of(v.frame, v.ts, v.src, v.dst, step, what, detail));
        if (s.connection != null && s.connection.setupStartTs < 0) s.connection.setupStartTs = v.ts;
    }

    /** Set-ups that never became a connection are kept for the timeline; beyond this many only their findings count them. */
    static final int MAX_FAILED = 1000;

    /** REQs never answered, and REPs never confirmed by an RTU. */
    void finish(List<Reports.SetupReport> failed, long captureEnd) {
        for (Session s : all) {
            String where = s.initiator + " → " + s.responder + " service " + s.service;
            if (!s.replied && failed.size() < MAX_FAILED) failed.add(failedReport(s, captureEnd));
            if (s.sidr) {
                if (!s.replied && !s.rejected) {
                    long[] frames = s.events.stream().mapToLong(TimelineEvent::frame).toArray();
                    // a kind of its own: the rule packs' cm_timeout metric counts REQs of connected-mode set-ups
                    findings.add(FindingKind.CM_SIDR_TIMEOUT, Finding.NO_CONNECTION, where, "SIDR_REQ never answered (" + (s.retries + 1)
                        + " sent): the peer is unreachable or nothing listens on that UDP port space service", frames);
                }
                continue;
            }
            if (!s.replied && !s.rejected) {
                long[] frames = s.events.stream().mapToLong(TimelineEvent::frame).toArray();
                findings.add(FindingKind.CM_TIMEOUT, Finding.NO_CONNECTION, where, "CM REQ never answered (" + (s.retries + 1)
                    + " sent" + retriesText(s) + "): the peer is unreachable or its CM is not running", frames);
            } else if (s.replied && !s.readyToUse) {
                findings.add(FindingKind.SETUP_INCOMPLETE, connectionOf(s), where, "CM set-up never completed: REP without RTU", s.reqFrame);
            }
            if (s.dreqFrame >= 0 && !s.drep && captureEnd - s.dreqTs >= DREP_WAIT_NANOS) {
                Address peer = s.dreqFrom.equals(s.initiator) ? s.responder : s.initiator;
                findings.add(FindingKind.CM_DREQ_UNANSWERED, connectionOf(s), s.dreqFrom + " → " + peer + " service " + s.service, String.format(
                    java.util.Locale.ROOT, "CM DREQ never answered by a DREP (%.3f s of capture after it): %s's CM did not answer the"
                    + " disconnect (gone, or the DREQ lost); the sender destroys its QP after its own time-out anyway. Check"
                    + " that the peer process is still alive", (captureEnd - s.dreqTs) / 1e9, peer), s.dreqFrame);
            }
        }
    }

    /** A DREQ is reported unanswered only when the capture went on this long after it (DREPs come within milliseconds). */
    static final long DREP_WAIT_NANOS = 1_000_000_000L;

    /**
     * How the REQ's resends relate to its parameters: all of Max CM Retries used (the initiator then gives
     * up: RDMA_CM_EVENT_UNREACHABLE), and their spacing against the Remote CM Response Timeout.
     */
    private static String retriesText(Session s) {
        if (s.maxRetries < 0) return "";
        StringBuilder sb = new StringBuilder();
        sb.append(s.retries >= s.maxRetries ? ": the first and all " + s.maxRetries + " retries Max CM Retries allows"
            : ", Max CM Retries " + s.maxRetries);
        if (s.retries > 0) {
            long every = (s.lastReqTs - s.reqTs) / s.retries;
            sb.append(", ").append(micros(every)).append(" apart");
            if (s.responseTimeout >= 0) {
                double timeout = CmNames.ibaNanos(s.responseTimeout);   // ns, as the timestamps
                sb.append(every >= timeout ? " (Remote CM Response Timeout " : " (less than the Remote CM Response Timeout ")
                    .append(s.responseTimeout).append(" = ").append(CmNames.ibaTime(s.responseTimeout))
                    .append(every >= timeout ? " plus the path's packet life time)" : ")");
            }
        }
        if (s.retries >= s.maxRetries) sb.append("; then the initiator gave up (RDMA_CM_EVENT_UNREACHABLE)");
        return sb.toString();
    }

    /** The ladder of a set-up that failed: its messages, and for one nobody answered, how the waiting ended. */
    private static Reports.SetupReport failedReport(Session s, long captureEnd) {
        List<TimelineEvent> events = new ArrayList<>(s.events);
        String outcome, reason;
        if (s.rejected) {
            outcome = "rejected";
            reason = s.rejectReason;
        } else {
            outcome = "no answer";
            int sent = s.retries + 1;
            boolean gaveUp = s.maxRetries >= 0 && s.retries >= s.maxRetries;
            String req = (s.sidr ? Step.SIDR_REQ : Step.REQ).text();
            reason = sent + " " + req + (sent == 1 ? "" : "s") + " sent, none answered"
                + (s.maxRetries >= 0 ? " (Max CM Retries " + s.maxRetries + ")" : "");
            // The time-out that ends the attempt: one more wait as long as the waits seen (or the REQ's
            // own Remote CM Response Timeout) after the last REQ, if the capture lasted that long.
            long wait = s.retries > 0 ? (s.lastReqTs - s.reqTs) / s.retries
                : s.responseTimeout >= 0 ? (long) CmNames.ibaNanos(s.responseTimeout) : -1;
            if (gaveUp && wait > 0) {
                events.add(TimelineEvent.of(-1, s.lastReqTs + wait, s.initiator, s.initiator, Step.TIME_OUT,
                    "no answer after the last " + req + ": the initiator gives up (expected at +" + micros(wait) + ", no frame)"));
            } else {
                events.add(TimelineEvent.of(-1, Math.max(captureEnd, s.lastReqTs), s.initiator, s.initiator, Step.NO_ANSWER,
                    "capture ends " + micros(Math.max(0, captureEnd - s.lastReqTs)) + " after the last " + req + ", still unanswered"));
            }
        }
        return new Reports.SetupReport(s.sidr ? "sidr" : "rdma_cm", outcome, s.initiator.toString(), s.responder.toString(),
            s.reqQpn >= 0 ? s.reqQpn : null, s.reqPsn >= 0 && !s.sidr ? s.reqPsn : null, s.service, reason, List.copyOf(events));
    }
}
