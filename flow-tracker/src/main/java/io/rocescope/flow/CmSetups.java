package io.rocescope.flow;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.CmFields;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.Fields;

import java.util.ArrayList;
import io.rocescope.dissector.util.LruMap;
import java.util.List;
import java.util.Map;

/**
 * RDMA-CM set-ups: REQ → (MRA) → REP → RTU … DREQ → DREP, or REJ, or REQs that nobody answers.
 * Messages are tied together by Communication IDs (REP/REJ name the REQ's in Remote Comm ID). A REP
 * pairs the two QPs: each side's Starting PSN is the one its own receive queue expects, so the
 * initiator sends from the REP's PSN and the responder from the REQ's (as seen on every rdma_cm capture).
 */
final class CmSetups {
    static final int MAX_SESSIONS = 65536;

    static final class Session {
        String initiator, responder, service, initiatorGid, responderGid;
        long reqLocalCommId, repLocalCommId = -1;
        int reqQpn, reqPsn, repQpn, repPsn, mtu;
        int retries;
        long reqFrame;
        boolean replied, rejected, readyToUse;
        final List<TimelineEvent> events = new ArrayList<>();
        Connection connection;
    }

    private final Map<Long, Session> byInitiatorId = new LruMap<>(MAX_SESSIONS);
    private final Map<Long, Session> byResponderId = new LruMap<>(MAX_SESSIONS);
    final List<Session> all = new ArrayList<>();

    void onMad(DecodedFrame f, PacketView v, FlowTracker t) {
        if (f.get(CmFields.MAD_MGMTCLASS, -1) != CmNames.CLASS_CM) return;
        int attr = (int) f.get(CmFields.MAD_ATTRIBUTEID, -1);
        if (f.has(CmFields.QKEY_MISMATCH)) {
            t.findings.add(Severity.WARNING, "cm.qkey_mismatch", v.src + " → " + v.dst,
                String.format("CM %s with Q_Key 0x%08x: CM responders drop MADs without the GSI Q_Key 0x80010000",
                    CmNames.attributeLabel(attr), f.ib().qKey()), v.frame);
        }
        switch (attr) {
            case CmNames.REQ: {
                long id = f.get(CmFields.REQ_LOCALCOMMID, 0);
                Session s = byInitiatorId.get(id);
                if (s != null && s.initiator.equals(v.src)) {
                    s.retries++;
                    event(s, v, "REQ (retry " + s.retries + ")", "");
                    return;
                }
                s = new Session();
                s.initiator = v.src;
                s.responder = v.dst;
                s.reqLocalCommId = id;
                s.reqQpn = (int) f.get(CmFields.REQ_LOCALQPN, -1);
                s.reqPsn = (int) f.get(CmFields.REQ_STARTPSN, -1);
                s.mtu = mtuBytes((int) f.get(CmFields.REQ_PPPMTU, 0));
                s.reqFrame = v.frame;
                int lg = f.find(CmFields.PATH_LOCALGID[0]), rg = f.find(CmFields.PATH_REMOTEGID[0]);
                if (lg >= 0) s.initiatorGid = io.rocescope.dissector.text.FieldText.value(f, lg);
                if (rg >= 0) s.responderGid = io.rocescope.dissector.text.FieldText.value(f, rg);
                int proto = f.find(CmFields.REQ_SERVICEID_PROTOCOL);
                s.service = proto >= 0 ? CmNames.portSpaceLabel((int) f.value(proto)) + ":" + f.get(CmFields.REQ_SERVICEID_DPORT, 0)
                    : String.format("0x%016x", f.get(CmFields.REQ_SERVICEID, 0));
                byInitiatorId.put(id, s);
                all.add(s);
                event(s, v, "REQ", String.format("QPN 0x%06x PSN 0x%06x (%d) service %s MTU %d", s.reqQpn, s.reqPsn, s.reqPsn, s.service, s.mtu));
                return;
            }
            case CmNames.MRA: {
                Session s = find(f.get(CmFields.MRA_REMOTECOMMID, -1), f.get(CmFields.MRA_LOCALCOMMID, -1));
                if (s != null) event(s, v, "MRA", "service timeout " + CmNames.ibaTime((int) f.get(CmFields.MRA_SERVICETIMEOUT, 0)));
                return;
            }
            case CmNames.REP: {
                Session s = byInitiatorId.get(f.get(CmFields.REP_REMOTECOMMID, -1));
                if (s == null || s.replied) return;
                s.replied = true;
                s.repLocalCommId = f.get(CmFields.REP_LOCALCOMMID, -1);
                byResponderId.put(s.repLocalCommId, s);
                s.repQpn = (int) f.get(CmFields.REP_LOCALQPN, -1);
                s.repPsn = (int) f.get(CmFields.REP_STARTPSN, -1);
                // the PSN in both forms: hex as the CM prints it, decimal as the first data PSN below it is
                event(s, v, "REP", String.format("QPN 0x%06x PSN 0x%06x (%d)", s.repQpn, s.repPsn, s.repPsn));
                Endpoint initiator = new Endpoint(s.initiator, s.reqQpn);
                Endpoint responder = new Endpoint(s.responder, s.repQpn);
                initiator.startPsn = s.repPsn;   // the initiator's receive-side PSN is the REQ's; it sends from the REP's
                responder.startPsn = s.reqPsn;
                initiator.gid = s.initiatorGid;
                responder.gid = s.responderGid;
                s.connection = t.register(SetupKind.RDMA_CM, "rdma_cm", initiator, responder, s.events);
                s.connection.serviceId = s.service;
                if (s.mtu > 0) { s.connection.mtu = s.mtu; s.connection.mtuSource = "cm"; }
                return;
            }
            case CmNames.RTU: {
                Session s = find(f.get(CmFields.RTU_REMOTECOMMID, -1), f.get(CmFields.RTU_LOCALCOMMID, -1));
                if (s != null) { s.readyToUse = true; event(s, v, "RTU", ""); }
                return;
            }
            case CmNames.REJ: {
                Session s = byInitiatorId.get(f.get(CmFields.REJ_REMOTECOMMID, -1));
                int reason = (int) f.get(CmFields.REJ_REASON, 0);
                String text = CmNames.rejectReason(reason);
                if (s != null) { s.rejected = true; event(s, v, "REJ", text); }
                t.findings.add(Severity.ERROR, "cm.rej", v.dst + " → " + v.src + (s != null ? " service " + s.service : ""),
                    "CM connection rejected: " + text + (reason == 8 ? " (nothing listens on that service/port)" : ""),
                    s != null ? new long[] {s.reqFrame, v.frame} : new long[] {v.frame});
                return;
            }
            case CmNames.DREQ: {
                Session s = find(f.get(CmFields.DREQ_REMOTECOMMID, -1), f.get(CmFields.DREQ_LOCALCOMMID, -1));
                if (s != null) event(s, v, "DREQ", "");
                return;
            }
            case CmNames.DREP: {
                Session s = find(f.get(CmFields.DREP_REMOTECOMMID, -1), f.get(CmFields.DREP_LOCALCOMMID, -1));
                if (s != null) event(s, v, "DREP", "");
                return;
            }
            default:
        }
    }

