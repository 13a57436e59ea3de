package io.rocescope.flow;

import io.rocescope.flow.TimelineEvent.Step;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.perftest.PerftestRecord;
import io.rocescope.dissector.perftest.PingpongRecord;

import static io.rocescope.dissector.field.ksy.TcpSegmentKsy.TCP_FLAG_ACK;
import static io.rocescope.dissector.field.ksy.TcpSegmentKsy.TCP_FLAG_FIN;
import static io.rocescope.dissector.field.ksy.TcpSegmentKsy.TCP_FLAG_RST;
import static io.rocescope.dissector.field.ksy.TcpSegmentKsy.TCP_FLAG_SYN;

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
        boolean syn = (flags & TCP_FLAG_SYN) != 0, ack = (flags & TCP_FLAG_ACK) != 0, fin = (flags & TCP_FLAG_FIN) != 0,
            rst = (flags & TCP_FLAG_RST) != 0;
        if (syn && !ack) event(s, v, Step.TCP_SYN, "port " + cport + " → " + perftestPort);
        else if (syn) { s.synAckSeen = true; event(s, v, Step.TCP_SYN_ACK, ""); }
        else if (s.synAckSeen && !s.handshakeDone && fromClient && ack) { s.handshakeDone = true; event(s, v, Step.TCP_HANDSHAKE_DONE, ""); }
        for (PerftestRecord r : f.perftestRecords()) record(r, s, v, fromClient);
        for (PingpongRecord r : f.pingpongRecords()) pingpong(r, s, v, fromClient);
        if (fin) { s.fin = true; event(s, v, Step.TCP_FIN, fromClient ? "from client" : "from server"); }
        if (rst) event(s, v, Step.TCP_RST, fromClient ? "from client" : "from server");
    }

    private void record(PerftestRecord r, Session s, PacketView v, boolean fromClient) {
        s.perftest = true;
        switch (r.kind()) {
            case VERSION: event(s, v, Step.PERFTEST_VERSION, r.text()); break;
            case MTU: {
                int code = (int) r.number();
                s.mtu = CmNames.mtuBytes(code);
                s.mtuCode = code;
                event(s, v, Step.PERFTEST_MTU, CmNames.MTU.label(code));
                break;
            }
            case KEY: key(r.key(), s, v, fromClient); break;
            case SYNC: event(s, v, Step.PERFTEST_SYNC, r.text()); break;
            case REPORT: event(s, v, Step.PERFTEST_REPORT, ""); break;
            default: break;
        }
    }

    /**
     * A key record: the sender's QP, the PSN it sends from, its buffer's R_Key and VA, and its GID (the RoCE
     * address of its packets; the TCP address stands in for a record without one). The first record of each
     * side is the one that counts (the later ones repeat it as syncs).
     */
    private void key(PerftestRecord.Key k, Session s, PacketView v, boolean fromClient) {
        Address gidIp = k.gid() != null ? addresses.gid(k.gid()) : v.src;
        Endpoint e = new Endpoint(gidIp, k.qpn());
        e.startPsn = k.psn();
        e.rkey = k.rkey();
        e.va = k.vaddr();
        e.gid = k.gid();
        boolean first = (fromClient ? s.clientKey : s.serverKey) == null;
        if (first) {
            if (fromClient) {
                s.clientKey = e;
                s.clientOutReads = k.outReads();
            } else {
                s.serverKey = e;
                s.serverOutReads = k.outReads();
            }
        }
        Step step = s.connection != null && s.connection.firstDataTs >= 0 ? Step.PERFTEST_SYNC_KEY : Step.PERFTEST_KEY;
        event(s, v, step, String.format("QPN 0x%06x PSN 0x%06x RKey 0x%x VA 0x%x GID %s", k.qpn(), k.psn(), e.rkey, e.va, gidIp));
        if (s.connection == null && s.clientKey != null && s.serverKey != null) {
            s.connection = table.connect(new SetUp(SetupKind.SOCKET, PairedBy.SOCKET, s.clientKey, s.serverKey, s.events,
                "TCP:" + s.serverPort, Opcodes.RC, s.mtu > 0 ? s.mtu : -1, s.mtu > 0 ? "perftest" : "unknown", -1, perftestParameters(s)));
        }
    }

    /**
     * One ibv_*_pingpong message. A destination names the sender's QP and the PSN it sends from (rc_pingpong's
     * pp_connect_ctx: sq_psn = its own PSN, rq_psn = the peer's). xsrq's XRC destinations are decoded but not
     * paired (their send and receive QPs differ; rxe, on which this was tested, has no XRC).
     */
    private void pingpong(PingpongRecord r, Session s, PacketView v, boolean fromClient) {
        s.pingpong = true;
        PingpongRecord.Dest dest = r.dest();
        if (dest == null) {
            event(s, v, Step.PINGPONG_END, Step.PINGPONG_END.text() + " " + r.kind().word(), "");
            return;
        }
        int qpn = dest.qpn(), psn = dest.psn();
        // a zero GID (InfiniBand, no -g): the TCP address stands in
        Address ip = dest.gid().isZero() ? v.src : addresses.gid(dest.gid());
        if (qpn == 0) {
            // ibv_srq_pingpong always sends its whole table (MAX_QP = 256 entries), the unused ones all zero
            boolean[] seen = fromClient ? s.clientUnused : s.serverUnused;
            if (!seen[0]) event(s, v, Step.PINGPONG_UNUSED, "all-zero entries (QPN 0) of the program's fixed-size table follow; not shown");
            seen[0] = true;
            return;
        }
        event(s, v, Step.PINGPONG_DEST, String.format("QPN 0x%06x PSN 0x%06x LID 0x%04x GID %s", qpn, psn, dest.lid(), ip));
        if (r.kind() == PingpongRecord.Kind.XRC_DEST) return;
        List<Endpoint> mine = fromClient ? s.clientDests : s.serverDests, theirs = fromClient ? s.serverDests : s.clientDests;
        if (mine.size() >= MAX_QPS) return;
        Endpoint e = new Endpoint(ip, qpn);
        e.startPsn = psn;
        e.gid = dest.gid();
        mine.add(e);
        int i = mine.size() - 1;
        if (i < theirs.size()) {
            Endpoint c = fromClient ? e : theirs.get(i), sv = fromClient ? theirs.get(i) : e;
            Connection conn = table.connect(new SetUp(SetupKind.SOCKET, PairedBy.SOCKET, c, sv, new ArrayList<>(s.events),
                "TCP:" + s.serverPort, Opcodes.RC, -1, "unknown", -1, null));
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

    private static void event(Session s, PacketView v, Step step, String detail) {
        event(s, v, step, step.text(), detail);
    }

    private static void event(Session s, PacketView v, Step step, String what, String detail) {
        TimelineEvent e = TimelineEvent.of(v.frame, v.ts, v.src, v.dst, step, what, detail);
        s.events.add(e);
        for (Connection c : s.connections) c.timeline.add(e);
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
