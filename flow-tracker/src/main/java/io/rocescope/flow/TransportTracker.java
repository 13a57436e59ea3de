package io.rocescope.flow;

import io.rocescope.dissector.field.CmNames;

import io.rocescope.flow.TimelineEvent.Step;
import io.rocescope.dissector.decode.Expert.Severity;
import io.rocescope.dissector.field.InfinibandNames;
import io.rocescope.dissector.field.ksy.IbMadKsy;

import static io.rocescope.dissector.field.ksy.IbTransportKsy.NAK_CODE_INVALID_REQUEST;
import static io.rocescope.dissector.field.ksy.IbTransportKsy.NAK_CODE_PSN_SEQUENCE_ERROR;
import static io.rocescope.dissector.field.ksy.IbTransportKsy.NAK_CODE_REMOTE_ACCESS_ERROR;

/**
 * The transport part of the pipeline: each RoCE data packet of a flow (after the flow table found it) as
 * requests and responses: PSN order, gaps and retransmissions ({@link PsnTracker}), ACKs, NAKs and
 * round-trip times ({@link AckTracker}), messages by PSN span ({@link MessageAssembler}), READs and their
 * responses, and the per-packet findings they show. A packet's values are read during the call only.
 */
final class TransportTracker {
    /** A READ's span when the path MTU is unknown: the analysis's guess is the largest path MTU (ib_mad.ksy's mtu_4096). */
    private static final int[] PATH_MTUS = CmNames.pathMtus();
    private static final int GUESSED_MTU = CmNames.mtuBytes(IbMadKsy.PATH_MTU_MTU_4096);

    private final Findings findings;
    /** The scan detector and the capture-loss count, which all connections share. */
    private final CaptureWide wide;
    /** The event logs' budget, shared by all flows (NAKs and RNR NAKs here, CNPs in the fabric part). */
    private final EventBudget events;
    /** The packet being tracked now. */
    private PacketView v;

    TransportTracker(Findings findings, CaptureWide wide, EventBudget events) {
        this.events = events;
        this.findings = findings;
        this.wide = wide;
    }

    /** A RoCE data packet of {@code flow} (which has counted it). */
    void onPacket(Flow flow, PacketView v) {
        this.v = v;
        if (Opcodes.isUd(v.opcode)) {
            if (flow.connection.setup != SetupKind.UNKNOWN) datagram(flow);
            return;
        }
        if (Opcodes.isResponse(v.opcode)) response(flow);
        else if (Opcodes.isTrackedRequest(v.opcode)) request(flow);
    }

    /** A datagram of a UD connection that a set-up (SIDR) announced: its first one, and its Q_Key. */
    private void datagram(Flow flow) {
        Connection c = flow.connection;
        if (c.firstDataTs < 0) {
            c.firstDataTs = v.ts;
            c.firstDataFrame = v.frame;
            c.timeline.add(TimelineEvent.of(v.frame, v.ts, v.src, v.dst, Step.FIRST_DATA, InfinibandNames.opcodeLabel(v.opcode)
                + " PSN " + v.psn + String.format(" SrcQP 0x%06x Q_Key 0x%08x", v.dethSrcQp, v.qkey)));
        }
        if (c.qkey >= 0 && flow == c.ab && v.qkey != c.qkey && !c.qkeyMismatchSeen) {
            c.qkeyMismatchSeen = true;
            findings.add(FindingKind.UD_QKEY_MISMATCH, c.id, flow.where(), String.format("UD datagram with Q_Key 0x%08x where the"
                + " SIDR_REP said 0x%08x: the receiving QP drops it", v.qkey, c.qkey), v.frame);
        }
    }

