package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.InfinibandNames;
import io.rocescope.dissector.field.OpcodeTable;

import static io.rocescope.dissector.field.Fields.*;

/**
 * The InfiniBand transport as RoCE carries it: BTH, the extended headers the opcode calls for
 * (see {@link OpcodeTable}), payload, pad and ICRC, and the ICRC check. {@code end} is where the
 * UDP (or GRH) payload ends by its declared length; the ICRC is the 4 bytes before it.
 */
final class IbTransportDissector {
    private IbTransportDissector() {}

    private static final ThreadLocal<IcrcCalculator> ICRC = ThreadLocal.withInitial(IcrcCalculator::new);

    static void dissect(Packet p, int off, int end) {
        DecodedFrame f = p.f;
        boolean v2 = p.l3Kind != IcrcCalculator.GRH;
        int ib = v2 ? f.open(IB, off) : -1;   // RoCEv1 opened the node in the GRH dissector
        try {
            dissectBody(p, off, end);
        } finally {
            if (ib >= 0) f.close(ib, Math.min(end, p.cap));
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
        int node = f.open(BTH, off);
        int opcode = p.u8(BTH_OPCODE, off);
        int b1 = Bytes.u8(d, off + 1);
        p.bits(BTH_SE, off + 1, 1, b1, 7, 1);
        p.bits(BTH_M, off + 1, 1, b1, 6, 1);
        int pad = p.bits(BTH_PADCNT, off + 1, 1, b1, 4, 3);
        p.bits(BTH_TVER, off + 1, 1, b1, 0, 0xF);
        p.u16(BTH_P_KEY, off + 2);
        int b4 = Bytes.u8(d, off + 4);
        p.bits(BTH_FECN, off + 4, 1, b4, 7, 1);
        p.bits(BTH_BECN, off + 4, 1, b4, 6, 1);
        p.bits(BTH_RESERVED6, off + 4, 1, b4, 0, 0x3F);
        p.u24(BTH_DESTQP, off + 5);
        int b8 = Bytes.u8(d, off + 8);
        p.bits(BTH_A, off + 8, 1, b8, 7, 1);
        p.bits(BTH_RESERVED7, off + 8, 1, b8, 0, 0x7F);
        p.u24(BTH_PSN, off + 9);
        f.close(node, off + 12);

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
            extendedHeader(p, bit, pos);
            pos += size;
        }
        int payloadEnd = icrcOff - pad;
        if (payloadEnd < pos) {
            p.malformed("InfiniBand: pad count " + pad + " leaves no room for the headers (lengths do not add up)");
            return;
        }
        int capEnd = Math.min(payloadEnd, p.cap);
        if (payloadEnd > pos && capEnd > pos) p.bytes(PAYLOAD, pos, capEnd - pos);
        // GSI traffic (the CM and other management classes) rides a UD SEND Only to QP1 (QP0 on IB).
        if (opcode == 0x64 && Bytes.u24(d, off + 5) <= 1 && payloadEnd - pos >= MadDissector.MAD_SIZE) {
            MadDissector.dissect(p, pos);
        }
        if (pad > 0 && payloadEnd + pad <= p.cap) p.bytes(PAD, payloadEnd, pad);
        if (icrcOff + 4 > p.cap) {
            f.icrcStatus = DecodedFrame.IcrcStatus.UNCHECKED;
            f.add(ICRC_STATUS, icrcOff, 0, f.icrcStatus.ordinal());
            f.expert(Expert.truncated("ICRC not checked: the frame was cut at " + p.cap + " bytes by the capture's snaplen"));
            return;
        }
        p.f.add(INVARIANT_CRC, icrcOff, 4, Bytes.u32(d, icrcOff));
        long found = IcrcCalculator.found(d, icrcOff);
        long expected = ICRC.get().compute(d, p.l3Offset, p.l3Kind, p.l3HeaderLength, p.udpOffset, off, icrcOff);
        boolean good = found == expected;
        f.icrcStatus = good ? DecodedFrame.IcrcStatus.GOOD : DecodedFrame.IcrcStatus.BAD;
        f.add(ICRC_STATUS, icrcOff, 4, f.icrcStatus.ordinal());
        if (!good) {
            f.add(ICRC_FOUND, icrcOff, 4, found);
            f.add(ICRC_EXPECTED, icrcOff, 4, expected);
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

    private static void extendedHeader(Packet p, int bit, int o) {
        DecodedFrame f = p.f;
        byte[] d = p.d;
        int node;
        switch (bit) {
            case OpcodeTable.XRCETH:
                node = f.open(Fields.XRCETH, o);
                p.u24(XRCETH_XRCSRQ, o + 1);
                f.close(node, o + 4);
                break;
            case OpcodeTable.RDETH:
                node = f.open(Fields.RDETH, o);
                p.u24(RDETH_EECNXT, o + 1);
                f.close(node, o + 4);
                break;
            case OpcodeTable.DETH:
                node = f.open(Fields.DETH, o);
                p.u32(DETH_Q_KEY, o);
                p.u24(DETH_SRCQP, o + 5);
                f.close(node, o + 8);
                break;
            case OpcodeTable.FETH: {
                node = f.open(Fields.FETH, o);
                int b = Bytes.u8(d, o + 3);
                p.bits(FETH_SEL, o + 3, 1, b, 4, 3);
                p.bits(FETH_PLT, o + 3, 1, b, 0, 0xF);
                f.close(node, o + 4);
                break;
            }
            case OpcodeTable.RETH:
                node = f.open(Fields.RETH, o);
                p.u64(RETH_VA, o);
                p.u32(RETH_R_KEY, o + 8);
                p.u32(RETH_DMALEN, o + 12);
                f.close(node, o + 16);
                break;
            case OpcodeTable.ATOMICETH:
                node = f.open(Fields.ATOMICETH, o);
                p.u64(ATOMICETH_VA, o);
                p.u32(ATOMICETH_R_KEY, o + 8);
                p.u64(ATOMICETH_SWAPDT, o + 12);
                p.u64(ATOMICETH_CMPDT, o + 20);
                f.close(node, o + 28);
                break;
            case OpcodeTable.AETH: {
                node = f.open(Fields.AETH, o);
                int syn = p.u8(AETH_SYNDROME, o);
                int type = (syn >>> 5) & 3;
                p.bits(AETH_SYN_RESERVED, o, 1, syn, 7, 1);
                p.bits(AETH_SYN_TYPE, o, 1, syn, 5, 3);
                switch (type) {
                    case InfinibandNames.AETH_ACK: p.bits(AETH_SYN_CREDIT, o, 1, syn, 0, 0x1F); break;
                    case InfinibandNames.AETH_RNR_NAK: p.bits(AETH_SYN_TIMER, o, 1, syn, 0, 0x1F); break;
                    case InfinibandNames.AETH_NAK: p.bits(AETH_SYN_ERROR, o, 1, syn, 0, 0x1F); break;
                    default: p.bits(AETH_SYN_RESERVED_VALUE, o, 1, syn, 0, 0x1F);
                }
                p.u24(AETH_MSN, o + 1);
                f.close(node, o + 4);
                break;
            }
            case OpcodeTable.ATOMICACKETH:
                node = f.open(Fields.ATOMICACKETH, o);
                p.u64(ATOMICACKETH_ORIGREMDT, o);
                f.close(node, o + 8);
                break;
            case OpcodeTable.IMMDT:
                p.u32(Fields.IMMDT, o);
                break;
            case OpcodeTable.IETH:
                p.u32(Fields.IETH, o);
                break;
            case OpcodeTable.CNP_PADDING:
                node = f.open(CNP, o);
                p.bytes(CNP_RESERVED, o, 16);
                f.close(node, o + 16);
                break;
            default:
                throw new IllegalStateException("header bit " + bit);
        }
    }
}
