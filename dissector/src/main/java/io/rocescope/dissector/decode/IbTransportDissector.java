package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.ExtendedHeaders;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.field.HeaderField;
import io.rocescope.dissector.field.ksy.IbMadLayout;
import io.rocescope.dissector.field.ksy.IbTransportFieldsKsy;
import io.rocescope.dissector.field.InfinibandNames;
import io.rocescope.dissector.field.OpcodeTable;
import io.rocescope.dissector.util.BigEndian;

import static io.rocescope.dissector.field.Fields.*;
import static io.rocescope.dissector.field.ksy.IbTransportKsy.*;
import static io.rocescope.dissector.field.ksy.IbTransportLayout.*;

/**
 * The InfiniBand transport as RoCE carries it: BTH, the extended headers the opcode calls for
 * (see {@link OpcodeTable}), payload, pad and ICRC, and the ICRC check. {@code end} is where the
 * UDP (or GRH) payload ends by its declared length; the ICRC is the 4 bytes before it.
 * Every value goes into the frame's {@link IbHeaders}; the tree's fields are added only when the
 * decode keeps details (all of the transport's fields are {@link Fields#detail() details}).
 */
final class IbTransportDissector {
    private IbTransportDissector() {}

    /** The ICRC's length (ksy/ib_transport.ksy's icrc_size). */
    private static final int ICRC = (int) ICRC_SIZE;

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
        if (end - off < FIXED_SIZE_BTH + ICRC) {
            p.malformed("InfiniBand: " + (end - off) + " bytes cannot hold a BTH and an ICRC");
            return;
        }
        if (!p.need(off, FIXED_SIZE_BTH, "BTH")) return;
        f.roce = true;
        byte[] d = p.d;
        IbHeaders h = f.ib;
        // every field is read by ksy/ib_transport.ksy's generated reader (IbTransportLayout's read<Field>: its offset,
        // width, shift and mask) and spans the layout's OFF_/LEN_
        int opcode = readBthOpcode(d, off);
        int se = readBthSolicitedEvent(d, off), migReq = readBthMigReq(d, off), pad = readBthPadCnt(d, off);
        int fecn = readBthFecn(d, off), becn = readBthBecn(d, off), ackReq = readBthAckReq(d, off);
        h.opcode = opcode;
        h.solicited = se != 0;
        h.migReq = migReq != 0;
        h.padCnt = pad;
        h.tver = readBthTransportVersion(d, off);
        h.pKey = readBthPartitionKey(d, off);
        h.fecn = fecn != 0;
        h.becn = becn != 0;
        h.destQp = readBthDestQp(d, off);
        h.ackReq = ackReq != 0;
        h.psn = readBthPsn(d, off);
        if (p.detail) {
            int node = f.open(BTH, off);
            f.add(BTH_OPCODE, off + OFF_BTH_OPCODE, LEN_BTH_OPCODE, opcode);
            f.add(BTH_SE, off + OFF_BTH_SOLICITED_EVENT, LEN_BTH_SOLICITED_EVENT, se);
            f.add(BTH_M, off + OFF_BTH_MIG_REQ, LEN_BTH_MIG_REQ, migReq);
            f.add(BTH_PADCNT, off + OFF_BTH_PAD_CNT, LEN_BTH_PAD_CNT, pad);
            f.add(BTH_TVER, off + OFF_BTH_TRANSPORT_VERSION, LEN_BTH_TRANSPORT_VERSION, h.tver);
            f.add(BTH_P_KEY, off + OFF_BTH_PARTITION_KEY, LEN_BTH_PARTITION_KEY, h.pKey);
            f.add(BTH_FECN, off + OFF_BTH_FECN, LEN_BTH_FECN, fecn);
            f.add(BTH_BECN, off + OFF_BTH_BECN, LEN_BTH_BECN, becn);
            f.add(BTH_RESERVED6, off + OFF_BTH_RESERVED6, LEN_BTH_RESERVED6, readBthReserved6(d, off));
            f.add(BTH_DESTQP, off + OFF_BTH_DEST_QP, LEN_BTH_DEST_QP, h.destQp);
            f.add(BTH_A, off + OFF_BTH_ACK_REQ, LEN_BTH_ACK_REQ, ackReq);
            f.add(BTH_RESERVED7, off + OFF_BTH_RESERVED7, LEN_BTH_RESERVED7, readBthReserved7(d, off));
            f.add(BTH_PSN, off + OFF_BTH_PSN, LEN_BTH_PSN, h.psn);
            f.close(node, off + FIXED_SIZE_BTH);
        }

