package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.Ipv6PacketLayout;

import static io.rocescope.dissector.field.Fields.*;
import static io.rocescope.dissector.field.ksy.TcpSegmentKsy.*;
import static io.rocescope.dissector.field.ksy.TcpSegmentLayout.*;

/** TCP header (ksy/tcp_segment.ksy's layout and flag bits): ports, sequence numbers, flags, window, options length and payload. */
final class TcpDissector {
    /** The flags that make a segment without data matter to the reassembly: it opens or closes the stream. */
    private static final int OPEN_OR_CLOSE = TCP_FLAG_RST | TCP_FLAG_SYN | TCP_FLAG_FIN;

    private TcpDissector() {}

    static void dissect(Packet p, int off, int ipEnd) {
        p.f.protocol = DecodedFrame.Protocol.TCP;
        if (!p.need(off, FIXED_SIZE, "TCP header")) return;
        byte[] d = p.d;
        int hdr = (int) (readDataOffset(d, off) * DATA_OFFSET_UNIT);
        int node = p.f.open(TCP, off);
        p.f.srcPort = p.add(TCP_SRCPORT, off + OFF_SRC_PORT, LEN_SRC_PORT, readSrcPort(d, off));
        p.f.dstPort = p.add(TCP_DSTPORT, off + OFF_DST_PORT, LEN_DST_PORT, readDstPort(d, off));
        p.f.add(TCP_PORT, off + OFF_SRC_PORT, LEN_SRC_PORT, p.f.srcPort);
        p.f.add(TCP_PORT, off + OFF_DST_PORT, LEN_DST_PORT, p.f.dstPort);
        int flags = readFlags(d, off);
        long seq = readSeqNum(d, off), ack = readAckNum(d, off);
        boolean hasAck = (flags & TCP_FLAG_ACK) != 0;
        Conversations.Conversation c = null;
        int dir = 0;
        if (p.conversations != null) {
            c = p.conversations.find(true, d, p.f.sourceOffset(), p.f.destinationOffset(),
                p.f.addressType() == io.rocescope.dissector.field.FieldType.IPV4 ? Ipv4PacketLayout.LEN_SRC_ADDR : Ipv6PacketLayout.LEN_SRC_ADDR,
                p.f.srcPort, p.f.dstPort);
            dir = p.conversations.forward ? 0 : 1;
            p.f.add(TCP_STREAM, off, 0, c.index);
            // the first segment seen in a direction sets its base: the SYN's number, else one before it
            if (c.base[dir] < 0) c.base[dir] = (flags & TCP_FLAG_SYN) != 0 ? seq : (seq - 1) & MASK_SEQ_NUM;
            if (hasAck && c.base[1 - dir] < 0) c.base[1 - dir] = (ack - 1) & MASK_ACK_NUM;
            p.f.add(TCP_SEQ, off + OFF_SEQ_NUM, LEN_SEQ_NUM, (seq - c.base[dir]) & MASK_SEQ_NUM);
        }
        p.f.add(TCP_SEQ_RAW, off + OFF_SEQ_NUM, LEN_SEQ_NUM, seq);
        // as Wireshark: relative only with the ACK flag (a SYN's or a bare RST's number is shown as it is)
        if (c != null) p.f.add(TCP_ACK, off + OFF_ACK_NUM, LEN_ACK_NUM, hasAck ? (ack - c.base[1 - dir]) & MASK_ACK_NUM : ack);
        p.f.add(TCP_ACK_RAW, off + OFF_ACK_NUM, LEN_ACK_NUM, ack);
        p.f.add(TCP_HDR_LEN, off + OFF_DATA_OFFSET, LEN_DATA_OFFSET, hdr);
        p.f.add(TCP_FLAGS, off + OFF_FLAGS, LEN_FLAGS, flags);
        flag(p, TCP_FLAGS_ACK, off, flags, TCP_FLAG_ACK);
        flag(p, TCP_FLAGS_PUSH, off, flags, TCP_FLAG_PSH);
        flag(p, TCP_FLAGS_RESET, off, flags, TCP_FLAG_RST);
        flag(p, TCP_FLAGS_SYN, off, flags, TCP_FLAG_SYN);
        flag(p, TCP_FLAGS_FIN, off, flags, TCP_FLAG_FIN);
        p.add(TCP_WINDOW, off + OFF_WINDOW_SIZE, LEN_WINDOW_SIZE, readWindowSize(d, off));
        p.add(TCP_CHECKSUM, off + OFF_CHECKSUM, LEN_CHECKSUM, readChecksum(d, off));
        p.add(TCP_URGENT, off + OFF_URGENT_POINTER, LEN_URGENT_POINTER, readUrgentPointer(d, off));
        if (hdr < FIXED_SIZE || off + hdr > ipEnd) {
            p.f.close(node, off + FIXED_SIZE);
            p.malformed("TCP header length " + hdr + " does not fit the IP payload");
            return;
        }
        // the options' bytes as far as they were captured (a snaplen can cut them: the field must not point past the frame)
        int options = hdr - FIXED_SIZE;
        int optionsCaptured = Math.max(0, Math.min(options, p.cap - off - FIXED_SIZE));
        p.f.add(TCP_OPTIONS_LEN, off + FIXED_SIZE, optionsCaptured, options);
        if (optionsCaptured < options) p.need(off + FIXED_SIZE, options, "TCP options");
        int payload = ipEnd - off - hdr;
        p.f.add(TCP_LEN, off, 0, payload);
        int stop = Math.min(ipEnd, p.cap);
        if (payload > 0 && off + hdr < stop) {
            p.bytes(TCP_PAYLOAD, off + hdr, stop - off - hdr);
            p.data(off + hdr, stop - off - hdr);
        }
        p.f.close(node, stop);
        int port = p.options.perftestPort();
        // Segments without data only matter to the reassembly when they open or close the stream.
        boolean carries = payload > 0 || (flags & OPEN_OR_CLOSE) != 0;
        if (carries && (p.f.srcPort == port || p.f.dstPort == port)) {
            if (p.perftest == null) p.f.sequential = true;   // a stateless decoder: reassembly happens in order, elsewhere
            else PerftestDissector.dissect(p, (int) seq, flags, off + hdr, payload);
        }
    }

    /** One flag bit (a {@code TCP_FLAG_} of the .ksy) as Wireshark shows it: over the byte of the flags that holds it. */
    private static void flag(Packet p, FieldDef def, int off, int flags, int bit) {
        int shift = Integer.numberOfTrailingZeros(bit);
        p.bits(def, off + OFF_FLAGS + LEN_FLAGS - 1 - shift / 8, 1, flags, shift, 1);
    }
}
