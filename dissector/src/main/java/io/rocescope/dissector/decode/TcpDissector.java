package io.rocescope.dissector.decode;

import static io.rocescope.dissector.field.Fields.*;

/** TCP header: ports, sequence numbers, flags, window, options length and payload. */
final class TcpDissector {
    private TcpDissector() {}

    static void dissect(Packet p, int off, int ipEnd) {
        p.f.protocol = DecodedFrame.Protocol.TCP;
        if (!p.need(off, 20, "TCP header")) return;
        byte[] d = p.d;
        int hdr = (Bytes.u8(d, off + 12) >>> 4) * 4;
        int node = p.f.open(TCP, off);
        p.f.srcPort = p.u16(TCP_SRCPORT, off);
        p.f.dstPort = p.u16(TCP_DSTPORT, off + 2);
        p.f.add(TCP_PORT, off, 2, p.f.srcPort);
        p.f.add(TCP_PORT, off + 2, 2, p.f.dstPort);
        int flags = Bytes.u16(d, off + 12) & 0x1FF;
        long seq = Bytes.u32(d, off + 4), ack = Bytes.u32(d, off + 8);
        boolean hasAck = (flags & 0x10) != 0;
        Conversations.Conversation c = null;
        int dir = 0;
        if (p.conversations != null) {
            c = p.conversations.find(true, d, p.f.sourceOffset(), p.f.destinationOffset(),
                p.f.addressType() == io.rocescope.dissector.field.FieldType.IPV4 ? 4 : 16,
                p.f.srcPort, p.f.dstPort);
            dir = p.conversations.forward ? 0 : 1;
            p.f.add(TCP_STREAM, off, 0, c.index);
            // the first segment seen in a direction sets its base: the SYN's number, else one before it
            if (c.base[dir] < 0) c.base[dir] = (flags & 0x02) != 0 ? seq : (seq - 1) & 0xFFFFFFFFL;
            if (hasAck && c.base[1 - dir] < 0) c.base[1 - dir] = (ack - 1) & 0xFFFFFFFFL;
            p.f.add(TCP_SEQ, off + 4, 4, (seq - c.base[dir]) & 0xFFFFFFFFL);
        }
        p.u32(TCP_SEQ_RAW, off + 4);
        // as Wireshark: relative only with the ACK flag (a SYN's or a bare RST's number is shown as it is)
        if (c != null) p.f.add(TCP_ACK, off + 8, 4, hasAck ? (ack - c.base[1 - dir]) & 0xFFFFFFFFL : ack);
        p.u32(TCP_ACK_RAW, off + 8);
        p.f.add(TCP_HDR_LEN, off + 12, 1, hdr);
        p.f.add(TCP_FLAGS, off + 12, 2, flags);
        p.bits(TCP_FLAGS_ACK, off + 13, 1, flags, 4, 1);
        p.bits(TCP_FLAGS_PUSH, off + 13, 1, flags, 3, 1);
        p.bits(TCP_FLAGS_RESET, off + 13, 1, flags, 2, 1);
        p.bits(TCP_FLAGS_SYN, off + 13, 1, flags, 1, 1);
        p.bits(TCP_FLAGS_FIN, off + 13, 1, flags, 0, 1);
        p.u16(TCP_WINDOW, off + 14);
        p.u16(TCP_CHECKSUM, off + 16);
        p.u16(TCP_URGENT, off + 18);
        if (hdr < 20 || off + hdr > ipEnd) {
            p.f.close(node, off + 20);
            p.malformed("TCP header length " + hdr + " does not fit the IP payload");
            return;
        }
        // the options' bytes as far as they were captured (a snaplen can cut them: the field must not point past the frame)
        int optionsCaptured = Math.max(0, Math.min(hdr - 20, p.cap - off - 20));
        p.f.add(TCP_OPTIONS_LEN, off + 20, optionsCaptured, hdr - 20);
        if (optionsCaptured < hdr - 20) p.need(off + 20, hdr - 20, "TCP options");
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
        boolean carries = payload > 0 || (flags & 0x07) != 0;
        if (carries && (p.f.srcPort == port || p.f.dstPort == port)) {
            if (p.perftest == null) p.f.sequential = true;   // a stateless decoder: reassembly happens in order, elsewhere
            else PerftestDissector.dissect(p, off, flags, off + hdr, payload);
        }
    }
}