    private void request(Flow flow) {
        Connection c = flow.connection;
        flow.requests++;
        if (c.firstDataTs < 0) {
            c.firstDataTs = v.ts;
            c.firstDataFrame = v.frame;
            c.timeline.add(TimelineEvent.of(v.frame, v.ts, v.src, v.dst, Step.FIRST_DATA,
                InfinibandNames.opcodeLabel(v.opcode) + " PSN " + v.psn));
        }
        if (Opcodes.isUc(v.opcode)) c.transport = Opcodes.UC;
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
            consumed = (int) Math.max(1, (len + (mtu > 0 ? mtu : GUESSED_MTU) - 1) / (mtu > 0 ? mtu : GUESSED_MTU));
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
            findings.add(FindingKind.PSN_GAP, c.id, flow::where, () -> "PSN gap: " + n + (n == 1 ? " PSN" : " PSNs")
                + " missing (" + t.lastMissingFrom + "–" + t.lastMissingTo + ") before this " + InfinibandNames.opcodeLabel(v.opcode)
                + "; the packets were lost before the capture point (or the capture dropped them)", v.frame);
        }
        boolean fresh = kind == PsnTracker.Kind.IN_ORDER || kind == PsnTracker.Kind.GAP || kind == PsnTracker.Kind.FIRST;
        // Messages by PSN span: every copy goes in, the assembler counts each PSN once whatever the order.
        if (read) flow.messages().other(v.psn, consumed);
        else flow.messages().onPacket(v.psn, v.opcode, v.payloadWire);
        if (kind == PsnTracker.Kind.LATE) {
            // reordered: its first transmission, unless a resend of it came first (then its answer is ambiguous)
            if (read && !flow.psn.lastLateSeen) flow.reads().onRequest(v.psn, Math.max(0, v.dmaLen), mtu > 0 ? consumed : -1, v.frame, v.ts, flow.readResponseSink());
            else if (flow.psn.lastLateSeen) answers.onRetransmission(v.psn);
            else answers.onRequest(v.psn, v.frame, v.ts, v.ackReq, v.atomic, false);
        } else if (read) {
            boolean reissue = kind == PsnTracker.Kind.DUPLICATE
                ? flow.reads().onReissue(v.psn)
                : flow.reads().onRequest(v.psn, Math.max(0, v.dmaLen), mtu > 0 ? consumed : -1, v.frame, v.ts, flow.readResponseSink());
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
            Endpoint sender = c.a.address.equals(v.src) && flow == c.ab ? c.a : c.b;
            if (sender.startPsn >= 0 && sender.startPsn != v.psn) {
                findings.add(FindingKind.PSN_UNEXPECTED_START, c.id, flow.where(), String.format(
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
            for (int mtu : PATH_MTUS) {
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
                answers.noteCause(v.frame, text, FindingKind.READ_RESPONSE_GAP);
                findings.add(FindingKind.READ_RESPONSE_GAP, c.id, flow::where, () -> text + " (PSN " + v.psn
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
        if (requester.psn.started() && !requester.psn.covers(v.psn) && InfinibandNames.aethType(v.syndrome) == InfinibandNames.AETH_ACK
            && !findings.any(FindingKind.CAPTURE_LOSSY)) {
            findings.add(FindingKind.CAPTURE_LOSSY, c.id, requester.where(), String.format(
                "ACK for PSN %d, which the capture never saw sent: the capture probably dropped packets", v.psn), v.frame);
        }
        // an ACK covers its PSN, a NAK (RNR or other) the PSNs before it: what the capture never showed of them it dropped
        long lost = CaptureIntegrity.lostBy(requester, InfinibandNames.aethType(v.syndrome) == InfinibandNames.AETH_ACK ? v.psn : Psn.add(v.psn, -1));
        if (lost > 0) wide.answerLoss(requester, lost, v.frame);
        String nak = answers.onAck(v.psn, v.syndrome, v.msn, v.frame, v.ts);
        if (nak != null) {
            int type = InfinibandNames.aethType(v.syndrome), code = InfinibandNames.aethValue(v.syndrome);
            if (type == InfinibandNames.AETH_RNR_NAK) requester.rnrEvents().add(v.ts, v.frame, events);
            else {
                requester.nakEvents().add(v.ts, v.frame, events);
                requester.naksByCode().computeIfAbsent(InfinibandNames.nakName(code), k -> new EventLog()).add(v.ts, v.frame, events);
            }
            if (type == InfinibandNames.AETH_RNR_NAK) {
                findings.add(FindingKind.RNR_NAK, c.id, requester::where, () -> "RNR NAK for PSN " + v.psn
                    + ": the receiver had no receive buffer posted; the sender waits " + InfinibandNames.rnrTimerText(code)
                    + " and retries", v.frame);
            } else {
                nakFinding(requester, code);
                if (code == NAK_CODE_REMOTE_ACCESS_ERROR && requester.lastVa != -1) wide.accessNak(requester.key.src(), requester.lastRkey & 0xFFFFFFFFL, requester.lastVa, v.frame);
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
        if (code == NAK_CODE_PSN_SEQUENCE_ERROR && answers.rnrFrame >= 0 && answers.rnrPsn == psn) {
            cause = new Finding.Cause(answers.rnrFrame, FindingKind.RNR_NAK);
            s = Severity.NOTE;
            why = "the responder still expects PSN " + psn + ", which it RNR-NAKed in frame " + answers.rnrFrame
                + ": it drops the packets sent after it until it is resent. A consequence of the RNR NAK, not a loss";
        } else if (code == NAK_CODE_PSN_SEQUENCE_ERROR && p.lastGapFrame >= 0 && Psn.diff(psn, p.lastMissingFrom) >= 0 && Psn.diff(p.lastMissingTo, psn) >= 0) {
            cause = new Finding.Cause(p.lastGapFrame, FindingKind.PSN_GAP);
            why = "the responder expected PSN " + psn + ", missing from the gap before frame " + p.lastGapFrame + ": a packet was lost";
        } else if (code == NAK_CODE_PSN_SEQUENCE_ERROR && requester.lastBadIcrcFrame >= 0 && requester.lastBadIcrcPsn == psn) {
            cause = new Finding.Cause(requester.lastBadIcrcFrame, FindingKind.ICRC_BAD);
            why = "the responder expected PSN " + psn + ", whose packet (frame " + requester.lastBadIcrcFrame
                + ") was corrupted (bad ICRC) and dropped";
        } else {
            why = code == NAK_CODE_PSN_SEQUENCE_ERROR ? "the responder expected PSN " + psn + ": a packet was lost or arrived out of order"
                : code == NAK_CODE_REMOTE_ACCESS_ERROR ? "the R_Key, address or access rights of the request were refused (the QP goes to error)"
                : code == NAK_CODE_INVALID_REQUEST ? "the responder could not accept the request (QP goes to error)"
                : "the responder failed the request (QP goes to error)";
        }
        String text = "NAK " + InfinibandNames.nakName(code) + ": " + why;
        findings.add(kind, s, requester.connection.id, requester::where, () -> text, v.frame, cause);
    }
}
