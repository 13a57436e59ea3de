package io.rocescope.dissector.text;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.decode.Expert;
import io.rocescope.dissector.decode.IbHeaders;
import io.rocescope.dissector.field.CmFields;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.InfinibandNames;
import io.rocescope.dissector.field.OpcodeTable;
import io.rocescope.dissector.field.TcpFlagNames;
import io.rocescope.dissector.field.ksy.ArpPacketKsy;
import io.rocescope.dissector.field.ksy.IbTransportKsy;
import io.rocescope.dissector.field.ksy.MacControlKsy;
import io.rocescope.dissector.field.ksy.UdpDatagramLayout;

import static io.rocescope.dissector.field.Fields.*;

/** The Info column: one line that says what the frame is, e.g. "RC SEND First QP=0x000011 PSN=858106". */
public final class InfoColumn {
    private InfoColumn() {}

    public static String of(DecodedFrame f) {
        return append(new LineBuffer(96), f).toString();
    }

    public static LineBuffer append(LineBuffer sb, DecodedFrame f) {
        int start = sb.length();
        if (f.isRoce()) roce(sb, f);
        else {
            switch (f.protocol()) {
                case TCP: tcp(sb, f); break;
                case PERFTEST: PerftestInfo.append(sb, f); tcp(sb.append(" ("), f); sb.append(')'); break;
                case IBV_PINGPONG: PingpongInfo.append(sb, f); tcp(sb.append(" ("), f); sb.append(')'); break;
                case UDP: udp(sb, f); break;
                case ARP: arp(sb, f); break;
                case MAC_CONTROL: macControl(sb, f); break;
                case ICMP: IcmpInfo.v4(sb, f); break;
                case ICMPV6: IcmpInfo.v6(sb, f); break;
                case IPOIB: sb.append(IPOIB.label()); break;
                default:
                    if (f.etherType() >= 0) Text.hex0x(sb.append(ETH.label()).append(", type "), f.etherType(), 4);
            }
        }
        // Each mark once, however many layers found the frame short or broken (a snaplen cut is seen by
        // the transport and again by the ICRC check): the column says what the frame is, not how often.
        java.util.List<Expert> experts = f.experts();
        boolean badIcrc = false, malformed = false, truncated = false;
        for (int i = 0; i < experts.size(); i++) {   // indexed: no iterator per frame
            Expert e = experts.get(i);
            switch (e.key()) {
                case "icrc.bad":
                    if (!badIcrc) sb.append(sb.length() > start ? " " : "").append("[bad ICRC]");
                    badIcrc = true;
                    break;
                case "malformed":
                    if (!malformed) sb.append(sb.length() > start ? " " : "").append("[Malformed Packet]");
                    malformed = true;
                    break;
                case "truncated":
                    if (!truncated) sb.append(sb.length() > start ? " " : "").append("[Packet size limited during capture]");
                    truncated = true;
                    break;
                default: break;
            }
        }
        return sb;
    }

    // The texts of the RoCE data path as bytes, made once: a line is mostly copies of these.
    private static final byte[][] OPCODE_LABELS = new byte[256][], SYNDROMES = new byte[256][];
    private static final byte[] QP = LineBuffer.bytes(" QP=0x"), PSN = LineBuffer.bytes(" PSN="), MSN = LineBuffer.bytes(" MSN=");
    static {
        for (int i = 0; i < 256; i++) {
            OPCODE_LABELS[i] = LineBuffer.bytes(InfinibandNames.opcodeLabel(i));
            SYNDROMES[i] = LineBuffer.bytes(" " + InfinibandNames.syndromeText(i));
        }
    }


