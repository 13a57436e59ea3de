package io.rocescope.dissector.decode;

import io.rocescope.dissector.perftest.PingpongRecord;

import java.util.List;

import static io.rocescope.dissector.field.PingpongFields.*;

/** Adds to a TCP frame the ibv_*_pingpong messages that its payload completed. */
final class PingpongDissector {
    private PingpongDissector() {}

    static void dissect(Packet p, List<PingpongRecord> records, long segStart, int payloadOff, int captured) {
        if (records.isEmpty()) return;
        DecodedFrame f = p.f;
        f.protocol = DecodedFrame.Protocol.IBV_PINGPONG;
        for (PingpongRecord r : records) {
            int off = PerftestDissector.recordOffset(r.streamStart(), segStart, payloadOff, captured);
            int len = PerftestDissector.recordLength(r.streamStart(), r.streamEnd(), segStart, captured);
            f.pingpongRecord(r);
            int node = f.open(PINGPONG, off);
            switch (r.kind()) {
                case DEST:
                case XRC_DEST: {
                    PingpongRecord.Dest dst = r.dest();
                    f.add(MESSAGE, off, len, 0, r.kind().word());
                    f.add(INDEX, off, len, r.index());
                    f.add(LID, off, len, dst.lid());
                    f.add(QPN, off, len, dst.qpn());
                    if (dst.sendQpn() >= 0) f.add(SEND_QPN, off, len, dst.sendQpn());
                    f.add(PSN, off, len, dst.psn());
                    if (dst.srqn() >= 0) f.add(SRQN, off, len, dst.srqn());
                    f.add(GID, off, len, 0, dst.gid());   // the address as a value: rendering writes its text
                    long v4 = dst.gid().mappedIpv4();
                    if (v4 >= 0) f.add(GID_IPV4, off, len, v4);
                    break;
                }
                default: f.add(MESSAGE, off, len, 0, r.kind().word()); break;
            }
            f.close(node, off + len);
        }
    }
}
