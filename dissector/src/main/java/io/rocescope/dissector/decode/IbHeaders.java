package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.OpcodeTable;

/**
 * The InfiniBand transport values of one frame as plain numbers: the BTH and whichever extended
 * headers were decoded, the payload's place and the ICRC. Like Wireshark's per-packet info, it is
 * what the one-line view and the flow tracker read, filled in by the dissector whether or not the
 * field tree is built; the tree holds the same values as fields (a test checks they agree).
 * Valid when {@link DecodedFrame#isRoce()}; reused from frame to frame.
 */
public final class IbHeaders {
    int opcode, padCnt, tver, pKey, destQp, psn;
    boolean solicited, migReq, fecn, becn, ackReq;
    /** Header bits ({@code IbTransportKsy.HEADER_RETH} …, walked by {@link OpcodeTable}) of the extended headers that were decoded. */
    int headers;
    int xrcSrq, eeCnxt, srcQp, fethSel, fethPlt, syndrome, msn;
    long qKey, rethVa, rethRKey, rethDmaLength, atomicVa, atomicRKey, swapAdd, compare, origRemoteData, immediate,
        invalidateRKey;
    int payloadOffset, payloadLength, payloadCaptured;
    /** Where a described extended header ({@link io.rocescope.dissector.field.ExtendedHeaders}) starts; -1: none. */
    int describedOffset = -1;

    void reset() {
        headers = 0;
        describedOffset = -1;
        payloadOffset = payloadLength = payloadCaptured = 0;
    }

    public int opcode() { return opcode; }
    public boolean solicitedEvent() { return solicited; }
    public boolean migReq() { return migReq; }
    public int padCount() { return padCnt; }
    public int transportVersion() { return tver; }
    public int partitionKey() { return pKey; }
    public boolean fecn() { return fecn; }
    public boolean becn() { return becn; }
    public int destQp() { return destQp; }
    public boolean ackRequest() { return ackReq; }
    public int psn() { return psn; }

    /** True when the extended header {@code headerBit} ({@code IbTransportKsy.HEADER_RETH} …) was decoded. */
    public boolean has(int headerBit) { return (headers & headerBit) != 0; }

    public int xrcSrq() { return xrcSrq; }
    public int eeContext() { return eeCnxt; }
    /** DETH. */
    public long qKey() { return qKey; }
    public int srcQp() { return srcQp; }
    public int flushSelectivity() { return fethSel; }
    public int flushPlacement() { return fethPlt; }
    /** RETH. */
    public long rethVa() { return rethVa; }
    public long rethRKey() { return rethRKey; }
    public long dmaLength() { return rethDmaLength; }
    /** AtomicETH. */
    public long atomicVa() { return atomicVa; }
    public long atomicRKey() { return atomicRKey; }
    public long swapOrAddData() { return swapAdd; }
    public long compareData() { return compare; }
    /** AETH: the whole syndrome byte (type in bits 6-5, value in bits 4-0) and the MSN. */
    public int syndrome() { return syndrome; }
    public int msn() { return msn; }
    /** AtomicAckETH. */
    public long originalRemoteData() { return origRemoteData; }
    public long immediate() { return immediate; }
    public long invalidateRKey() { return invalidateRKey; }

    /** Where the payload starts in the frame, its length by the headers, and how much of it was captured. */
    public int payloadOffset() { return payloadOffset; }
    public int payloadLength() { return payloadLength; }
    public int payloadCaptured() { return payloadCaptured; }
    /** The frame offset of the described extended header this opcode carries, or -1 when none was decoded. */
    public int describedHeaderOffset() { return describedOffset; }

    void copyFrom(IbHeaders o) {
        opcode = o.opcode; padCnt = o.padCnt; tver = o.tver; pKey = o.pKey; destQp = o.destQp; psn = o.psn;
        solicited = o.solicited; migReq = o.migReq; fecn = o.fecn; becn = o.becn; ackReq = o.ackReq;
        headers = o.headers;
        xrcSrq = o.xrcSrq; eeCnxt = o.eeCnxt; srcQp = o.srcQp; fethSel = o.fethSel; fethPlt = o.fethPlt;
        syndrome = o.syndrome; msn = o.msn;
        qKey = o.qKey; rethVa = o.rethVa; rethRKey = o.rethRKey; rethDmaLength = o.rethDmaLength;
        atomicVa = o.atomicVa; atomicRKey = o.atomicRKey; swapAdd = o.swapAdd; compare = o.compare;
        origRemoteData = o.origRemoteData; immediate = o.immediate; invalidateRKey = o.invalidateRKey;
        payloadOffset = o.payloadOffset; payloadLength = o.payloadLength; payloadCaptured = o.payloadCaptured;
        describedOffset = o.describedOffset;
    }
}
