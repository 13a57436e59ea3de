package io.rocescope.flow;

import io.rocescope.flow.TimelineEvent.Step;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The flow table and the pairing of flows into connections: each RoCE data packet's {@link Flow}, found by
 * its {@link FlowKey} (addresses and QPNs as values), and the {@link Connection} it belongs to: one a set-up
 * announced ({@link SetUp}s come in through {@link SetupSink}), one whose other direction its first packet
 * completes (responses, an inferred socket set-up), or a new one. Bounded: at most
 * {@link TrackerOptions#maxFlows} flows; a connection whose flows are all evicted goes to {@code retired}
 * (which reports it) and its state is dropped.
 */
final class FlowTable implements SetupSink {
    private final int maxFlows;
    private final Findings findings;
    private final InferredSetups inferred;
    /** Told of each connection whose flows were all evicted, before its state goes. */
    private final Consumer<Connection> retired;

    /**
     * The flows, least recently active first (access order): evicting the eldest is O(1), and a packet's
     * lookup moves its flow to the end.
     */
    private final Map<FlowKey, Flow> flows;
    /** A set-up's connection waiting for the first packet of one of its directions ({@code aToB}: its A→B one). */
    private record Announcement(Connection connection, boolean aToB) {}
    /** Flow keys announced by a set-up, waiting for their first packet (bounded like the flow table). */
    private final Map<FlowKey, Announcement> announced;
    /** Live connections, in creation order (retired ones are compacted away now and then). */
    private final List<Connection> connections = new ArrayList<>();
    /** Each endpoint with a known QPN: how CNPs find the sender they throttle. */
    private final EndpointIndex byEndpoint = new EndpointIndex();
    /** Connections with one direction seen that a first packet the other way may complete ({@link #pairByResponse}). */
    private final PairingCandidates waiting = new PairingCandidates();
    private int nextConnectionId = 1;
    private long retiredInList;
    /** The packet being looked up now (its frame and time: an eviction's and an inferred set-up's). */
    private PacketView v;
    private long evicted, firstEvictionFrame;
    /** Where the flows.evicted finding sits in the findings list (its totals are filled in at the end), or -1. */
    private int evictedFinding = -1;

    FlowTable(int maxFlows, Findings findings, InferredSetups inferred, Consumer<Connection> retired) {
        this.maxFlows = maxFlows;
        this.findings = findings;
        this.inferred = inferred;
        this.retired = retired;
        this.flows = new LinkedHashMap<>(1024, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<FlowKey, Flow> eldest) {
                if (size() <= FlowTable.this.maxFlows) return false;
                evict(eldest.getKey(), eldest.getValue());
                return true;
            }
        };
        this.announced = new io.rocescope.dissector.util.LruMap<>(maxFlows);
    }

    private void evict(FlowKey key, Flow flow) {
        evicted++;
        flow.inTable = false;
        retireIfIdle(flow);
        if (evicted == 1) {
            firstEvictionFrame = v.frame;
            int before = findings.list.size();
            findings.add(FindingKind.FLOWS_EVICTED, Finding.NO_CONNECTION, key.toString(), evictedMessage(0), v.frame);
            if (findings.list.size() > before) evictedFinding = before;
        }
    }

    /**
     * The flows of the two previous packets: a connection's requests and its responses alternate, and
     * bursts of them skip the key and the map (addresses are the cache's own objects: == compares them).
     */
    private Flow lastFlow, otherFlow;
    private long fastHits;

    private static boolean matches(Flow f, PacketView v, int srcQp) {
        return f != null && f.inTable && f.key.destQp() == v.destQp && f.key.srcQp() == srcQp
            && f.key.src() == v.src && f.key.dst() == v.dst;
    }

    /**
     * The flow of a RoCE data packet (not a CNP) when the table has it, else null; as {@link #flowFor} finds it
     * (and with the same effect on the LRU order), without making one.
     */
    Flow existingFlow(PacketView v) {
        this.v = v;
        int srcQp = Opcodes.isUd(v.opcode) ? v.dethSrcQp : -1;
        Flow hit = matches(lastFlow, v, srcQp) ? lastFlow : matches(otherFlow, v, srcQp) ? otherFlow : null;
        if (hit != null) {
            if ((++fastHits & 1023) == 0) flows.get(hit.key);   // keep its place in the LRU order now and then
            return remember(hit);
        }
        Flow flow = flows.get(new FlowKey(v.src, v.dst, v.destQp, srcQp));
        return flow == null ? null : remember(flow);
    }

    /** The flow of a RoCE data packet (not a CNP), made with its connection on the packet's first. */
    Flow flowFor(PacketView v) {
        Flow flow = existingFlow(v);
        if (flow != null) return flow;
        boolean ud = Opcodes.isUd(v.opcode);
        int srcQp = ud ? v.dethSrcQp : -1;
        FlowKey key = new FlowKey(v.src, v.dst, v.destQp, srcQp);
        flow = new Flow(key);
        flow.ud = ud;
        flows.put(key, flow);
        remember(flow);
        Announcement ann = announced.remove(key);
        if (ann == null && ud) ann = announced.remove(new FlowKey(v.src, v.dst, v.destQp, -1));   // UD: set-up names no source QP
        if (ann != null) {
            Connection c = ann.connection();
            if (ann.aToB()) c.ab = flow; else c.ba = flow;
            flow.connection = c;
            c.transport = Opcodes.transportName(v.opcode);
            if (ud && c.a.qpn < 0 && ann.aToB()) {
                // SIDR names only the responder's QP; the requester's first datagram names its own (DETH
                // source QP), and the responder's answers go to it
                c.a.qpn = v.dethSrcQp;
                index(c);
                announced.remove(new FlowKey(c.b.address, c.a.address, -1, -1));
                announce(new FlowKey(c.b.address, c.a.address, c.a.qpn, -1), c, false);
            }
            return flow;
        }
        Connection c = ud ? null : pairByResponse(key);
        if (c != null) {
            c.ba = flow;
            c.a.qpn = key.destQp();
            if (c.pairedBy == PairedBy.INFERRED) inferFrom(c, c.a, c.b);
            else c.pairedBy = PairedBy.RESPONSES;
            flow.connection = c;
            index(c);
            return flow;
        }
        c = new Connection(nextConnectionId++, new Endpoint(v.src, ud ? v.dethSrcQp : -1), new Endpoint(v.dst, v.destQp));
        c.transport = Opcodes.transportName(v.opcode);
        c.pairedBy = ud ? PairedBy.DATAGRAM : PairedBy.UNPAIRED;
        c.ab = flow;
        flow.connection = c;
        connections.add(c);
        index(c);
        if (inferFrom(c, c.b, c.a)) {
            c.setup = SetupKind.SOCKET;
            c.pairedBy = PairedBy.INFERRED;
            if (ud) inferFrom(c, c.a, c.b);
        }
        if (!ud) waiting.add(c);   // a datagram's flow is never paired by responses
        return flow;
    }

    /** The flow of the sender a CNP throttles (its DestQP is the sender's QP), or null when no flow sends from it. */
    Flow throttledBy(PacketView v) {
        Connection c = byEndpoint.get(v.dst, v.destQp);
        return c == null ? null : c.a.address.equals(v.dst) && c.a.qpn == v.destQp ? c.ab : c.ba;
    }

    /**
     * An inferred socket set-up: a TCP segment from {@code owner}'s host to {@code peer}'s, shortly before,
     * carried {@code owner}'s QPN (the peer learned where to send from it). Adds it to the timeline, in frame order.
     */
    private boolean inferFrom(Connection c, Endpoint owner, Endpoint peer) {
        InferredSetups.Match m = inferred.find(owner.address, peer.address, owner.qpn, v.ts);
        if (m == null) return false;
        TimelineEvent e = TimelineEvent.of(m.frame(), m.ts(), m.src(), m.dst(), Step.TCP_INFERRED, String.format(
            "TCP %d → %d carries QPN 0x%06x as %s", m.sport(), m.dport(), owner.qpn, m.how()));
        int at = 0;
        while (at < c.timeline.size() && c.timeline.get(at).frame() < m.frame()) at++;
        c.timeline.add(at, e);
        if (c.setupStartTs < 0 || m.ts() < c.setupStartTs) c.setupStartTs = m.ts();
        return true;
    }

    private Flow remember(Flow f) {
        if (f != lastFlow) {
            otherFlow = lastFlow;
            lastFlow = f;
        }
        return f;
    }

    private void index(Connection c) {
        if (c.a.qpn >= 0) byEndpoint.put(c.a.address, c.a.qpn, c);
        if (c.b.qpn >= 0) byEndpoint.put(c.b.address, c.b.qpn, c);
    }

    /** When a connection has no live flow left, it is reported ({@code retired}) and its state goes. */
    private void retireIfIdle(Flow evictedFlow) {
        evictedFlow.evicted = true;
        Connection c = evictedFlow.connection;
        if (c == null || c.retired) return;
        if ((c.ab != null && !c.ab.evicted) || (c.ba != null && !c.ba.evicted)) return;
        c.retired = true;
        retired.accept(c);
        byEndpoint.remove(c.a.address, c.a.qpn, c);
        byEndpoint.remove(c.b.address, c.b.qpn, c);
        if (c.ba == null) waiting.remove(c);
        // its report is made: the flows' state can go now, not when the list is next compacted
        c.ab = c.ba = null;
        if (++retiredInList > 1024 && retiredInList > connections.size() / 2) {
            connections.removeIf(x -> x.retired);
            retiredInList = 0;
        }
    }

    /**
     * A capture that starts mid-connection shows no set-up: a response (ACK, READ response) flowing back
     * names the requester's QP in its DestQP, and its PSN falls among the requests seen the other way;
     * or responses came first, and the first request the other way completes the pair. Only the connections
     * waiting between the same two hosts are looked at ({@link PairingCandidates}): a new flow costs the same
     * with a million connections as with ten.
     */
    private Connection pairByResponse(FlowKey key) {
        boolean response = Opcodes.isResponse(v.opcode);
        if (!response && !Opcodes.isTrackedRequest(v.opcode)) return null;
        int psn = v.psn;
        // a response whose PSN is among the requests seen the other way, or the first request
        // of a side that so far only answered (the capture began with responses)
        return waiting.take(key.src(), key.dst(), response ? c -> c.ab.psn.covers(psn) : c -> c.ab.requests == 0 && c.ab.responses > 0);
    }

    /** A set-up told us both QPs: packets between them belong to a new connection. */
    @Override
    public Connection connect(SetUp s) {
        Connection c = new Connection(nextConnectionId++, s.a(), s.b());
        c.setup = s.kind();
        c.pairedBy = s.pairedBy();
        c.timeline = s.timeline();
        if (!c.timeline.isEmpty()) c.setupStartTs = c.timeline.get(0).timestampNanos();
        c.serviceId = s.serviceId();
        c.transport = s.transport();
        if (s.mtu() > 0) { c.mtu = s.mtu(); c.mtuSource = s.mtuSource(); }
        c.qkey = s.qkey();
        c.negotiated = s.negotiated();
        connections.add(c);
        index(c);
        Endpoint a = s.a(), b = s.b();
        announce(new FlowKey(a.address, b.address, b.qpn, -1), c, true);
        announce(new FlowKey(b.address, a.address, a.qpn, -1), c, false);
        return c;
    }

    private void announce(FlowKey key, Connection c, boolean aToB) {
        Flow old = flows.get(key);
        if (old != null && old.packets > 0) {
            // the same QP numbers used again by a new connection: the old flow is complete
            if (old.messagesOrNull() != null) old.messagesOrNull().finish();
            old.inTable = false;
            flows.remove(key);
        }
        announced.put(key, new Announcement(c, aToB));
    }

    /** The flows.evicted finding with the totals known at the end ({@code notKept}: connections only counted). */
    void finishEvictedFinding(long notKept) {
        if (evictedFinding < 0) return;
        Finding f = findings.list.get(evictedFinding);
        findings.list.set(evictedFinding, new Finding(f.severity(), f.kind(), f.flow(), f.frames(), evictedMessage(notKept), f.count(),
            f.frameRanges(), f.moreFrames(), f.causedBy(), f.connection()));
    }

    private String evictedMessage(long notKept) {
        return "More than " + maxFlows + " flows at once: the least recently active are no longer tracked ("
            + evicted + (evicted == 1 ? " flow" : " flows") + " evicted, the first at frame " + firstEvictionFrame
            + "; a connection whose flows are all evicted is reported as it stood then"
            + (notKept > 0 ? ", " + notKept + " of them only in the totals" : "") + ")";
    }

    List<Connection> connections() { return connections; }
    int connectionsSoFar() { return nextConnectionId - 1; }
    long evicted() { return evicted; }
    int size() { return flows.size(); }
}