    /** The session a message belongs to, by either Communication ID it carries. */
    private Session find(long remoteId, long localId) {
        Session s = byInitiatorId.get(remoteId);
        if (s == null) s = byResponderId.get(remoteId);
        if (s == null) s = byInitiatorId.get(localId);
        if (s == null) s = byResponderId.get(localId);
        return s;
    }

    private static void event(Session s, PacketView v, String what, String detail) {
        s.events.add(new TimelineEvent(v.frame, v.ts, v.src, v.dst, what, detail));
        if (s.connection != null && s.connection.setupStartTs < 0) s.connection.setupStartTs = v.ts;
    }

    static int mtuBytes(int ibvMtu) {
        return ibvMtu >= 1 && ibvMtu <= 5 ? 128 << ibvMtu : -1;
    }

    /** REQs never answered, and REPs never confirmed by an RTU. */
    void finish(Findings findings) {
        for (Session s : all) {
            String where = s.initiator + " → " + s.responder + " service " + s.service;
            if (!s.replied && !s.rejected) {
                long[] frames = s.events.stream().mapToLong(TimelineEvent::frame).toArray();
                findings.add(Severity.ERROR, "cm.timeout", where, "CM REQ never answered (" + (s.retries + 1)
                    + " sent): the peer is unreachable or its CM is not running", frames);
            } else if (s.replied && !s.readyToUse) {
                findings.add(Severity.ERROR, "setup.incomplete", where, "CM set-up never completed: REP without RTU", s.reqFrame);
            }
        }
    }
}