    private static void roce(LineBuffer sb, DecodedFrame f) {
        if (f.has(CmFields.MAD_ATTRIBUTEID)) {
            MadInfo.append(sb, f);
            return;
        }
        IbHeaders h = f.ib();
        int opcode = h.opcode();
        byte[] b = sb.reserve(160);   // the longest label, QP, PSN, syndrome text and MSN fit
        int p = sb.length();
        p = RawText.bytes(b, p, OPCODE_LABELS[opcode & 0xFF]);
        p = RawText.bytes(b, p, QP);
        p = RawText.hex(b, p, h.destQp(), 6);
        if (!OpcodeTable.isCnp(opcode)) p = RawText.decimal(b, RawText.bytes(b, p, PSN), h.psn());
        if (h.has(IbTransportKsy.HEADER_AETH)) {
            int syn = h.syndrome();
            p = RawText.bytes(b, p, SYNDROMES[syn & 0xFF]);
            if (InfinibandNames.aethType(syn) == InfinibandNames.AETH_ACK) p = RawText.decimal(b, RawText.bytes(b, p, MSN), h.msn());
        }
        sb.setLength(p);
        if (h.has(IbTransportKsy.HEADER_DETH)) Text.hex0x(sb.append(" SrcQP="), h.srcQp(), 6);
        if (h.has(IbTransportKsy.HEADER_RETH)) {
            Text.hex0x(sb.append(" VA="), h.rethVa(), 0);
            Text.hex0x(sb.append(" R_Key="), h.rethRKey(), 0);
        }
        if (h.has(IbTransportKsy.HEADER_ATOMIC_ETH)) {
            Text.hex0x(sb.append(" VA="), h.atomicVa(), 0);
            Text.hex0x(sb.append(" R_Key="), h.atomicRKey(), 0);
        }
        if (h.has(IbTransportKsy.HEADER_RETH)) sb.append(" Len=").append(h.dmaLength());
        if (h.has(IbTransportKsy.HEADER_ATOMIC_ETH)) {
            Text.hex0x(sb.append(opcode == IbTransportKsy.OPCODE_RC_FETCHADD || opcode == IbTransportKsy.OPCODE_XRC_FETCHADD ? " Add=" : " Swap="), h.swapOrAddData(), 0);
        }
        if (h.has(IbTransportKsy.HEADER_ATOMIC_ACK_ETH)) Text.hex0x(sb.append(" Orig="), h.originalRemoteData(), 0);
        if (h.has(IbTransportKsy.HEADER_IMMDT)) Text.hex0x(sb.append(" Imm="), h.immediate(), 8);
        if (h.has(IbTransportKsy.HEADER_IETH)) Text.hex0x(sb.append(" Invalidate R_Key="), h.invalidateRKey(), 8);
        if (h.describedHeaderOffset() >= 0) DescribedHeaderInfo.append(sb, f);
    }

    private static void tcp(LineBuffer sb, DecodedFrame f) {
        if (!f.has(TCP_SRCPORT)) { sb.append("TCP"); return; }
        sb.append(f.get(TCP_SRCPORT, 0)).append(" → ").append(f.get(TCP_DSTPORT, 0));
        sb.append(" [").append(TcpFlagNames.text((int) f.get(TCP_FLAGS, 0))).append(']');
        sb.append(" Seq=").append(f.get(TCP_SEQ_RAW, 0));
        if ((f.get(TCP_FLAGS, 0) & TcpFlagNames.ACK) != 0) sb.append(" Ack=").append(f.get(TCP_ACK_RAW, 0));
        sb.append(" Win=").append(f.get(TCP_WINDOW, 0));
        sb.append(" Len=").append(f.get(TCP_LEN, 0));
    }

    private static void udp(LineBuffer sb, DecodedFrame f) {
        if (f.udpLength() < 0) { sb.append("UDP"); return; }
        sb.append(f.srcPort()).append(" → ").append(f.dstPort()).append(" Len=").append(Math.max(0, f.udpLength() - UdpDatagramLayout.FIXED_SIZE));
    }

    private static void arp(LineBuffer sb, DecodedFrame f) {
        int op = (int) f.get(ARP_OPCODE, 0);
        if (!f.has(ARP_DST_IP)) { sb.append("ARP opcode ").append(op); return; }
        if (op == ArpPacketKsy.OPCODE_REQUEST) {
            Addresses.ipv4(sb.append("Who has "), f.get(ARP_DST_IP, 0)).append("? Tell ");
            Addresses.ipv4(sb, f.get(ARP_SRC_IP, 0));
        } else if (op == ArpPacketKsy.OPCODE_REPLY) {
            Addresses.ipv4(sb, f.get(ARP_SRC_IP, 0)).append(" is at ");
            int hw = f.find(ARP_SRC_HW_BYTES);   // IPoIB's 20-byte address, in hex as Wireshark prints it
            if (hw >= 0) for (int i = 0; i < f.length(hw); i++) Text.hex(sb, f.data()[f.offset(hw) + i] & 0xFF, 2);
            else Addresses.mac(sb, f.get(ARP_SRC_HW, 0));
        } else {
            sb.append("ARP opcode ").append(op);
        }
    }

    private static void macControl(LineBuffer sb, DecodedFrame f) {
        int op = (int) f.get(MACC_OPCODE, -1);
        if (op == MacControlKsy.OPCODE_PAUSE && f.has(MACC_PAUSE_TIME)) {
            sb.append("PAUSE quanta=").append(f.get(MACC_PAUSE_TIME, 0));
        } else if (op == MacControlKsy.OPCODE_PFC && f.has(MACC_CBFC_ENBV)) {
            int enbv = (int) f.get(MACC_CBFC_ENBV, 0);
            sb.append("PFC pause");
            // one enable bit a priority, the lowest bits of the vector
            if ((enbv & ((1 << MACC_CBFC_ENBV_C.length) - 1)) == 0) sb.append(" (no priority enabled)");
            for (int c = 0; c < MACC_CBFC_ENBV_C.length; c++) {
                if ((enbv & (1 << c)) != 0) sb.append(" prio").append(c).append('=').append(f.get(MACC_CBFC_PAUSE_TIME_C[c], 0));
            }
        } else {
            Text.hex0x(sb.append("MAC Control opcode "), op, 4);
        }
    }
}
