package io.rocescope.flow;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.PerftestFields;
import io.rocescope.dissector.field.PingpongFields;
import io.rocescope.dissector.text.FieldText;

import java.util.ArrayList;
import io.rocescope.dissector.util.LruMap;
import java.util.List;
import java.util.Map;

/**
 * Socket set-ups on the perftest port: perftest's (TCP handshake, key records each way with QPN, PSN,
 * R_Key, VA, GID, the closing syncs and FIN/RST) and the libibverbs example programs' (ibv_*_pingpong: one
 * "LID:QPN:PSN:GID" message per QP each way, then "done"). When both sides' keys are known the QPs are
 * paired (ibv_srq_pingpong: the i-th QP of one side with the i-th of the other); the RoCE address of each
 * side is its GID (which may differ from the TCP address: VLAN or IPv6 GIDs). A pair goes to the flow table
 * as a {@link SetUp}; nothing here calls back into the tracker.
 */
final class SocketSetups {
    static final int MAX_SESSIONS = 65536;
    /** ibv_srq_pingpong sends one message per QP: at most this many QPs of one exchange are paired. */
    static final int MAX_QPS = 1024;

    static final class Session {
        Address client, server;
        int clientPort, serverPort;
        Endpoint clientKey, serverKey;
        /** ibv_*_pingpong destinations in the order each side sent them. */
        final List<Endpoint> clientDests = new ArrayList<>(1), serverDests = new ArrayList<>(1);
        boolean pingpong, perftest;
        final boolean[] clientUnused = new boolean[1], serverUnused = new boolean[1];
        int mtu = -1, mtuCode = -1;
        /** The outstanding reads each side's first key record announced (-1: none). */
        int clientOutReads = -1, serverOutReads = -1;
        boolean synAckSeen, handshakeDone, fin;
        final List<TimelineEvent> events = new ArrayList<>();
        Connection connection;
        /** ibv_srq_pingpong's QPs: each has a timeline of its own that the exchange's later events go to as well. */
        final List<Connection> connections = new ArrayList<>(1);
        long firstFrame;
    }

    /** A TCP connection on the perftest port, by its addresses and ports. */
    private record SessionKey(Address client, int clientPort, Address server, int serverPort) {}

    private final Map<SessionKey, Session> sessions = new LruMap<>(MAX_SESSIONS);
    final List<Session> all = new ArrayList<>();
    private final int perftestPort;
    private final Findings findings;
    private final SetupSink table;
    private final AddressCache addresses;

    SocketSetups(int perftestPort, Findings findings, SetupSink table, AddressCache addresses) {
        this.perftestPort = perftestPort;
        this.findings = findings;
        this.table = table;
        this.addresses = addresses;
    }

