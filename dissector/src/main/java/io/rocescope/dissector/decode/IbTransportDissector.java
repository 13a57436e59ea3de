package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.InfinibandNames;
import io.rocescope.dissector.field.OpcodeTable;

import static io.rocescope.dissector.field.Fields.*;

/**
 * The InfiniBand transport as RoCE carries it: BTH, the extended headers the opcode calls for
 * (see {@link OpcodeTable}), payload, pad and ICRC, and the ICRC check. {@code end} is where the
 * UDP (or GRH) payload ends by its declared length; the ICRC is the 4 bytes before it.
 * Every value goes into the frame's {@link IbHeaders}; the tree's fields are added only when the
 * decode keeps details (all of the transport's fields are {@link Fields#detail() details}).
 */
final class IbTransportDissector {
    private IbTransportDissector() {}

    static void dissect(Packet p, int off, int end) {
        // RoCEv1 opened the node in the GRH dissector, native InfiniBand in the LRH dissector
        boolean v2 = p.l3Kind != IcrcCalculator.GRH && p.l3Kind != IcrcCalculator.LRH && p.l3Kind != IcrcCalculator.LRH_GRH;
        int ib = v2 ? p.open(IB, off) : -1;
        try {
            dissectBody(p, off, end);
        } finally {
            if (v2) p.close(ib, Math.min(end, p.cap));
        }
    }

    private static void dissectBody(Packet p, int off, int end) {
        DecodedFrame f = p.f;
        if (end - off < 12 + 4) {
            p.malformed("InfiniBand: " + (end - off) + " bytes cannot hold a BTH and an ICRC");
            return;
        }
        if (!p.need(off, 12, "BTH")) return;
        f.roce = true;
        byte[] d = p.d;
        IbHeaders h = f.ib;
        int opcode = Bytes.u8(d, off);
        int b1 = Bytes.u8(d, off + 1);
        int b4 = Bytes.u8(d, off + 4);
        int b8 = Bytes.u8(d, off + 8);
        h.opcode = opcode;
        h.solicited = (b1 & 0x80) != 0;
        h.migReq = (b1 & 0x40) != 0;
        int pad = (b1 >>> 4) & 3;
        h.padCnt = pad;
        h.tver = b1 & 0xF;
        h.pKey = Bytes.u16(d, off + 2);
        h.fecn = (b4 & 0x80) != 0;
        h.becn = (b4 & 0x40) != 0;
        h.destQp = Bytes.u24(d, off + 5);
        h.ackReq = (b8 & 0x80) != 0;
        h.psn = Bytes.u24(d, off + 9);
        if (p.detail) {
            int node = f.open(BTH, off);
            f.add(BTH_OPCODE, off, 1, opcode);
            p.bits(BTH_SE, off + 1, 1, b1, 7, 1);
            p.bits(BTH_M, off + 1, 1, b1, 6, 1);
            f.add(BTH_PADCNT, off + 1, 1, pad);
            p.bits(BTH_TVER, off + 1, 1, b1, 0, 0xF);
            f.add(BTH_P_KEY, off + 2, 2, h.pKey);
            p.bits(BTH_FECN, off + 4, 1, b4, 7, 1);
            p.bits(BTH_BECN, off + 4, 1, b4, 6, 1);
            p.bits(BTH_RESERVED6, off + 4, 1, b4, 0, 0x3F);
            f.add(BTH_DESTQP, off + 5, 3, h.destQp);
            p.bits(BTH_A, off + 8, 1, b8, 7, 1);
            p.bits(BTH_RESERVED7, off + 8, 1, b8, 0, 0x7F);
            f.add(BTH_PSN, off + 9, 3, h.psn);
            f.close(node, off + 12);
        }

        int icrcOff = end - 4;
        int pos = off + 12;
        if (!OpcodeTable.isDefined(opcode)) {
            f.expert(new Expert(Expert.Severity.WARNING, "opcode.unknown",
                InfinibandNames.opcodeLabel(opcode) + " (reserved or vendor-specific): the rest is shown as payload"));
        }
        int headers = OpcodeTable.headers(opcode);
        for (int bit = 1; bit <= OpcodeTable.CNP_PADDING; bit <<= 1) {
            if ((headers & bit) == 0) continue;
            int size = OpcodeTable.size(bit);
            if (pos + size > icrcOff) {
                p.malformed("InfiniBand: " + InfinibandNames.opcodeLabel(opcode) + " needs " + headerName(bit)
                    + " at offset " + pos + " but the packet ends at " + icrcOff);
                return;
            }
            if (!p.need(pos, size, headerName(bit))) return;
            extendedHeader(p, h, bit, pos);
            h.headers |= bit;
            pos += size;
        }
        int payloadEnd = icrcOff - pad;
        if (payloadEnd < pos) {
            p.malformed("InfiniBand: pad count " + pad + " leaves no room for the headers (lengths do not add up)");
            return;
        }
        int capEnd = Math.min(payloadEnd, p.cap);
        h.payloadOffset = pos;
        h.payloadLength = payloadEnd - pos;
        h.payloadCaptured = Math.max(0, capEnd - pos);
        if (p.detail && payloadEnd > pos && capEnd > pos) p.bytes(PAYLOAD, pos, capEnd - pos);
        // GSI traffic (the CM and other management classes) rides a UD SEND Only to QP1 (QP0 on IB).
        if (opcode == 0x64 && h.destQp <= 1 && payloadEnd - pos >= MadDissector.MAD_SIZE) {
            MadDissector.dissect(p, pos);
        } else if (p.detail && payloadEnd > pos && capEnd > pos) {
            p.data(pos, capEnd - pos);   // where Wireshark puts a payload it does not decode
        }
        if (p.detail && pad > 0 && payloadEnd + pad <= p.cap) p.bytes(PAD, payloadEnd, pad);
        if (icrcOff + 4 > p.cap) {
            f.icrcStatus = DecodedFrame.IcrcStatus.UNCHECKED;
            // the ICRC's bytes were not captured: the status sits where the captured bytes end, not past them
            if (p.detail) f.add(ICRC_STATUS, Math.min(icrcOff, p.cap), 0, f.icrcStatus.ordinal());
            f.expert(Expert.truncated("ICRC not checked: the frame was cut at " + p.cap + " bytes by the capture's snaplen"));
            return;
        }
        if (p.detail) f.add(INVARIANT_CRC, icrcOff, 4, Bytes.u32(d, icrcOff));
        long found = IcrcCalculator.found(d, icrcOff);
        long expected = p.icrc.compute(d, p.l3Offset, p.l3Kind, p.l3HeaderLength, p.udpOffset, off, icrcOff);
        boolean good = found == expected;
        f.icrcStatus = good ? DecodedFrame.IcrcStatus.GOOD : DecodedFrame.IcrcStatus.BAD;
        if (p.detail) f.add(ICRC_STATUS, icrcOff, 4, f.icrcStatus.ordinal());
        if (!good) {
            if (p.detail) {
                f.add(ICRC_FOUND, icrcOff, 4, found);
                f.add(ICRC_EXPECTED, icrcOff, 4, expected);
            }
            f.expert(new Expert(Expert.Severity.ERROR, "icrc.bad",
                String.format("Bad ICRC: found 0x%08x, expected 0x%08x (frame corrupted in flight)", found, expected)));
        }
    }

