package io.rocescope.flow;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.PerftestFields;
import io.rocescope.dissector.text.FieldText;

import java.util.ArrayList;
import io.rocescope.dissector.util.LruMap;
import java.util.List;
import java.util.Map;

/**
 * perftest's socket set-ups: TCP handshake, key records each way (QPN, PSN, R_Key, VA, GID), the
 * closing syncs and FIN/RST. When both sides' keys are known the two QPs are paired; the RoCE address
 * of each side is its GID (which may differ from the TCP address: VLAN or IPv6 GIDs).
 */
final class SocketSetups {
    static final int MAX_SESSIONS = 65536;

    static final class Session {
        String client, server;
        int clientPort, serverPort;
        Endpoint clientKey, serverKey;
        int mtu = -1;
        boolean synAckSeen, handshakeDone, fin;
        final List<TimelineEvent> events = new ArrayList<>();
        Connection connection;
        long firstFrame;
    }

    private final Map<String, Session> sessions = new LruMap<>(MAX_SESSIONS);
    final List<Session> all = new ArrayList<>();
    private final int perftestPort;

    SocketSetups(int perftestPort) {
        this.perftestPort = perftestPort;
    }

    void onTcp(DecodedFrame f, PacketView v, FlowTracker t) {
        int sport = (int) f.get(Fields.TCP_SRCPORT, -1), dport = (int) f.get(Fields.TCP_DSTPORT, -1);
        if (sport != perftestPort && dport != perftestPort) return;
        boolean fromClient = dport == perftestPort;
        String client = fromClient ? v.src : v.dst, server = fromClient ? v.dst : v.src;
        int cport = fromClient ? sport : dport;
        String key = client + ":" + cport + "-" + server + ":" + perftestPort;
        int flags = (int) f.get(Fields.TCP_FLAGS, 0);
        Session s = sessions.get(key);
        if (s == null) {
            s = new Session();
            s.client = client;
            s.server = server;
            s.clientPort = cport;
            s.serverPort = perftestPort;
            s.firstFrame = v.frame;
            sessions.put(key, s);
            all.add(s);
        }
        boolean syn = (flags & 0x02) != 0, ack = (flags & 0x10) != 0, fin = (flags & 0x01) != 0, rst = (flags & 0x04) != 0;
        if (syn && !ack) event(s, v, "TCP SYN", "port " + cport + " → " + perftestPort);
        else if (syn) { s.synAckSeen = true; event(s, v, "TCP SYN/ACK", ""); }
        else if (s.synAckSeen && !s.handshakeDone && fromClient && ack) { s.handshakeDone = true; event(s, v, "TCP ACK (handshake done)", ""); }
        for (int i = f.find(PerftestFields.RECORD); i >= 0; i = f.findNext(PerftestFields.RECORD, i)) {
            int end = f.findNext(PerftestFields.RECORD, i);
            if (end < 0) end = f.fieldCount();
            record(f, i, end, s, v, fromClient, t);
        }
        if (fin) { s.fin = true; event(s, v, "TCP FIN", fromClient ? "from client" : "from server"); }
        if (rst) event(s, v, "TCP RST", fromClient ? "from client" : "from server");
    }

    private void record(DecodedFrame f, int from, int end, Session s, PacketView v, boolean fromClient, FlowTracker t) {
        String kind = FieldText.value(f, from);
        switch (kind) {
            case "version": event(s, v, "perftest version", FieldText.value(f, f.findIn(PerftestFields.VERSION, from, end))); break;
            case "mtu": {
                long code = f.value(f.findIn(PerftestFields.MTU, from, end));
                s.mtu = CmSetups.mtuBytes((int) code);
                event(s, v, "perftest MTU", CmNames.MTU.label(code));
                break;
            }
            case "key": {
                int qpn = (int) f.value(f.findIn(PerftestFields.KEY_QPN, from, end));
                int psn = (int) f.value(f.findIn(PerftestFields.KEY_PSN, from, end));
                int g4 = f.findIn(PerftestFields.KEY_GID_IPV4, from, end), g = f.findIn(PerftestFields.KEY_GID, from, end);
                String gidIp = g4 >= 0 ? FieldText.value(f, g4) : g >= 0 ? FieldText.value(f, g) : v.src;
                Endpoint e = new Endpoint(gidIp, qpn);
                e.startPsn = psn;
                e.rkey = f.value(f.findIn(PerftestFields.KEY_RKEY, from, end));
                e.va = f.value(f.findIn(PerftestFields.KEY_VADDR, from, end));
                e.gid = g >= 0 ? FieldText.value(f, g) : null;
                boolean first = (fromClient ? s.clientKey : s.serverKey) == null;
                if (fromClient && first) s.clientKey = e;
                if (!fromClient && first) s.serverKey = e;
                String label = s.connection != null && s.connection.firstDataTs >= 0 ? "perftest sync (key)" : "perftest key";
                event(s, v, label, String.format("QPN 0x%06x PSN 0x%06x RKey 0x%x VA 0x%x GID %s", qpn, psn, e.rkey, e.va, gidIp));
                if (s.connection == null && s.clientKey != null && s.serverKey != null) {
                    s.connection = t.register(SetupKind.SOCKET, "socket", s.clientKey, s.serverKey, s.events);
                    if (s.mtu > 0) { s.connection.mtu = s.mtu; s.connection.mtuSource = "perftest"; }
                    s.connection.serviceId = "TCP:" + s.serverPort;
                }
                break;
            }
            case "sync": event(s, v, "perftest sync", FieldText.value(f, f.findIn(PerftestFields.SYNC, from, end))); break;
            case "report": event(s, v, "perftest report", ""); break;
            default: break;
        }
    }

    private static void event(Session s, PacketView v, String what, String detail) {
        s.events.add(new TimelineEvent(v.frame, v.ts, v.src, v.dst, what, detail));
    }

    void finish(Findings findings) {
        for (Session s : all) {
            if (s.connection == null) {
                findings.add(Severity.ERROR, "setup.incomplete", s.client + ":" + s.clientPort + " → " + s.server + ":" + s.serverPort,
                    "perftest socket set-up never completed: " + (s.clientKey == null && s.serverKey == null ? "no key exchanged"
                        : "only one side sent its keys"), s.firstFrame);
            }
        }
    }

}