    void onTcp(DecodedFrame f, PacketView v) {
        int sport = (int) f.get(Fields.TCP_SRCPORT, -1), dport = (int) f.get(Fields.TCP_DSTPORT, -1);
        if (sport != perftestPort && dport != perftestPort) return;
        boolean fromClient = dport == perftestPort;
        Address client = fromClient ? v.src : v.dst, server = fromClient ? v.dst : v.src;
        int cport = fromClient ? sport : dport;
        SessionKey key = new SessionKey(client, cport, server, perftestPort);
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
            record(f, i, end, s, v, fromClient);
        }
        for (int i = f.find(PingpongFields.MESSAGE); i >= 0; i = f.findNext(PingpongFields.MESSAGE, i)) {
            int end = f.findNext(PingpongFields.MESSAGE, i);
            if (end < 0) end = f.fieldCount();
            pingpong(f, i, end, s, v, fromClient);
        }
        if (fin) { s.fin = true; event(s, v, "TCP FIN", fromClient ? "from client" : "from server"); }
        if (rst) event(s, v, "TCP RST", fromClient ? "from client" : "from server");
    }

    private void record(DecodedFrame f, int from, int end, Session s, PacketView v, boolean fromClient) {
        s.perftest = true;
        String kind = FieldText.value(f, from);
        switch (kind) {
            case "version": event(s, v, "perftest version", FieldText.value(f, f.findIn(PerftestFields.VERSION, from, end))); break;
            case "mtu": {
                long code = f.value(f.findIn(PerftestFields.MTU, from, end));
                s.mtu = CmSetups.mtuBytes((int) code);
                s.mtuCode = (int) code;
                event(s, v, "perftest MTU", CmNames.MTU.label(code));
                break;
            }
            case "key": {
                int qpn = (int) f.value(f.findIn(PerftestFields.KEY_QPN, from, end));
                int psn = (int) f.value(f.findIn(PerftestFields.KEY_PSN, from, end));
                int g4 = f.findIn(PerftestFields.KEY_GID_IPV4, from, end), g = f.findIn(PerftestFields.KEY_GID, from, end);
                Address gidIp = g4 >= 0 ? addresses.ipv4(f.value(g4)) : g >= 0 ? gid(FieldText.value(f, g), v) : v.src;
                Endpoint e = new Endpoint(gidIp, qpn);
                e.startPsn = psn;
                e.rkey = f.value(f.findIn(PerftestFields.KEY_RKEY, from, end));
                e.va = f.value(f.findIn(PerftestFields.KEY_VADDR, from, end));
                e.gid = g >= 0 ? FieldText.value(f, g) : null;
                boolean first = (fromClient ? s.clientKey : s.serverKey) == null;
                if (fromClient && first) s.clientKey = e;
                if (!fromClient && first) s.serverKey = e;
                int outReads = f.findIn(PerftestFields.KEY_OUT_READS, from, end);
                if (first && outReads >= 0) {
                    if (fromClient) s.clientOutReads = (int) f.value(outReads); else s.serverOutReads = (int) f.value(outReads);
                }
                String label = s.connection != null && s.connection.firstDataTs >= 0 ? "perftest sync (key)" : "perftest key";
                event(s, v, label, String.format("QPN 0x%06x PSN 0x%06x RKey 0x%x VA 0x%x GID %s", qpn, psn, e.rkey, e.va, gidIp));
                if (s.connection == null && s.clientKey != null && s.serverKey != null) {
                    s.connection = table.connect(new SetUp(SetupKind.SOCKET, PairedBy.SOCKET, s.clientKey, s.serverKey, s.events,
                        "TCP:" + s.serverPort, "RC", s.mtu > 0 ? s.mtu : -1, s.mtu > 0 ? "perftest" : "unknown", -1, perftestParameters(s)));
                }
                break;
            }
            case "sync": event(s, v, "perftest sync", FieldText.value(f, f.findIn(PerftestFields.SYNC, from, end))); break;
            case "report": event(s, v, "perftest report", ""); break;
            default: break;
        }
    }

    /**
     * One ibv_*_pingpong message. A destination names the sender's QP and the PSN it sends from (rc_pingpong's
     * pp_connect_ctx: sq_psn = its own PSN, rq_psn = the peer's). xsrq's XRC destinations are decoded but not
     * paired (their send and receive QPs differ; rxe, on which this was tested, has no XRC).
     */
    private void pingpong(DecodedFrame f, int from, int end, Session s, PacketView v, boolean fromClient) {
        s.pingpong = true;
        String kind = FieldText.value(f, from);
        if (!kind.equals("dest")) {
            event(s, v, "ibv_pingpong " + kind, "");
            return;
        }
        int qpn = (int) f.value(f.findIn(PingpongFields.QPN, from, end));
        int psn = (int) f.value(f.findIn(PingpongFields.PSN, from, end));
        int g4 = f.findIn(PingpongFields.GID_IPV4, from, end), g = f.findIn(PingpongFields.GID, from, end);
        String gid = FieldText.value(f, g);
        // a zero GID (InfiniBand, no -g): the TCP address stands in
        Address ip = g4 >= 0 ? addresses.ipv4(f.value(g4)) : gid.equals("::") ? v.src : gid(gid, v);
        boolean xrc = f.findIn(PingpongFields.SEND_QPN, from, end) >= 0;
        if (qpn == 0) {
            // ibv_srq_pingpong always sends its whole table (MAX_QP = 256 entries), the unused ones all zero
            boolean[] seen = fromClient ? s.clientUnused : s.serverUnused;
            if (!seen[0]) event(s, v, "ibv_pingpong unused", "all-zero entries (QPN 0) of the program's fixed-size table follow; not shown");
            seen[0] = true;
            return;
        }
        event(s, v, "ibv_pingpong dest", String.format("QPN 0x%06x PSN 0x%06x LID 0x%04x GID %s",
            qpn, psn, f.value(f.findIn(PingpongFields.LID, from, end)), ip));
        if (xrc) return;
        List<Endpoint> mine = fromClient ? s.clientDests : s.serverDests, theirs = fromClient ? s.serverDests : s.clientDests;
        if (mine.size() >= MAX_QPS) return;
        Endpoint e = new Endpoint(ip, qpn);
        e.startPsn = psn;
        e.gid = gid;
        mine.add(e);
        int i = mine.size() - 1;
        if (i < theirs.size()) {
            Endpoint c = fromClient ? e : theirs.get(i), sv = fromClient ? theirs.get(i) : e;
            Connection conn = table.connect(new SetUp(SetupKind.SOCKET, PairedBy.SOCKET, c, sv, new ArrayList<>(s.events),
                "TCP:" + s.serverPort, "RC", -1, "unknown", -1, null));
            s.connections.add(conn);
            if (s.connection == null) s.connection = conn;
        }
    }

    /** What perftest's exchange carries of the connection's parameters: the MTU and each side's outstanding reads. */
    private static NegotiatedParameters perftestParameters(Session s) {
        NegotiatedParameters p = new NegotiatedParameters();
        p.source = "perftest";
        if (s.mtuCode >= 0) p.pathMtuCode = s.mtuCode;
        if (s.clientOutReads >= 0) p.outReadsA = s.clientOutReads;
        if (s.serverOutReads >= 0) p.outReadsB = s.serverOutReads;
        return p;
    }

    private static void event(Session s, PacketView v, String what, String detail) {
        TimelineEvent e = TimelineEvent.of(v.frame, v.ts, v.src, v.dst, what, detail);
        s.events.add(e);
        for (Connection c : s.connections) c.timeline.add(e);
    }

    /** A GID given as text, as a value (the TCP address stands in for text that is none). */
    private Address gid(String text, PacketView v) {
        Address a = addresses.gid(text);
        return a != null ? a : v.src;
    }

    void finish(List<Reports.SetupReport> failed) {
        for (Session s : all) {
            if (s.connection == null && !s.pingpong && !s.perftest) {
                findings.add(FindingKind.SETUP_UNRECOGNIZED, Finding.NO_CONNECTION, s.client + ":" + s.clientPort + " → " + s.server + ":" + s.serverPort,
                    "TCP connection on port " + s.serverPort + " carries neither perftest's nor ibv_*_pingpong's exchange", s.firstFrame);
            } else if (s.connection == null) {
                String program = s.pingpong ? "ibv_pingpong" : "perftest";
                boolean none = s.pingpong ? s.clientDests.isEmpty() && s.serverDests.isEmpty() : s.clientKey == null && s.serverKey == null;
                String why = none ? "no key exchanged" : "only one side sent its keys";
                findings.add(FindingKind.SETUP_INCOMPLETE, Finding.NO_CONNECTION, s.client + ":" + s.clientPort + " → " + s.server + ":" + s.serverPort,
                    program + " socket set-up never completed: " + why, s.firstFrame);
                if (failed.size() < CmSetups.MAX_FAILED) {
                    failed.add(new Reports.SetupReport("socket", "incomplete", s.client.toString(), s.server.toString(), null, null,
                        "TCP:" + s.serverPort, program + ": " + why, List.copyOf(s.events)));
                }
            }
        }
    }

}