        int icrcOff = end - ICRC;
        int pos = off + FIXED_SIZE_BTH;
        if (!OpcodeTable.isDefined(opcode)) {
            // an opcode ksy/ib_transport.ksy leaves undefined may carry a header described by another .ksy
            ExtendedHeaders.Entry described = ExtendedHeaders.forOpcode(opcode);
            if (described == null) {
                f.expert(new Expert(Expert.Severity.WARNING, "opcode.unknown",
                    InfinibandNames.opcodeLabel(opcode) + " (reserved or vendor-specific): the rest is shown as payload"));
            } else {
                int size = described.header().size();
                if (pos + size > icrcOff) {
                    p.malformed("InfiniBand: " + InfinibandNames.opcodeLabel(opcode) + " needs " + described.header().name()
                        + " at offset " + pos + " but the packet ends at " + icrcOff);
                    return;
                }
                if (!p.need(pos, size, described.header().name())) return;
                DescribedHeaderDissector.dissect(p, described, pos);
                h.describedOffset = pos;
                pos += size;
            }
        }
        int headers = OpcodeTable.headers(opcode);
        for (int bit = 1; bit <= OpcodeTable.LAST_HEADER; bit <<= 1) {
            if ((headers & bit) == 0) continue;
            int size = OpcodeTable.size(bit);
            if (pos + size > icrcOff) {
                p.malformed("InfiniBand: " + InfinibandNames.opcodeLabel(opcode) + " needs " + OpcodeTable.name(bit)
                    + " at offset " + pos + " but the packet ends at " + icrcOff);
                return;
            }
            if (!p.need(pos, size, OpcodeTable.name(bit))) return;
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
        // GSI traffic (the CM and other management classes) rides a UD SEND Only to QP1 (QP0 on IB): the ksy's is_mad
        if (opcode == OPCODE_UD_SEND_ONLY && h.destQp <= IbMadLayout.GSI_QP && payloadEnd - pos >= MadDissector.MAD_SIZE) {
            MadDissector.dissect(p, pos);
        } else if (p.detail && payloadEnd > pos && capEnd > pos) {
            p.data(pos, capEnd - pos);   // where Wireshark puts a payload it does not decode
        }
        if (p.detail && pad > 0 && payloadEnd + pad <= p.cap) p.bytes(PAD, payloadEnd, pad);
        if (icrcOff + ICRC > p.cap) {
            f.icrcStatus = DecodedFrame.IcrcStatus.UNCHECKED;
            // the ICRC's bytes were not captured: the status sits where the captured bytes end, not past them
            if (p.detail) f.add(ICRC_STATUS, Math.min(icrcOff, p.cap), 0, f.icrcStatus.ordinal());
            f.expert(Expert.truncated("ICRC not checked: the frame was cut at " + p.cap + " bytes by the capture's snaplen"));
            return;
        }
        // the ICRC ends the packet, after a payload of any length: no layout offset, so no reader; its size is the .ksy's
        if (p.detail) f.add(INVARIANT_CRC, icrcOff, ICRC, BigEndian.read(d, icrcOff, ICRC));
        long found = IcrcCalculator.found(d, icrcOff);
        long expected = p.icrc.compute(d, p.l3Offset, p.l3Kind, p.l3HeaderLength, p.udpOffset, off, icrcOff);
        boolean good = found == expected;
        f.icrcStatus = good ? DecodedFrame.IcrcStatus.GOOD : DecodedFrame.IcrcStatus.BAD;
        if (p.detail) f.add(ICRC_STATUS, icrcOff, ICRC, f.icrcStatus.ordinal());
        if (!good) {
            if (p.detail) {
                f.add(ICRC_FOUND, icrcOff, ICRC, found);
                f.add(ICRC_EXPECTED, icrcOff, ICRC, expected);
            }
            f.expert(new Expert(Expert.Severity.ERROR, "icrc.bad",
                String.format("Bad ICRC: found 0x%08x, expected 0x%08x (frame corrupted in flight)", found, expected)));
        }
    }

