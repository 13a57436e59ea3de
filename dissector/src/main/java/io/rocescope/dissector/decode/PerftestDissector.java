package io.rocescope.dissector.decode;

import io.rocescope.dissector.perftest.PerftestRecord;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.Ipv6PacketLayout;
import io.rocescope.dissector.field.ksy.TcpSegmentKsy;

import java.util.List;

import static io.rocescope.dissector.field.PerftestFields.*;

/** Adds to a TCP frame the perftest records that its payload completed. */
final class PerftestDissector {
    /** The TCP flags that open or end a direction's stream (ksy/tcp_segment.ksy's flag bits). */
    private static final int SYN = TcpSegmentKsy.TCP_FLAG_SYN, END = TcpSegmentKsy.TCP_FLAG_FIN | TcpSegmentKsy.TCP_FLAG_RST;

    private PerftestDissector() {}

    /** A TCP segment TcpDissector has read: its sequence number, flags and payload (the ports are in the frame). */
    static void dissect(Packet p, int seq, int flags, int payloadOff, int payloadLen) {
        DecodedFrame f = p.f;
        byte[] d = p.d;
        String key = streamKey(p);
        boolean syn = (flags & SYN) != 0, end = (flags & END) != 0;
        int captured = Math.max(0, Math.min(payloadLen, p.cap - payloadOff));
        List<PerftestRecord> records = p.perftest.segment(key, seq, syn, end, d, payloadOff, captured);
        if (records.isEmpty()) {
            PingpongDissector.dissect(p, p.perftest.pingpongRecords(), p.perftest.lastSegmentOffset(), payloadOff, captured);
            return;
        }
        f.protocol = DecodedFrame.Protocol.PERFTEST;
        long segStart = p.perftest.lastSegmentOffset();
        for (PerftestRecord r : records) {
            int off = recordOffset(r.streamStart(), segStart, payloadOff, captured);
            int len = recordLength(r.streamStart(), r.streamEnd(), segStart, captured);
            f.perftestRecord(r);
            int node = f.open(PERFTEST, off);
            f.add(RECORD, off, len, r.kind().ordinal(), r.kind().name().toLowerCase());
            switch (r.kind()) {
                case VERSION: f.add(VERSION, off, len, 0, r.text()); break;
                case CYCLE_BUFFER: f.add(CYCLE_BUFFER, off, len, r.number()); break;
                case CACHE_LINE_SIZE: f.add(CACHE_LINE_SIZE, off, len, r.number()); break;
                case MTU: f.add(MTU, off, len, r.number()); break;
                case SYNC: f.add(SYNC, off, len, 0, r.text()); break;
                case KEY: key(f, r, off, len); break;
                case REPORT: {
                    PerftestRecord.Report rep = r.report();
                    f.add(REPORT_SIZE, off, len, rep.messageSize());
                    f.add(REPORT_ITERS, off, len, rep.iterations());
                    f.add(REPORT_BW_PEAK, off, len, Double.doubleToRawLongBits(rep.bwPeak()));
                    f.add(REPORT_BW_AVG, off, len, Double.doubleToRawLongBits(rep.bwAverage()));
                    f.add(REPORT_MSG_RATE, off, len, Double.doubleToRawLongBits(rep.msgRate()));
                    break;
                }
                default: f.add(UNKNOWN, off, len, r.streamEnd() - r.streamStart()); break;
            }
            f.close(node, off + len);
        }
    }

    private static void key(DecodedFrame f, PerftestRecord r, int off, int len) {
        PerftestRecord.Key k = r.key();
        f.add(KEY_INDEX, off, len, r.number());
        f.add(KEY_LID, off, len, k.lid());
        f.add(KEY_OUT_READS, off, len, k.outReads());
        f.add(KEY_QPN, off, len, k.qpn());
        f.add(KEY_PSN, off, len, k.psn());
        f.add(KEY_RKEY, off, len, k.rkey());
        f.add(KEY_VADDR, off, len, k.vaddr());
        if (k.gid() != null) {
            f.add(KEY_GID, off, len, 0, k.gid());   // the address as a value: rendering writes its text
            long v4 = k.gid().mappedIpv4();
            if (v4 >= 0) f.add(KEY_GID_IPV4, off, len, v4);
        }
        f.add(KEY_SRQN, off, len, k.srqn());
    }

    /**
     * This direction's key: the source address and port, then the destination's, as raw bytes (one char a byte). A
     * map key only, never shown, so it needs no rendering; IPv4 and IPv6 keys differ in length and cannot meet.
     */
    private static String streamKey(Packet p) {
        DecodedFrame f = p.f;
        int len = f.addressType() == FieldType.IPV6 ? Ipv6PacketLayout.LEN_SRC_ADDR : Ipv4PacketLayout.LEN_SRC_ADDR;
        StringBuilder sb = new StringBuilder(2 * len + 4);
        bytes(sb, p.d, f.sourceOffset(), len).append((char) f.srcPort);
        bytes(sb, p.d, f.destinationOffset(), len).append((char) f.dstPort);
        return sb.toString();
    }

    private static StringBuilder bytes(StringBuilder sb, byte[] d, int off, int len) {
        if (off >= 0) for (int i = 0; i < len; i++) sb.append((char) (d[off + i] & 0xFF));
        return sb;
    }

    /**
     * Where in this frame a record of stream bytes [start, end) is shown: the part of it this segment carries.
     * A record that bytes of earlier, early segments completed may lie past this segment: it is shown at the
     * segment's end with no bytes, never at an offset beyond the frame. Shared by every stream protocol on 18515.
     */
    static int recordOffset(long start, long segStart, int payloadOff, int captured) {
        return payloadOff + (int) Math.min(captured, Math.max(0, Math.max(start, segStart) - segStart));
    }

    static int recordLength(long start, long end, long segStart, int captured) {
        return (int) Math.max(0, Math.min(end, segStart + captured) - Math.max(start, segStart));
    }
}
