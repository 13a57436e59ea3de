package io.rocescope.flow;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.CmFields;
import io.rocescope.dissector.field.FieldDef;

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

    /** Reads a CM REQ's values. */
    void onReq(DecodedFrame f, long frame) {
        source = "rdma_cm";
        frames.add(frame);
        retryCount = get(f, CmFields.REQ_RETRCOUNT);
        reqRnrRetryCount = get(f, CmFields.REQ_RNRRETRCOUNT);
        localCmResponseTimeout = get(f, CmFields.REQ_LOCALRESPTOUT);
        remoteCmResponseTimeout = get(f, CmFields.REQ_REMOTERESPTOUT);
        maxCmRetries = get(f, CmFields.REQ_MAXCMRETR);
        pathMtuCode = get(f, CmFields.REQ_PPPMTU);
        reqResponderResources = get(f, CmFields.REQ_RESPONDERRES);
        reqInitiatorDepth = get(f, CmFields.REQ_INITDEPTH);
        reqSrq = get(f, CmFields.REQ_SRQ);
        reqFlowControl = get(f, CmFields.REQ_E2EFLOWCTRL);
        pkey = get(f, CmFields.REQ_PKEY);
        trafficClass = get(f, CmFields.PATH_TFCCLASS[0]);
        hopLimit = get(f, CmFields.PATH_HOPLIM[0]);
        flowLabel = get(f, CmFields.PATH_FLOWLABEL[0]);
        localAckTimeout = get(f, CmFields.PATH_LOCALACKTOUT[0]);
    }

    /** Reads a CM REP's values. */
    void onRep(DecodedFrame f, long frame) {
        frames.add(frame);
        repRnrRetryCount = get(f, CmFields.REP_RNRRETRCOUNT);
        repResponderResources = get(f, CmFields.REP_RESPRES);
        repInitiatorDepth = get(f, CmFields.REP_INITDEPTH);
        repSrq = get(f, CmFields.REP_SRQ);
        repFlowControl = get(f, CmFields.REP_E2EFLOWCTRL);
        targetAckDelay = get(f, CmFields.REP_TGTACKDELAY);
    }

    private static Integer get(DecodedFrame f, FieldDef def) {
        int i = f.find(def);
        return i < 0 ? null : (int) f.value(i);
    }

    /** The path MTU in bytes (null when the set-up did not say). */
    Integer pathMtuBytes() {
        if (pathMtuCode == null) return null;
        int b = CmSetups.mtuBytes(pathMtuCode);
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