    /** Decodes one extended header into {@code h} and, with details, into the tree. */
    private static void extendedHeader(Packet p, IbHeaders h, int bit, int o) {
        byte[] d = p.d;
        switch (bit) {
            case HEADER_XRCETH:
                h.xrcSrq = readXrcethXrcSrq(d, o);
                if (p.detail) tree(p, Fields.XRCETH, XRCETH_TREE, o, FIXED_SIZE_XRCETH);
                break;
            case HEADER_RDETH:
                h.eeCnxt = readRdethEeContext(d, o);
                if (p.detail) tree(p, Fields.RDETH, RDETH_TREE, o, FIXED_SIZE_RDETH);
                break;
            case HEADER_DETH:
                h.qKey = readDethQKey(d, o);
                h.srcQp = readDethSrcQp(d, o);
                if (p.detail) tree(p, Fields.DETH, DETH_TREE, o, FIXED_SIZE_DETH);
                break;
            case HEADER_FETH:
                h.fethSel = readFethSelectivityLevel(d, o);
                h.fethPlt = readFethPlacementType(d, o);
                if (p.detail) tree(p, Fields.FETH, FETH_TREE, o, FIXED_SIZE_FETH);
                break;
            case HEADER_RETH:
                h.rethVa = readRethVirtualAddress(d, o);
                h.rethRKey = readRethRKey(d, o);
                h.rethDmaLength = readRethDmaLength(d, o);
                if (p.detail) tree(p, Fields.RETH, RETH_TREE, o, FIXED_SIZE_RETH);
                break;
            case HEADER_ATOMIC_ETH:
                h.atomicVa = readAtomicEthVirtualAddress(d, o);
                h.atomicRKey = readAtomicEthRKey(d, o);
                h.swapAdd = readAtomicEthSwapOrAddData(d, o);
                h.compare = readAtomicEthCompareData(d, o);
                // the VA and R_Key are also filed under RETH's names: FieldSubtree adds each field's alias
                if (p.detail) tree(p, Fields.ATOMICETH, ATOMICETH_TREE, o, FIXED_SIZE_ATOMIC_ETH);
                break;
            case HEADER_AETH: {
                // the syndrome is the byte its reserved bit, type and value share (the .ksy's syndrome instance): each
                // field back at its SHIFT
                int so = o + OFF_AETH_SYNDROME_RESERVED;
                int reserved = readAethSyndromeReserved(d, o), type = readAethSyndromeType(d, o), value = readAethSyndromeValue(d, o);
                int syn = reserved << SHIFT_AETH_SYNDROME_RESERVED | type << SHIFT_AETH_SYNDROME_TYPE | value << SHIFT_AETH_SYNDROME_VALUE;
                h.syndrome = syn;
                h.msn = readAethMsn(d, o);
                if (p.detail) {
                    FieldSubtree t = node(p, Fields.AETH, o).add(AETH_SYNDROME, so, LEN_AETH_SYNDROME_RESERVED, syn)
                        .add(AETH_SYN_RESERVED, so, LEN_AETH_SYNDROME_RESERVED, reserved)
                        .add(AETH_SYN_TYPE, o + OFF_AETH_SYNDROME_TYPE, LEN_AETH_SYNDROME_TYPE, type);
                    int vo = o + OFF_AETH_SYNDROME_VALUE;
                    switch (type) {
                        case InfinibandNames.AETH_ACK: t.add(AETH_SYN_CREDIT, vo, LEN_AETH_SYNDROME_VALUE, value); break;
                        case InfinibandNames.AETH_RNR_NAK: t.add(AETH_SYN_TIMER, vo, LEN_AETH_SYNDROME_VALUE, value); break;
                        case InfinibandNames.AETH_NAK: t.add(AETH_SYN_ERROR, vo, LEN_AETH_SYNDROME_VALUE, value); break;
                        default: t.add(AETH_SYN_RESERVED_VALUE, vo, LEN_AETH_SYNDROME_VALUE, value);
                    }
                    t.add(AETH_MSN, o + OFF_AETH_MSN, LEN_AETH_MSN, h.msn).close(o + FIXED_SIZE_AETH);
                }
                break;
            }
            case HEADER_ATOMIC_ACK_ETH:
                h.origRemoteData = readAtomicAckEthOriginalRemoteData(d, o);
                if (p.detail) tree(p, Fields.ATOMICACKETH, ATOMICACKETH_TREE, o, FIXED_SIZE_ATOMIC_ACK_ETH);
                break;
            case HEADER_IMMDT:
                h.immediate = readImmdtData(d, o);
                if (p.detail) p.f.add(Fields.IMMDT, o + OFF_IMMDT_DATA, LEN_IMMDT_DATA, h.immediate);
                break;
            case HEADER_IETH:
                h.invalidateRKey = readIethRKey(d, o);
                if (p.detail) p.f.add(Fields.IETH, o + OFF_IETH_R_KEY, LEN_IETH_R_KEY, h.invalidateRKey);
                break;
            case HEADER_CNP_PADDING:
                if (p.detail) tree(p, CNP, CNP_TREE, o, FIXED_SIZE_CNP_PADDING);
                break;
            default:
                throw new IllegalStateException("header bit " + bit);
        }
    }

