package io.rocescope.cli.probe;

import io.rocescope.dissector.encode.CmMads;
import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.encode.RoceFrames;

/**
 * The frames of one CM probe: a ConnectRequest as RDMA-CM sends it (UD SEND Only to QP1, the RDMA-CM
 * service ID for TCP port {@code port}, our GID from our IP, a QPN and Starting PSN of our own that no
 * QP has), with the CM response timeout and retry count the probe really uses written into the REQ, so
 * the target's CM knows when we give up; and the REJ that answers a REP at once.
 */
public final class CmProbeRequest {
    /** Where in the MAD the REQ's fields sit (24-byte MAD header, then the REQ's; IBTA vol 1 12.6.5). */
    private static final int REMOTE_RESPONSE_TIMEOUT = 24 + 43, LOCAL_RESPONSE_TIMEOUT = 24 + 47, MAX_CM_RETRIES = 24 + 51;
    /** REJ: Message REJected in bits 7:6 of this byte; 1 = REP. */
    private static final int REJ_MSG_REJECTED = 24 + 8;
    /** REJ reason 28: consumer reject (what a Linux CM user that refuses a connection sends). */
    public static final int CONSUMER_REJECT = 28;

    /** The REQ's frame as built: Ethernet 14, IPv4 20, UDP 8, BTH 12, DETH 8, MAD 256, ICRC 4. */
    public static final int UNPADDED_FRAME = 14 + 20 + 8 + 12 + 8 + 256 + 4;

    public final long tid;
    public final int localCommId, qpn, startPsn;
    public final byte[] frame;
    private final Net net;
    private int bthPsn;

    public CmProbeRequest(Net net, long tid, int localCommId, int qpn, int startPsn, int port, long caGuid, int responseTimeout, int retries) {
        this(net, tid, localCommId, qpn, startPsn, port, caGuid, responseTimeout, retries, 0);
    }

    /** The same, the REQ's frame padded to {@code frameSize} bytes (0 or less than its size: unpadded), see {@link RoceFrames#paddedIpv4}. */
    public CmProbeRequest(Net net, long tid, int localCommId, int qpn, int startPsn, int port, long caGuid, int responseTimeout, int retries,
                          int frameSize) {
        this.net = net;
        this.tid = tid;
        this.localCommId = localCommId;
        this.qpn = qpn;
        this.startPsn = startPsn;
        byte[] mad = CmMads.req(tid, localCommId, port, caGuid, qpn, startPsn, 3, net.srcIp(), net.dstIp(), net.udpSrcPort());
        mad[REMOTE_RESPONSE_TIMEOUT] = (byte) ((responseTimeout << 3) | (mad[REMOTE_RESPONSE_TIMEOUT] & 7));
        mad[LOCAL_RESPONSE_TIMEOUT] = (byte) ((responseTimeout << 3) | (mad[LOCAL_RESPONSE_TIMEOUT] & 7));
        mad[MAX_CM_RETRIES] = (byte) ((retries << 4) | (mad[MAX_CM_RETRIES] & 0x0F));
        this.bthPsn = startPsn;
        this.frame = RoceFrames.paddedIpv4(CmMads.frame(net, bthPsn, mad), frameSize);
    }

    /** The REJ of the target's REP (whose Local Communication ID is {@code remoteCommId}): nothing stays half-open. */
    public byte[] rejectReply(int remoteCommId) {
        byte[] mad = CmMads.rej(tid, localCommId, remoteCommId, CONSUMER_REJECT);
        mad[REJ_MSG_REJECTED] = (byte) (1 << 6);
        return CmMads.frame(net, ++bthPsn, mad);
    }

    /** CM time values (IBA 4.096 µs × 2^v), in nanoseconds. */
    public static long ibaTimeNanos(int v) {
        return (long) (4096.0 * Math.pow(2, v));
    }
}
