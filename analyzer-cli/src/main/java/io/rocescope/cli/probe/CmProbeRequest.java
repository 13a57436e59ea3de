package io.rocescope.cli.probe;

import io.rocescope.dissector.encode.CmMads;
import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.encode.RoceFrames;
import io.rocescope.dissector.field.ksy.EthernetFrameLayout;
import io.rocescope.dissector.field.ksy.IbMadKsy;
import io.rocescope.dissector.field.ksy.IbMadLayout;
import io.rocescope.dissector.field.ksy.IbTransportLayout;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.UdpDatagramLayout;

/**
 * The frames of one CM probe: a ConnectRequest as RDMA-CM sends it (UD SEND Only to QP1, the RDMA-CM
 * service ID for TCP port {@code port}, our GID from our IP, a QPN and Starting PSN of our own that no
 * QP has), with the CM response timeout and retry count the probe really uses written into the REQ, so
 * the target's CM knows when we give up; and the REJ that answers a REP at once.
 */
public final class CmProbeRequest {
    /** REJ reason 28: consumer reject (what a Linux CM user that refuses a connection sends). */
    public static final int CONSUMER_REJECT = IbMadKsy.REJ_REASON_CONSUMER_REJECT;

    /** The REQ's frame as built: Ethernet, IPv4, UDP, BTH, DETH, the 256-byte MAD, ICRC. */
    public static final int UNPADDED_FRAME = EthernetFrameLayout.FIXED_SIZE + Ipv4PacketLayout.FIXED_SIZE + UdpDatagramLayout.FIXED_SIZE
        + IbTransportLayout.FIXED_SIZE_BTH + IbTransportLayout.FIXED_SIZE_DETH + IbMadLayout.FIXED_SIZE + (int) IbTransportLayout.ICRC_SIZE;

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
        byte[] mad = CmMads.req(tid, localCommId, port, caGuid, qpn, startPsn, IbMadKsy.PATH_MTU_MTU_1024, net.srcIp(), net.dstIp(),
            net.udpSrcPort(), responseTimeout, retries);
        this.bthPsn = startPsn;
        this.frame = RoceFrames.paddedIpv4(CmMads.frame(net, bthPsn, mad), frameSize);
    }

    /** The REJ of the target's REP (whose Local Communication ID is {@code remoteCommId}): nothing stays half-open. */
    public byte[] rejectReply(int remoteCommId) {
        byte[] mad = CmMads.rej(tid, localCommId, remoteCommId, IbMadKsy.MESSAGE_REJECTED_REP, CONSUMER_REJECT);
        return CmMads.frame(net, ++bthPsn, mad);
    }
}
