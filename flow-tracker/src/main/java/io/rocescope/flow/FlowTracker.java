package io.rocescope.flow;

import io.rocescope.dissector.decode.Expert.Severity;
import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.CmFields;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.InfinibandNames;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns decoded frames into connections, flows, set-up timelines and findings. Frames go in through
 * {@link #accept}, in capture order; {@link #finish} returns the results. Pure computation: no I/O.
 */
public final class FlowTracker {
    private final TrackerOptions options;
    final Findings findings = new Findings();
    private final CmSetups cm = new CmSetups();
    final ScanDetector scans = new ScanDetector();
    private final SocketSetups sockets;
    private final InferredSetups inferred = new InferredSetups();
    private final PauseTracker pauses;
    private final FabricWatch fabric;
    private final TimestampOrder timestampOrder = new TimestampOrder();
    private final CaptureIntegrity integrity = new CaptureIntegrity();
    /** The packet being tracked now: {@link #own} for a whole frame, the caller's for a view. */
    private PacketView v;
    private final PacketView own = new PacketView();
    private final AddressCache addresses = new AddressCache();
    /** Set-ups that never became a connection (filled by {@link #finish}). */
    private final List<Reports.SetupReport> failedSetups = new ArrayList<>();

    /**
     * The flow table, least recently active first (access order): evicting the eldest is O(1), and a
     * packet's lookup moves its flow to the end. At most {@link TrackerOptions#maxFlows} flows.
     */
    private final Map<FlowKey, Flow> flows;
    /** Flow keys announced by a set-up, waiting for their first packet (bounded like the flow table). */
    private final Map<FlowKey, Object[]> announced;
    /** Live connections, in creation order (retired ones are compacted away now and then). */
    private final List<Connection> connections = new ArrayList<>();
    /** Reports of connections whose flows were all evicted; beyond MAX_CLOSED only counted. */
    static final int MAX_CLOSED = 10_000;
    private final List<Reports.ConnectionReport> closed = new ArrayList<>();
    private long closedNotKept, retiredInList;
    /** Each endpoint with a known QPN: how CNPs find the sender they throttle. */
    private final EndpointIndex byEndpoint = new EndpointIndex();
    /** Connections with one direction seen that a first packet the other way may complete ({@link #pairByResponse}). */
    private final PairingCandidates waiting = new PairingCandidates();
    /** What the connections beyond MAX_CLOSED add to the summary (their reports are not kept). */
    private final Reports.Totals notListed = new Reports.Totals();
    /** Where the flows.evicted finding sits in the findings list (its totals are filled in at the end), or -1. */
    private int evictedFinding = -1;
    private long firstEvictionFrame;
    private int nextConnectionId = 1;
    private long frames, roceFrames, roceBytes, badIcrc, malformed, cnps, unattributedCnps, evicted;
    private long firstTs = Long.MIN_VALUE, lastTs;

    public FlowTracker() {
        this(TrackerOptions.defaults(), io.rocescope.dissector.decode.DecodeOptions.PERFTEST_PORT);
    }

    public FlowTracker(TrackerOptions options, int perftestPort) {
        this.options = options;
        this.sockets = new SocketSetups(perftestPort);
        this.pauses = new PauseTracker(options.linkGbps(), options.pauseWindowNanos());
        this.fabric = new FabricWatch(options);
        this.flows = new LinkedHashMap<>(1024, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<FlowKey, Flow> eldest) {
                if (size() <= FlowTracker.this.options.maxFlows()) return false;
                evicted++;
                eldest.getValue().inTable = false;
                retireIfIdle(eldest.getValue());
                if (evicted == 1) {
                    firstEvictionFrame = v.frame;
                    int before = findings.list.size();
                    findings.add(FindingKind.FLOWS_EVICTED, eldest.getKey().toString(), evictedMessage(), v.frame);
                    if (findings.list.size() > before) evictedFinding = before;
                }
                return true;
            }
        };
        this.announced = new io.rocescope.dissector.util.LruMap<>(options.maxFlows());
    }

    /**
     * True when the tracker needs the whole frame, not only its {@link PacketView}: PFC/PAUSE, TCP
     * (perftest's exchange), CM MADs and malformed frames. Everything else can go through
     * {@link #accept(PacketView)}, which lets other threads decode (a few frames of a capture need this).
     */
    public static boolean needsWholeFrame(DecodedFrame f) {
        return f.has(Fields.MACC_OPCODE) || f.has(Fields.TCP_SRCPORT) || f.has(CmFields.MAD)
            || f.hasExpert("malformed");
    }

    /** Takes one decoded frame (its values are read now; the frame object may be reused afterwards). */
    public void accept(DecodedFrame f) {
        PacketView.of(f, own);
        if (!needsWholeFrame(f)) {
            accept(own);
            return;
        }
        v = own;
        begin();
        if (v.malformed) {
            malformed++;
            findings.add(FindingKind.MALFORMED, v.src + " → " + v.dst, "Malformed frame: " + f.experts().stream()
                .filter(e -> e.key().equals("malformed")).findFirst().map(e -> e.message()).orElse("?"), v.frame);
        }
        if (f.has(Fields.MACC_OPCODE)) macControl(f);
        if (f.has(Fields.TCP_SRCPORT)) {
            sockets.onTcp(f, v, this);
            DecodedFrame.Protocol p = f.protocol();
            if (p != DecodedFrame.Protocol.PERFTEST && p != DecodedFrame.Protocol.IBV_PINGPONG) inferred.onTcp(f, v);
        }
        if (!v.roce) return;
        roceCommon();
        if (f.has(CmFields.MAD)) {
            cm.onMad(f, v, this);
            return;
        }
        roceData();
    }

    /**
     * Takes the values of a frame for which {@link #needsWholeFrame} is false, in capture order; the
     * view is read now and may be reused afterwards.
     */
    public void accept(PacketView view) {
        v = view;
        begin();
        if (!v.roce) return;
        roceCommon();
        roceData();
    }

    private void begin() {
        frames++;
        if (firstTs == Long.MIN_VALUE) firstTs = lastTs = v.ts;
        timestampOrder.onFrame(v.ts, v.frame);
        integrity.onFrame(v);
        lastTs = Math.max(lastTs, v.ts);
        v.src = addresses.text(v.addressType, v.hasSrc, v.srcHi, v.srcLo);
        v.dst = addresses.text(v.addressType, v.hasDst, v.dstHi, v.dstLo);
        fabric.onFrame(v);
    }

    private void roceCommon() {
        roceFrames++;
        roceBytes += v.length;
        if (v.badIcrc) {
            badIcrc++;
            scans.onBadIcrc(v.src, v.frame);
            findings.add(FindingKind.ICRC_BAD, () -> v.src + " → " + v.dst, () -> "Bad ICRC on "
                + InfinibandNames.opcodeLabel(v.opcode) + " PSN " + v.psn
                + ": the frame was corrupted in flight; the receiver drops it and the sender retransmits", v.frame);
        }
    }

    private void roceData() {
        if (Opcodes.isCnp(v.opcode)) {
            cnp();
            return;
        }
        Flow flow = flowFor(v);
        flow.count(v);
        fabric.onData(flow, v);
        if (Opcodes.isUd(v.opcode)) {
            if (flow.connection.setup != SetupKind.UNKNOWN) datagram(flow);
            return;
        }
        if (Opcodes.isResponse(v.opcode)) response(flow);
        else if (Opcodes.isTrackedRequest(v.opcode)) request(flow);
    }

    // ---- flows and connections ----

    /**
     * The flows of the two previous packets: a connection's requests and its responses alternate, and
     * bursts of them skip the key and the map (addresses are the cache's own strings: == compares them).
     */
    private Flow lastFlow, otherFlow;
    private long fastHits;

    private static boolean matches(Flow f, PacketView v, int srcQp) {
        return f != null && f.inTable && f.key.destQp() == v.destQp && f.key.srcQp() == srcQp
            && f.key.src() == v.src && f.key.dst() == v.dst;
    }

    private Flow flowFor(PacketView v) {
        boolean ud = Opcodes.isUd(v.opcode);
        int srcQp = ud ? v.dethSrcQp : -1;
        Flow hit = matches(lastFlow, v, srcQp) ? lastFlow : matches(otherFlow, v, srcQp) ? otherFlow : null;
        if (hit != null) {
            if ((++fastHits & 1023) == 0) flows.get(hit.key);   // keep its place in the LRU order now and then
            return remember(hit);
        }
        FlowKey key = new FlowKey(v.src, v.dst, v.destQp, srcQp);
        Flow flow = flows.get(key);
        if (flow != null) return remember(flow);
        flow = new Flow(key);
        flow.ud = ud;
        flows.put(key, flow);
        remember(flow);
        Object[] ann = announced.remove(key);
        if (ann == null && ud) ann = announced.remove(new FlowKey(v.src, v.dst, v.destQp, -1));   // UD: set-up names no source QP
        if (ann != null) {
            Connection c = (Connection) ann[0];
            if ((Boolean) ann[1]) c.ab = flow; else c.ba = flow;
            flow.connection = c;
            c.transport = Opcodes.transportName(v.opcode);
            if (ud && c.a.qpn < 0 && (Boolean) ann[1]) {
                // SIDR names only the responder's QP; the requester's first datagram names its own (DETH
                // source QP), and the responder's answers go to it
                c.a.qpn = v.dethSrcQp;
                index(c);
                announced.remove(new FlowKey(c.b.ip, c.a.ip, -1, -1));
                announce(new FlowKey(c.b.ip, c.a.ip, c.a.qpn, -1), c, false);
            }
            return flow;
        }
        Connection c = ud ? null : pairByResponse(key);
        if (c != null) {
            c.ba = flow;
            c.a.qpn = key.destQp();
            if ("inferred".equals(c.pairedBy)) inferFrom(c, c.a, c.b);
            else c.pairedBy = "responses";
            flow.connection = c;
            index(c);
            return flow;
        }
        c = new Connection(nextConnectionId++, new Endpoint(v.src, ud ? v.dethSrcQp : -1), new Endpoint(v.dst, v.destQp));
        c.transport = Opcodes.transportName(v.opcode);
        c.pairedBy = ud ? "datagram" : "unpaired";
        c.ab = flow;
        flow.connection = c;
        connections.add(c);
        index(c);
        if (inferFrom(c, c.b, c.a)) {
            c.setup = SetupKind.SOCKET;
            c.pairedBy = "inferred";
            if (ud) inferFrom(c, c.a, c.b);
        }
        if (!ud) waiting.add(c);   // a datagram's flow is never paired by responses
        return flow;
    }

    /**
     * An inferred socket set-up: a TCP segment from {@code owner}'s host to {@code peer}'s, shortly before,
     * carried {@code owner}'s QPN (the peer learned where to send from it). Adds it to the timeline, in frame order.
     */
    private boolean inferFrom(Connection c, Endpoint owner, Endpoint peer) {
        InferredSetups.Match m = inferred.find(owner.ip, peer.ip, owner.qpn, v.ts);
        if (m == null) return false;
        TimelineEvent e = new TimelineEvent(m.frame(), m.ts(), m.src(), m.dst(), "TCP data (inferred set-up)", String.format(
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
        if (c.a.qpn >= 0) byEndpoint.put(c.a.ip, c.a.qpn, c);
        if (c.b.qpn >= 0) byEndpoint.put(c.b.ip, c.b.qpn, c);
    }

    /** When a connection has no live flow left, keep its report (bounded) and let its state go. */
    private void retireIfIdle(Flow evictedFlow) {
        evictedFlow.evicted = true;
        Connection c = evictedFlow.connection;
        if (c == null || c.retired) return;
        if ((c.ab != null && !c.ab.evicted) || (c.ba != null && !c.ba.evicted)) return;
        c.retired = true;
        scans.onConnectionDone(c);
        for (Flow fl : new Flow[] {c.ab, c.ba}) if (fl != null) finishFlow(c, fl);
        if (closed.size() < MAX_CLOSED) closed.add(ReportBuilder.connection(c, this));
        else {
            closedNotKept++;
            ReportBuilder.addTotals(notListed, c);
        }
        byEndpoint.remove(c.a.ip, c.a.qpn, c);
        byEndpoint.remove(c.b.ip, c.b.qpn, c);
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
    Connection register(SetupKind kind, String pairedBy, Endpoint a, Endpoint b, List<TimelineEvent> events) {
        Connection c = new Connection(nextConnectionId++, a, b);
        c.setup = kind;
        c.pairedBy = pairedBy;
        c.timeline = events;
        if (!events.isEmpty()) c.setupStartTs = events.get(0).timestampNanos();
        connections.add(c);
        index(c);
        FlowKey ab = new FlowKey(a.ip, b.ip, b.qpn, -1), ba = new FlowKey(b.ip, a.ip, a.qpn, -1);
        announce(ab, c, true);
        announce(ba, c, false);
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
        announced.put(key, new Object[] {c, aToB});
    }

    // ---- requests and responses ----

    /** A datagram of a UD connection that a set-up (SIDR) announced: its first one, and its Q_Key. */
    private void datagram(Flow flow) {
        Connection c = flow.connection;
        if (c.firstDataTs < 0) {
            c.firstDataTs = v.ts;
            c.firstDataFrame = v.frame;
            c.timeline.add(new TimelineEvent(v.frame, v.ts, v.src, v.dst, "first data", InfinibandNames.opcodeLabel(v.opcode)
                + " PSN " + v.psn + String.format(" SrcQP 0x%06x Q_Key 0x%08x", v.dethSrcQp, v.qkey)));
        }
        if (c.qkey >= 0 && flow == c.ab && v.qkey != c.qkey && !c.qkeyMismatchSeen) {
            c.qkeyMismatchSeen = true;
            findings.add(FindingKind.UD_QKEY_MISMATCH, where(flow), String.format("UD datagram with Q_Key 0x%08x where the"
                + " SIDR_REP said 0x%08x: the receiving QP drops it", v.qkey, c.qkey), v.frame);
        }
    }

    private void request(Flow flow) {
        Connection c = flow.connection;
        flow.requests++;
        if (c.firstDataTs < 0) {
            c.firstDataTs = v.ts;
            c.firstDataFrame = v.frame;
            c.timeline.add(new TimelineEvent(v.frame, v.ts, v.src, v.dst, "first data",
                InfinibandNames.opcodeLabel(v.opcode) + " PSN " + v.psn));
        }
        if (Opcodes.isUc(v.opcode)) c.transport = "UC";
        // A copy follows its original with nothing between them on the connection; a resend answers a NAK
        // or a timeout and gets a new IPv4 Identification.
        Flow back = flow.peer();
        boolean copy = flow.ipIdsCount() && v.ipId >= 0 && v.psn == flow.prevRequestPsn && v.ipId == flow.prevRequestIpId
            && flow.prevFrame == flow.prevRequestFrame && (back == null || back.packets == 0 || back.lastFrame < flow.prevRequestFrame);
        flow.prevRequestPsn = v.psn;
        flow.prevRequestIpId = v.ipId;
        flow.prevRequestFrame = v.frame;
        if (copy && flow.psn.started()) {
            // the network duplicated the packet (a resend has a new IPv4 Identification): no retransmission, no new data
            flow.psn.onCopy(v.frame, flow.packets);
            return;
        }
        resolveReadSpan(flow, c);
        int consumed = 1;
        boolean read = Opcodes.isReadRequest(v.opcode);
        int mtu = -1;
        if (read) {
            mtu = mtu(c);
            long len = Math.max(1, v.dmaLen);
            consumed = (int) Math.max(1, (len + (mtu > 0 ? mtu : 4096) - 1) / (mtu > 0 ? mtu : 4096));
            flow.readPsn = v.psn;
            flow.readLength = len;
            flow.readSpan = consumed;
            flow.readGuessed = mtu <= 0;
        }
        if (v.badIcrc) { flow.lastBadIcrcPsn = v.psn; flow.lastBadIcrcFrame = v.frame; }
        AckTracker answers = flow.answers();
        String cause = answers.lastNakText;
        long causeFrame = answers.lastNakFrame;
        // the last sign of life on the connection before this packet: a timeout waited after it
        Flow other = back;
        long quietFrame = flow.prevFrame, quietTs = flow.prevTs;
        if (other != null && other.packets > 0 && other.lastFrame > quietFrame && other.lastFrame < v.frame) {
            quietFrame = other.lastFrame;
            quietTs = other.lastTs;
        }
        // IPv4 Identifications grow with each packet a sender sends (a resend gets a new one): an older one is a late original
        boolean sentEarlier = flow.ipIdsCount() && v.ipId >= 0 && (short) (v.ipId - flow.newestIpId) < 0;
        PsnTracker.Kind kind = flow.psn.onRequest(v.psn, consumed, v.frame, v.ts, cause, causeFrame, answers.lastNakKind, flow.packets,
            quietFrame, quietTs, sentEarlier);
        flow.ipIdSeen(v.ipId, kind == PsnTracker.Kind.IN_ORDER || kind == PsnTracker.Kind.GAP, sentEarlier);
        if (kind == PsnTracker.Kind.GAP) {
            PsnTracker t = flow.psn;
            int n = Psn.diff(t.lastMissingTo, t.lastMissingFrom) + 1;
            findings.add(FindingKind.PSN_GAP, () -> where(flow), () -> "PSN gap: " + n + (n == 1 ? " PSN" : " PSNs")
                + " missing (" + t.lastMissingFrom + "–" + t.lastMissingTo + ") before this " + InfinibandNames.opcodeLabel(v.opcode)
                + "; the packets were lost before the capture point (or the capture dropped them)", v.frame);
        }
        boolean fresh = kind == PsnTracker.Kind.IN_ORDER || kind == PsnTracker.Kind.GAP || kind == PsnTracker.Kind.FIRST;
        // Messages by PSN span: every copy goes in, the assembler counts each PSN once whatever the order.
        if (read) flow.messages().other(v.psn, consumed);
        else flow.messages().onPacket(v.psn, v.opcode, v.payloadWire);
        if (kind == PsnTracker.Kind.LATE) {
            // reordered: its first transmission, unless a resend of it came first (then its answer is ambiguous)
            if (read && !flow.psn.lastLateSeen) flow.reads().onRequest(v.psn, Math.max(0, v.dmaLen), mtu > 0 ? consumed : -1, v.frame, v.ts, readSink(flow));
            else if (flow.psn.lastLateSeen) answers.onRetransmission(v.psn);
            else answers.onRequest(v.psn, v.frame, v.ts, v.ackReq, v.atomic, false);
        } else if (read) {
            boolean reissue = kind == PsnTracker.Kind.DUPLICATE
                ? flow.reads().onReissue(v.psn)
                : flow.reads().onRequest(v.psn, Math.max(0, v.dmaLen), mtu > 0 ? consumed : -1, v.frame, v.ts, readSink(flow));
            if (reissue) answers.lastNakText = null;
        } else if (fresh || kind == PsnTracker.Kind.OUT_OF_ORDER) {
            // a late fill may be a PSN's second transmission (its first lost before the capture point): Karn leaves it out
            answers.onRequest(v.psn, v.frame, v.ts, v.ackReq, v.atomic, kind == PsnTracker.Kind.OUT_OF_ORDER);
        } else {
            answers.onRetransmission(v.psn);
        }
        if (!fresh && kind != PsnTracker.Kind.LATE) answers.lastNakText = null;   // this retransmission answered it
        TransportObservations.request(flow, v, fresh, quietFrame, quietTs);
        if (kind == PsnTracker.Kind.FIRST && c.setup != SetupKind.UNKNOWN) {
            Endpoint sender = c.a.ip.equals(v.src) && flow == c.ab ? c.a : c.b;
            if (sender.startPsn >= 0 && sender.startPsn != v.psn) {
                findings.add(FindingKind.PSN_UNEXPECTED_START, where(flow), String.format(
                    "First request PSN %d is not the starting PSN %d the set-up announced", v.psn, sender.startPsn), v.frame);
            }
        }
    }

    /** After a READ with an unknown MTU, the next request's PSN shows how many PSNs the READ used. */
    private void resolveReadSpan(Flow flow, Connection c) {
        if (flow.readPsn < 0 || !flow.readGuessed) { flow.readPsn = -1; return; }
        int used = -1;
        int known = mtu(c);   // the READ's responses (or other segments) may have shown the MTU meanwhile
        if (known > 0) {
            used = (int) Math.max(1, (flow.readLength + known - 1) / known);
        } else if (Psn.diff(v.psn, Psn.add(flow.readPsn, flow.readSpan)) >= 0) {
            // else the next request's PSN shows it (unless it re-issues part of the READ)
            int diff = Psn.diff(v.psn, flow.readPsn);
            for (int mtu : new int[] {256, 512, 1024, 2048, 4096}) {
                if (diff == (int) Math.max(1, (flow.readLength + mtu - 1) / mtu)) {
                    c.mtu = mtu;
                    c.mtuSource = "inferred";
                    used = diff;
                    break;
                }
            }
        }
        if (used > flow.readSpan) {
            int end = Psn.add(flow.readPsn, used);
            if (Psn.diff(end, flow.psn.next()) > 0) flow.psn.setNext(end);
            flow.messages().other(Psn.add(flow.readPsn, flow.readSpan), used - flow.readSpan);
        }
        flow.readPsn = -1;
    }

    private int mtu(Connection c) {
        if (c.mtu > 0) return c.mtu;
        int inferred = c.inferredMtu();
        if (inferred > 0) { c.mtu = inferred; c.mtuSource = "inferred"; }
        return c.mtu;
    }

    private void response(Flow flow) {
        flow.responses++;
        Connection c = flow.connection;
        Flow requester = flow.peer();
        if (requester == null) return;   // answers to requests we never saw
        AckTracker answers = requester.answers();
        if (Opcodes.isReadResponse(v.opcode)) {
            answers.readResponses++;
            int missing = requester.reads().onResponse(v.opcode, v.psn, v.payloadWire, mtu(c), v.ts, answers,
                flow.readResponseMessages(), requester.psn.covers(v.psn));
            if (missing >= 0) {
                String text = "READ response PSN " + missing + " missing";
                answers.noteCause(v.frame, text, "read.response_gap");
                findings.add(FindingKind.READ_RESPONSE_GAP, () -> where(flow), () -> text + " (PSN " + v.psn
                    + " came instead): lost on the way back; the requester re-issues the READ for the rest", v.frame);
            }
        } else if (Opcodes.isAtomicAck(v.opcode)) {
            answers.onAtomicAck(v.psn, v.ts);
        }
        // READ responses carry an AETH too (credits, MSN), but only Acknowledge packets ACK or NAK.
        if (v.syndrome < 0 || !(Opcodes.isAck(v.opcode) || Opcodes.isAtomicAck(v.opcode))) {
            TransportObservations.answer(requester, v);   // a READ response answers its READ
            return;
        }
        TransportObservations.answer(requester, v);
        if (requester.psn.started() && !requester.psn.covers(v.psn) && ((v.syndrome >>> 5) & 3) == InfinibandNames.AETH_ACK
            && !findings.any(FindingKind.CAPTURE_LOSSY)) {
            findings.add(FindingKind.CAPTURE_LOSSY, where(requester), String.format(
                "ACK for PSN %d, which the capture never saw sent: the capture probably dropped packets", v.psn), v.frame);
        }
        // an ACK covers its PSN, a NAK (RNR or other) the PSNs before it: what the capture never showed of them it dropped
        integrity.onAnswer(requester, ((v.syndrome >>> 5) & 3) == InfinibandNames.AETH_ACK ? v.psn : Psn.add(v.psn, -1), v.frame,
            () -> where(requester));
        String nak = answers.onAck(v.psn, v.syndrome, v.msn, v.frame, v.ts);
        if (nak != null) {
            int type = (v.syndrome >>> 5) & 3, code = v.syndrome & 0x1F;
            if (type == InfinibandNames.AETH_RNR_NAK) requester.rnrEvents().add(v.ts, v.frame);
            else {
                requester.nakEvents().add(v.ts, v.frame);
                requester.naksByCode().computeIfAbsent(InfinibandNames.nakName(code), k -> new EventLog()).add(v.ts, v.frame);
            }
            if (type == InfinibandNames.AETH_RNR_NAK) {
                findings.add(FindingKind.RNR_NAK, () -> where(requester), () -> "RNR NAK for PSN " + v.psn
                    + ": the receiver had no receive buffer posted; the sender waits " + InfinibandNames.rnrTimerText(code)
                    + " and retries", v.frame);
            } else {
                nakFinding(requester, code);
                if (code == 2 && requester.lastVa != -1) scans.onAccessNak(requester.key.src(), requester.lastRkey & 0xFFFFFFFFL, requester.lastVa, v.frame);
            }
        }
    }

    /**
     * A NAK's finding. A PSN Sequence Error names its cause when the tracker saw it: an RNR NAK the
     * responder sent for that PSN (it drops what follows until the PSN comes again: no loss), a PSN gap
     * that left it missing, or its packet's bad ICRC.
     */
    private void nakFinding(Flow requester, int code) {
        AckTracker answers = requester.answers();
        PsnTracker p = requester.psn;
        int psn = v.psn;
        Finding.Cause cause = null;
        String why;
        FindingKind kind = FindingKind.nak(code);
        Severity s = kind.severity();
        if (code == 0 && answers.rnrFrame >= 0 && answers.rnrPsn == psn) {
            cause = new Finding.Cause(answers.rnrFrame, "rnr_nak");
            s = Severity.NOTE;
            why = "the responder still expects PSN " + psn + ", which it RNR-NAKed in frame " + answers.rnrFrame
                + ": it drops the packets sent after it until it is resent. A consequence of the RNR NAK, not a loss";
        } else if (code == 0 && p.lastGapFrame >= 0 && Psn.diff(psn, p.lastMissingFrom) >= 0 && Psn.diff(p.lastMissingTo, psn) >= 0) {
            cause = new Finding.Cause(p.lastGapFrame, "psn.gap");
            why = "the responder expected PSN " + psn + ", missing from the gap before frame " + p.lastGapFrame + ": a packet was lost";
        } else if (code == 0 && requester.lastBadIcrcFrame >= 0 && requester.lastBadIcrcPsn == psn) {
            cause = new Finding.Cause(requester.lastBadIcrcFrame, "icrc.bad");
            why = "the responder expected PSN " + psn + ", whose packet (frame " + requester.lastBadIcrcFrame
                + ") was corrupted (bad ICRC) and dropped";
        } else {
            why = code == 0 ? "the responder expected PSN " + psn + ": a packet was lost or arrived out of order"
                : code == 2 ? "the R_Key, address or access rights of the request were refused (the QP goes to error)"
                : code == 1 ? "the responder could not accept the request (QP goes to error)"
                : "the responder failed the request (QP goes to error)";
        }
        String text = "NAK " + InfinibandNames.nakName(code) + ": " + why;
        findings.add(kind, s, () -> where(requester), () -> text, v.frame, cause);
    }

    // ---- congestion ----

    private void cnp() {
        cnps++;
        // A CNP goes to the data sender (the reaction point): its DestQP is the sender's QP.
        Connection c = byEndpoint.get(v.dst, v.destQp);
        Flow throttled = c == null ? null : c.a.ip.equals(v.dst) && c.a.qpn == v.destQp ? c.ab : c.ba;
        if (throttled != null) {
            throttled.cnps++;
            throttled.cnpEvents().add(v.ts, v.frame);
            throttled.cnpFrames().add(v.frame, v.frame);
        }
        else unattributedCnps++;
        fabric.onCnp(throttled, v);
    }

    private void macControl(DecodedFrame f) {
        int op = (int) f.get(Fields.MACC_OPCODE, -1);
        if (op == 1) {
            int time = (int) f.get(Fields.MACC_PAUSE_TIME, 0);
            pauses.onPause(PauseTracker.PAUSE, time, v.ts, v.frame);
            fabric.onPause(PauseTracker.PAUSE, time, v.ts);
        }
        if (op == 0x0101) {
            int enbv = (int) f.get(Fields.MACC_CBFC_ENBV, 0);
            for (int p = 0; p < 8; p++) {
                if ((enbv & (1 << p)) == 0) continue;
                int time = (int) f.get(Fields.MACC_CBFC_PAUSE_TIME_C[p], 0);
                pauses.onPause(p, time, v.ts, v.frame);
                fabric.onPause(p, time, v.ts);
            }
        }
    }

    // ---- while running (a live capture's progress) ----

    /** Findings made so far, kept whole (beyond Findings.MAX only counted). */
    public int findingsSoFar() { return findings.list.size(); }

    /** The findings kept whole from index {@code from} on, in the order they were made. */
    public List<Finding> findingsFrom(int from) {
        return List.copyOf(findings.list.subList(Math.min(from, findings.list.size()), findings.list.size()));
    }

    /** Findings made so far, counted (also those beyond Findings.MAX). */
    public long findingCountSoFar() { return findings.countByKind.values().stream().mapToLong(Long::longValue).sum(); }

    /** Connections seen so far (also those no longer in the flow table). */
    public int connectionsSoFar() { return nextConnectionId - 1; }

    /**
     * What the tracker knows now, without ending anything (no flow closed, no end-of-capture finding made):
     * a live gate's look at the counts so far. Read-only; on the tracker's own thread.
     */
    public Reports.Analysis snapshot() { return ReportBuilder.build(this); }

    // ---- results ----

    public Reports.Analysis finish() {
        cm.finish(findings, failedSetups, lastTs);
        timestampOrder.finish(findings);
        sockets.finish(findings, failedSetups);
        for (Connection c : connections) {
            if (c.retired) continue;
            for (Flow fl : new Flow[] {c.ab, c.ba}) if (fl != null) finishFlow(c, fl);
            scans.onConnectionDone(c);
        }
        scans.finish(findings);
        for (int p = 0; p < 9; p++) {
            if (pauses.frames[p] == 0) continue;
            double worst = pauses.worstWindowFraction(p);
            if (worst > options.pauseStormFraction()) {
                findings.add(FindingKind.PFC_STORM, p == PauseTracker.PAUSE ? "link (PAUSE)" : "priority " + p,
                    String.format("Pause storm: %s paused %.0f%% of a %d ms window (%d pause frames): traffic stalls upstream",
                        p == PauseTracker.PAUSE ? "the link" : "priority " + p, worst * 100, options.pauseWindowNanos() / 1_000_000,
                        pauses.pauses[p]), pauses.firstFrame[p]);
            }
        }
        fabric.captureFindings(pauses, findings);
        if (evictedFinding >= 0) {
            // the finding made at the first eviction, with the totals now known
            Finding f = findings.list.get(evictedFinding);
            findings.list.set(evictedFinding, new Finding(f.severity(), f.kind(), f.flow(), f.frames(), evictedMessage(), f.count(),
                f.frameRanges(), f.moreFrames(), f.causedBy()));
        }
        return ReportBuilder.build(this);
    }

    private String evictedMessage() {
        return "More than " + options.maxFlows() + " flows at once: the least recently active are no longer tracked ("
            + evicted + (evicted == 1 ? " flow" : " flows") + " evicted, the first at frame " + firstEvictionFrame
            + "; a connection whose flows are all evicted is reported as it stood then"
            + (closedNotKept > 0 ? ", " + closedNotKept + " of them only in the totals" : "") + ")";
    }

    private void finishFlow(Connection c, Flow fl) {
        fl.psn.closeEpisode();
        MessageAssembler messages = fl.messagesOrNull(), readResponses = fl.readResponseMessagesOrNull();
        if (messages != null) messages.finish();
        ReadTracker reads = fl.readsOrNull();
        if (reads != null) reads.finish(readSink(fl));
        if (readResponses != null) readResponses.finish();
        flowFindings(c, fl);
        fabric.flowFindings(fl, findings, () -> where(fl));
        if (fl == c.ba || c.ba == null) fabric.connectionFindings(c, findings);
        ConnectionEnding.check(c, fl, findings, lastTs);
    }

    /** The READ response messages of a requester flow are counted on the flow that carries them. */
    private static MessageAssembler readSink(Flow requester) {
        Flow other = requester.peer();
        return other != null ? other.readResponseMessages() : requester.orphanReadMessages();
    }

    /** Where a finding happened, in words (built only when there is a finding: it is not cheap). */
    private static String where(Flow fl) {
        return fl.key + " (" + fl.connection.describe() + ")";
    }

    private void flowFindings(Connection c, Flow fl) {
        ReadTracker reads = fl.readsOrNull();
        // most flows have nothing to report: their "where" text (not cheap) is not built
        if (fl.psn.episodes().isEmpty() && fl.psn.duplicates == 0 && fl.psn.copies == 0 && fl.psn.reordered == 0
            && fl.psn.outOfOrder == 0 && fl.ceMarked == 0 && fl.cnps == 0
            && (reads == null || reads.unanswered.isEmpty())) return;
        String where = where(fl);
        for (PsnTracker.Episode e : fl.psn.episodes()) {
            // one packet resent has no span of its own: the interval that matters is the silence in its cause
            String resent = e.packets() == 1 && e.firstPsn() == e.lastPsn() ? String.format("1 packet resent (PSN %d)", e.firstPsn())
                : String.format("%d packets resent (PSN %d–%d) over %.3f ms", e.packets(), e.firstPsn(), e.lastPsn(), e.durationNanos() / 1e6);
            findings.add(FindingKind.RETRANSMISSION, where, String.format(
                "Go-Back-N retransmission after %s%s: %s", e.cause(),
                e.causeFrame() >= 0 && !"timeout".equals(e.causeKind()) ? " in frame " + e.causeFrame() : "", resent),
                1, e.frameRanges(), e.moreFrames(), e.causeFrame() >= 0 ? new Finding.Cause(e.causeFrame(), e.causeKind()) : null);
        }
        if (fl.psn.duplicates > 0) {
            findings.addCounted(FindingKind.PSN_DUPLICATE, where, fl.psn.duplicates
                + " request packets repeated a PSN already sent (retransmissions)", fl.psn.duplicates, fl.psn.duplicateFrames(), null);
        }
        if (fl.psn.copies > 0) {
            findings.addCounted(FindingKind.PSN_COPY, where, fl.psn.copies + " request packets were copies made by the"
                + " network (the PSN and IPv4 Identification of the packet before): duplicated on the way, not resent",
                fl.psn.copies, fl.psn.copyFrames(), null);
        }
        if (fl.psn.reordered > 0) {
            findings.addCounted(FindingKind.PSN_REORDERED, where, fl.psn.reordered + " request packets arrived after later"
                + " PSNs but were sent before them (an older IPv4 Identification): reordered on the way, not resent",
                fl.psn.reordered, fl.psn.reorderedFrames(), null);
        }
        if (fl.psn.outOfOrder > 0) {
            findings.addCounted(FindingKind.PSN_OUT_OF_ORDER, where, fl.psn.outOfOrder
                + " request packets came after later PSNs without having been seen before (late or resent after a loss)",
                fl.psn.outOfOrder, fl.psn.outOfOrderFrames(), null);
        }
        if (fl.ceMarked > 0) {
            findings.addCounted(FindingKind.ECN_CE, where, fl.ceMarked + " packets ECN CE-marked by the fabric (congestion)",
                fl.ceMarked, fl.ceFrames(), null);
        }
        if (fl.cnps > 0) {
            // the receiver sends CNPs for CE-marked packets of this flow
            findings.addCounted(FindingKind.CNP, where, fl.cnps + " CNPs asked this sender to slow down (DCQCN)", fl.cnps,
                fl.cnpFrames(), fl.ceFramesOrNull() == null || fl.ceFramesOrNull().isEmpty() ? null
                    : new Finding.Cause(fl.ceFramesOrNull().first(), "ecn.ce"));
        }
        if (reads == null) return;
        for (ReadTracker.Read r : reads.unanswered) {
            findings.add(FindingKind.READ_NO_RESPONSE, where, String.format(
                "RDMA READ (PSN %d) got no response in the capture", r.psn), r.frame);
        }
    }

    // accessors for ReportBuilder
    List<Connection> connections() { return connections; }
    List<Reports.ConnectionReport> closedReports() { return closed; }
    long closedNotKept() { return closedNotKept; }
    Reports.Totals notListed() { return notListed; }
    long unattributedCnps() { return unattributedCnps; }
    long frames() { return frames; }
    long roceFrames() { return roceFrames; }
    long roceBytes() { return roceBytes; }
    long badIcrc() { return badIcrc; }
    long malformed() { return malformed; }
    long cnps() { return cnps; }
    long evicted() { return evicted; }
    int flowsInTable() { return flows.size(); }
    io.rocescope.dissector.text.Seconds durationSeconds() { return io.rocescope.dissector.text.Seconds.ofNanos(firstTs == Long.MIN_VALUE ? 0 : lastTs - firstTs); }
    long captureStart() { return firstTs == Long.MIN_VALUE ? 0 : firstTs; }
    CmSetups cm() { return cm; }
    List<Reports.SetupReport> failedSetups() { return failedSetups; }
    SocketSetups sockets() { return sockets; }
    PauseTracker pauses() { return pauses; }
    Reports.Integrity integrity() { return integrity.report(timestampOrder); }
    FabricWatch fabric() { return fabric; }
}