    private static FieldSubtree node(Packet p, io.rocescope.dissector.field.FieldDef def, int off) {
        return p.subtree.open(p.f, def, off);
    }

    /**
     * The -V/JSON tree of a header whose fields are its layout's (ksy/ib_transport.ksy's {@code -tree: layout}):
     * each generated field, read where the layout puts it. The typed values above are read apart, for the
     * tracker and the Info column, whether or not a tree is built.
     */
    private static void tree(Packet p, io.rocescope.dissector.field.FieldDef def, LayoutTree fields, int o, int size) {
        FieldSubtree t = node(p, def, o);
        for (int i = 0; i < fields.layout.length; i++) {
            HeaderField f = fields.layout[i];
            t.add(fields.defs[i], o + f.offset(), f.length(), f.read(p.d, o));
        }
        t.close(o + size);
    }

    /** A header's generated fields and their registry entries (the alias of AtomicETH's VA and R_Key included). */
    private static final class LayoutTree {
        final HeaderField[] layout;
        final io.rocescope.dissector.field.FieldDef[] defs;

        LayoutTree(java.util.List<HeaderField> fields) {
            layout = fields.toArray(new HeaderField[0]);
            defs = new io.rocescope.dissector.field.FieldDef[layout.length];
            for (int i = 0; i < layout.length; i++) {
                defs[i] = Fields.byName(layout[i].spec().abbrev());
                if (defs[i] == null) throw new IllegalStateException(layout[i].spec().abbrev() + " is not registered");
            }
        }
    }

    private static final LayoutTree XRCETH_TREE = new LayoutTree(IbTransportFieldsKsy.XRCETH_LAYOUT),
        RDETH_TREE = new LayoutTree(IbTransportFieldsKsy.RDETH_LAYOUT), DETH_TREE = new LayoutTree(IbTransportFieldsKsy.DETH_LAYOUT),
        FETH_TREE = new LayoutTree(IbTransportFieldsKsy.FETH_LAYOUT), RETH_TREE = new LayoutTree(IbTransportFieldsKsy.RETH_LAYOUT),
        ATOMICETH_TREE = new LayoutTree(IbTransportFieldsKsy.ATOMIC_ETH_LAYOUT),
        ATOMICACKETH_TREE = new LayoutTree(IbTransportFieldsKsy.ATOMIC_ACK_ETH_LAYOUT),
        CNP_TREE = new LayoutTree(IbTransportFieldsKsy.CNP_PADDING_LAYOUT);
}
