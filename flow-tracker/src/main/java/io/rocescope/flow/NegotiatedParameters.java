package io.rocescope.flow;

import io.rocescope.dissector.field.CmNames;

import io.rocescope.dissector.cm.CmMessage;
import io.rocescope.dissector.cm.CmPath;

import java.util.ArrayList;
import java.util.List;

/**
 * A connection's parameters as its set-up carried them: the CM REQ/REP's (IBTA 12.6.5, 12.6.8) or
 * perftest's key exchange (MTU, outstanding reads). Unknown values stay null.
 * <p>
 * Which side a value governs follows the Linux CM (and IBTA): the REQ's Retry Count is used by both
 * QPs, its RNR Retry Count by the passive side's QP, the REP's RNR Retry Count by the active side's; the
 * REQ's Initiator Depth bounds the active side's outstanding READs/atomics, the REP's Responder Resources
 * what the passive side accepts of them (and the other way round for the REP's Initiator Depth and the
 * REQ's Responder Resources).
 */
final class NegotiatedParameters {
    /** "rdma_cm", "perftest". */
    String source;
    final List<Long> frames = new ArrayList<>(2);
    Integer retryCount, reqRnrRetryCount, repRnrRetryCount, localCmResponseTimeout, remoteCmResponseTimeout, maxCmRetries;
    Integer pathMtuCode, reqResponderResources, reqInitiatorDepth, repResponderResources, repInitiatorDepth;
    Integer reqSrq, repSrq, reqFlowControl, repFlowControl, pkey, trafficClass, hopLimit, flowLabel, localAckTimeout;
    Integer targetAckDelay;
    /** perftest's key records: the outstanding reads each side announced (A = client, B = server). */
    Integer outReadsA, outReadsB;

    /** Takes a CM REQ's values. */
    void onReq(CmMessage.Req req, long frame) {
        source = "rdma_cm";
        frames.add(frame);
        retryCount = req.retryCount();
        reqRnrRetryCount = req.rnrRetryCount();
        localCmResponseTimeout = req.localCmResponseTimeout();
        remoteCmResponseTimeout = req.remoteCmResponseTimeout();
        maxCmRetries = req.maxCmRetries();
        pathMtuCode = req.pathMtu();
        reqResponderResources = req.responderResources();
        reqInitiatorDepth = req.initiatorDepth();
        reqSrq = req.srq();
        reqFlowControl = req.endToEndFlowControl();
        pkey = req.partitionKey();
        CmPath primary = req.primaryPath();
        trafficClass = primary.trafficClass();
        hopLimit = primary.hopLimit();
        flowLabel = primary.flowLabel();
        localAckTimeout = primary.localAckTimeout();
    }

    /** Takes a CM REP's values. */
    void onRep(CmMessage.Rep rep, long frame) {
        frames.add(frame);
        repRnrRetryCount = rep.rnrRetryCount();
        repResponderResources = rep.responderResources();
        repInitiatorDepth = rep.initiatorDepth();
        repSrq = rep.srq();
        repFlowControl = rep.endToEndFlowControl();
        targetAckDelay = rep.targetAckDelay();
    }

    /** The path MTU in bytes (null when the set-up did not say). */
    Integer pathMtuBytes() {
        if (pathMtuCode == null) return null;
        int b = CmNames.mtuBytes(pathMtuCode);
        return b > 0 ? b : null;
    }

    /** The RNR Retry Count the QP sending A→B (the active side) uses, or B→A. */
    Integer rnrRetryCount(boolean aToB) { return aToB ? repRnrRetryCount : reqRnrRetryCount; }

    /** The READs/atomics the sender of this direction may have outstanding: its initiator depth and the peer's responder resources. */
    Integer initiatorDepth(boolean aToB) { return aToB ? reqInitiatorDepth : repInitiatorDepth; }
    Integer peerResponderResources(boolean aToB) { return aToB ? repResponderResources : reqResponderResources; }

    /** Both limits in one: the smaller of the two that are known. */
    Integer readLimit(boolean aToB) {
        Integer d = initiatorDepth(aToB), r = peerResponderResources(aToB);
        if (d == null) return r;
        if (r == null) return d;
        return Math.min(d, r);
    }

    Integer outReads(boolean aToB) { return aToB ? outReadsA : outReadsB; }
}