    static String headerName(int bit) {
        switch (bit) {
            case OpcodeTable.XRCETH: return "XRCETH";
            case OpcodeTable.RDETH: return "RDETH";
            case OpcodeTable.DETH: return "DETH";
            case OpcodeTable.FETH: return "FETH";
            case OpcodeTable.RETH: return "RETH";
            case OpcodeTable.ATOMICETH: return "AtomicETH";
            case OpcodeTable.AETH: return "AETH";
            case OpcodeTable.ATOMICACKETH: return "AtomicAckETH";
            case OpcodeTable.IMMDT: return "ImmDt";
            case OpcodeTable.IETH: return "IETH";
            case OpcodeTable.CNP_PADDING: return "CNP padding";
            default: return "header";
        }
    }

    /** Decodes one extended header into {@code h} and, with details, into the tree. */
    private static void extendedHeader(Packet p, IbHeaders h, int bit, int o) {
        byte[] d = p.d;
        switch (bit) {
            case OpcodeTable.XRCETH:
                h.xrcSrq = Bytes.u24(d, o + 1);
                if (p.detail) node(p, Fields.XRCETH, o).add(XRCETH_XRCSRQ, o + 1, 3, h.xrcSrq).close(o + 4);
                break;
            case OpcodeTable.RDETH:
                h.eeCnxt = Bytes.u24(d, o + 1);
                if (p.detail) node(p, Fields.RDETH, o).add(RDETH_EECNXT, o + 1, 3, h.eeCnxt).close(o + 4);
                break;
            case OpcodeTable.DETH:
                h.qKey = Bytes.u32(d, o);
                h.srcQp = Bytes.u24(d, o + 5);
                if (p.detail) node(p, Fields.DETH, o).add(DETH_Q_KEY, o, 4, h.qKey).add(DETH_SRCQP, o + 5, 3, h.srcQp).close(o + 8);
                break;
            case OpcodeTable.FETH: {
                int b = Bytes.u8(d, o + 3);
                h.fethSel = (b >>> 4) & 3;
                h.fethPlt = b & 0xF;
                if (p.detail) node(p, Fields.FETH, o).add(FETH_SEL, o + 3, 1, h.fethSel).add(FETH_PLT, o + 3, 1, h.fethPlt).close(o + 4);
                break;
            }
            case OpcodeTable.RETH:
                h.rethVa = Bytes.u64(d, o);
                h.rethRKey = Bytes.u32(d, o + 8);
                h.rethDmaLength = Bytes.u32(d, o + 12);
                if (p.detail) {
                    node(p, Fields.RETH, o).add(RETH_VA, o, 8, h.rethVa).add(RETH_R_KEY, o + 8, 4, h.rethRKey)
                        .add(RETH_DMALEN, o + 12, 4, h.rethDmaLength).close(o + 16);
                }
                break;
            case OpcodeTable.ATOMICETH:
                h.atomicVa = Bytes.u64(d, o);
                h.atomicRKey = Bytes.u32(d, o + 8);
                h.swapAdd = Bytes.u64(d, o + 12);
                h.compare = Bytes.u64(d, o + 20);
                if (p.detail) {
                    node(p, Fields.ATOMICETH, o).add(ATOMICETH_VA, o, 8, h.atomicVa).add(ATOMICETH_R_KEY, o + 8, 4, h.atomicRKey)
                        .add(ATOMICETH_SWAPDT, o + 12, 8, h.swapAdd).add(ATOMICETH_CMPDT, o + 20, 8, h.compare).close(o + 28);
                }
                break;
            case OpcodeTable.AETH: {
                int syn = Bytes.u8(d, o);
                h.syndrome = syn;
                h.msn = Bytes.u24(d, o + 1);
                if (p.detail) {
                    int type = (syn >>> 5) & 3;
                    FieldSubtree t = node(p, Fields.AETH, o).add(AETH_SYNDROME, o, 1, syn)
                        .add(AETH_SYN_RESERVED, o, 1, (syn >>> 7) & 1).add(AETH_SYN_TYPE, o, 1, type);
                    switch (type) {
                        case InfinibandNames.AETH_ACK: t.add(AETH_SYN_CREDIT, o, 1, syn & 0x1F); break;
                        case InfinibandNames.AETH_RNR_NAK: t.add(AETH_SYN_TIMER, o, 1, syn & 0x1F); break;
                        case InfinibandNames.AETH_NAK: t.add(AETH_SYN_ERROR, o, 1, syn & 0x1F); break;
                        default: t.add(AETH_SYN_RESERVED_VALUE, o, 1, syn & 0x1F);
                    }
                    t.add(AETH_MSN, o + 1, 3, h.msn).close(o + 4);
                }
                break;
            }
            case OpcodeTable.ATOMICACKETH:
                h.origRemoteData = Bytes.u64(d, o);
                if (p.detail) node(p, Fields.ATOMICACKETH, o).add(ATOMICACKETH_ORIGREMDT, o, 8, h.origRemoteData).close(o + 8);
                break;
            case OpcodeTable.IMMDT:
                h.immediate = Bytes.u32(d, o);
                if (p.detail) p.f.add(Fields.IMMDT, o, 4, h.immediate);
                break;
            case OpcodeTable.IETH:
                h.invalidateRKey = Bytes.u32(d, o);
                if (p.detail) p.f.add(Fields.IETH, o, 4, h.invalidateRKey);
                break;
            case OpcodeTable.CNP_PADDING:
                if (p.detail) node(p, CNP, o).add(CNP_RESERVED, o, 16, 0).close(o + 16);
                break;
            default:
                throw new IllegalStateException("header bit " + bit);
        }
    }

    private static FieldSubtree node(Packet p, io.rocescope.dissector.field.FieldDef def, int off) {
        return p.subtree.open(p.f, def, off);
    }
}
