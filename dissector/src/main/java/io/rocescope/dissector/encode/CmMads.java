package io.rocescope.dissector.encode;

import io.rocescope.dissector.field.ksy.IbMadKsy;
import io.rocescope.dissector.field.ksy.IbTransportKsy;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.Ipv6PacketLayout;

import static io.rocescope.dissector.field.ksy.IbMadLayout.*;

/**
 * 256-byte CM MADs (IBTA vol 1 ch. 12) as RDMA-CM sends them, and the UD frames to QP1 that carry them. Every
 * field goes where ksy/ib_mad.ksy puts it (IbMadLayout's OFF_/LEN_/SHIFT_/MASK_), with its codes from its enums.
 */
public final class CmMads {
    public static final long GSI_QKEY = GSI_Q_KEY;   // ksy/ib_mad.ksy's -constants
    /** The IBA time codes RDMA-CM uses: CM response timeouts, the local ACK timeout, the target ACK delay. */
    private static final int CM_RESPONSE_TIMEOUT = 20, LOCAL_ACK_TIMEOUT = 19, TARGET_ACK_DELAY = 15;
    /** The Max CM Retries RDMA-CM announces in a REQ. */
    private static final int MAX_CM_RETRIES = 15;
    /** Where an IPv4-mapped GID (::ffff:a.b.c.d) holds the IPv4 address (ksy/ib_mad.ksy's -constants). */
    private static final int MAPPED_IPV4 = (int) IPV4_MAPPED_GID_OFFSET, MARKER = (int) IPV4_MAPPED_GID_MARKER_OFFSET,
        MARKER_LEN = MAPPED_IPV4 - MARKER;

    private CmMads() {}

    /** The frame: UD SEND Only to QP1 from QP1, DETH with the GSI Q_Key. */
    public static byte[] frame(Net net, int psn, byte[] mad) {
        return RoceFrames.roce(net, IbTransportKsy.OPCODE_UD_SEND_ONLY, (int) GSI_QP, psn, true, false,
            RoceFrames.deth(GSI_QKEY, (int) GSI_QP), mad);
    }

    /** The common MAD header (base version 1, class CM version 2, method Send) around a CM message. */
    static byte[] mad(int attribute, long tid, byte[] body) {
        byte[] m = new byte[FIXED_SIZE];
        Layout.put(m, OFF_BASE_VERSION, LEN_BASE_VERSION, SHIFT_BASE_VERSION, MASK_BASE_VERSION, MAD_BASE_VERSION);
        Layout.put(m, OFF_MGMT_CLASS, LEN_MGMT_CLASS, SHIFT_MGMT_CLASS, MASK_MGMT_CLASS, IbMadKsy.MGMT_CLASS_CM);
        Layout.put(m, OFF_CLASS_VERSION, LEN_CLASS_VERSION, SHIFT_CLASS_VERSION, MASK_CLASS_VERSION, CM_CLASS_VERSION);
        Layout.put(m, OFF_METHOD, LEN_METHOD, SHIFT_METHOD, MASK_METHOD, IbMadKsy.METHOD_SEND);
        Layout.put(m, OFF_TRANSACTION_ID, LEN_TRANSACTION_ID, SHIFT_TRANSACTION_ID, MASK_TRANSACTION_ID, tid);
        Layout.put(m, OFF_ATTRIBUTE_ID, LEN_ATTRIBUTE_ID, SHIFT_ATTRIBUTE_ID, MASK_ATTRIBUTE_ID, attribute);
        System.arraycopy(body, 0, m, OFF_DATA, LEN_DATA);
        return m;
    }

    /**
     * A REQ from an RDMA-CM initiator: TCP port space, the listener's port, the initiator's QPN and the
     * Starting PSN its own receive queue expects, path MTU (ibv enum), and the cma header with both IPs.
     */
    public static byte[] req(long tid, int localCommId, int port, long caGuid, int qpn, int startPsn, int mtuEnum,
                             byte[] srcIp, byte[] dstIp, int srcPort) {
        return req(tid, localCommId, port, caGuid, qpn, startPsn, mtuEnum, srcIp, dstIp, srcPort, CM_RESPONSE_TIMEOUT, MAX_CM_RETRIES);
    }

    /**
     * The same with the CM response timeout (IBA time code, both the remote and the local one) and the Max CM
     * Retries the REQ announces: what its sender really waits and resends.
     */
    public static byte[] req(long tid, int localCommId, int port, long caGuid, int qpn, int startPsn, int mtuEnum,
                             byte[] srcIp, byte[] dstIp, int srcPort, int cmResponseTimeout, int maxCmRetries) {
        byte[] b = new byte[LEN_DATA];
        Layout.put(b, OFF_CM_REQ_LOCAL_COMM_ID, LEN_CM_REQ_LOCAL_COMM_ID, SHIFT_CM_REQ_LOCAL_COMM_ID, MASK_CM_REQ_LOCAL_COMM_ID,
            localCommId & 0xFFFFFFFFL);
        int sid = OFF_CM_REQ_SERVICE_ID;   // RDMA-CM's: 00 00 00 00 01, the port space, the port
        Layout.put(b, sid + OFF_SERVICE_ID_PREFIX, LEN_SERVICE_ID_PREFIX, SHIFT_SERVICE_ID_PREFIX, MASK_SERVICE_ID_PREFIX,
            RDMA_IP_SERVICE_ID_PREFIX);
        Layout.put(b, sid + OFF_SERVICE_ID_PORT_SPACE, LEN_SERVICE_ID_PORT_SPACE, SHIFT_SERVICE_ID_PORT_SPACE,
            MASK_SERVICE_ID_PORT_SPACE, IbMadKsy.PORT_SPACE_TCP);
        Layout.put(b, sid + OFF_SERVICE_ID_PORT, LEN_SERVICE_ID_PORT, SHIFT_SERVICE_ID_PORT, MASK_SERVICE_ID_PORT, port);
        Layout.put(b, OFF_CM_REQ_LOCAL_CA_GUID, LEN_CM_REQ_LOCAL_CA_GUID, SHIFT_CM_REQ_LOCAL_CA_GUID, MASK_CM_REQ_LOCAL_CA_GUID,
            caGuid);
        Layout.put(b, OFF_CM_REQ_LOCAL_QPN, LEN_CM_REQ_LOCAL_QPN, SHIFT_CM_REQ_LOCAL_QPN, MASK_CM_REQ_LOCAL_QPN, qpn);
        Layout.put(b, OFF_CM_REQ_RESPONDER_RESOURCES, LEN_CM_REQ_RESPONDER_RESOURCES, SHIFT_CM_REQ_RESPONDER_RESOURCES,
            MASK_CM_REQ_RESPONDER_RESOURCES, 1);
        Layout.put(b, OFF_CM_REQ_INITIATOR_DEPTH, LEN_CM_REQ_INITIATOR_DEPTH, SHIFT_CM_REQ_INITIATOR_DEPTH,
            MASK_CM_REQ_INITIATOR_DEPTH, 1);
        // RC (transport service type 0), no end-to-end flow control
        Layout.put(b, OFF_CM_REQ_REMOTE_CM_RESPONSE_TIMEOUT, LEN_CM_REQ_REMOTE_CM_RESPONSE_TIMEOUT,
            SHIFT_CM_REQ_REMOTE_CM_RESPONSE_TIMEOUT, MASK_CM_REQ_REMOTE_CM_RESPONSE_TIMEOUT, cmResponseTimeout);
        Layout.put(b, OFF_CM_REQ_STARTING_PSN, LEN_CM_REQ_STARTING_PSN, SHIFT_CM_REQ_STARTING_PSN, MASK_CM_REQ_STARTING_PSN,
            startPsn);
        Layout.put(b, OFF_CM_REQ_LOCAL_CM_RESPONSE_TIMEOUT, LEN_CM_REQ_LOCAL_CM_RESPONSE_TIMEOUT,
            SHIFT_CM_REQ_LOCAL_CM_RESPONSE_TIMEOUT, MASK_CM_REQ_LOCAL_CM_RESPONSE_TIMEOUT, cmResponseTimeout);
        Layout.put(b, OFF_CM_REQ_RETRY_COUNT, LEN_CM_REQ_RETRY_COUNT, SHIFT_CM_REQ_RETRY_COUNT, MASK_CM_REQ_RETRY_COUNT, 7);
        Layout.put(b, OFF_CM_REQ_PARTITION_KEY, LEN_CM_REQ_PARTITION_KEY, SHIFT_CM_REQ_PARTITION_KEY, MASK_CM_REQ_PARTITION_KEY,
            DEFAULT_P_KEY);
        Layout.put(b, OFF_CM_REQ_PATH_MTU, LEN_CM_REQ_PATH_MTU, SHIFT_CM_REQ_PATH_MTU, MASK_CM_REQ_PATH_MTU, mtuEnum);
        Layout.put(b, OFF_CM_REQ_RNR_RETRY_COUNT, LEN_CM_REQ_RNR_RETRY_COUNT, SHIFT_CM_REQ_RNR_RETRY_COUNT,
            MASK_CM_REQ_RNR_RETRY_COUNT, IbMadKsy.RNR_RETRY_COUNT_INFINITE);
        Layout.put(b, OFF_CM_REQ_MAX_CM_RETRIES, LEN_CM_REQ_MAX_CM_RETRIES, SHIFT_CM_REQ_MAX_CM_RETRIES,
            MASK_CM_REQ_MAX_CM_RETRIES, maxCmRetries);
        int path = OFF_CM_REQ_PRIMARY_PATH;   // permissive LIDs: RoCE routes by GID
        Layout.put(b, path + OFF_PATH_LOCAL_LID, LEN_PATH_LOCAL_LID, SHIFT_PATH_LOCAL_LID, MASK_PATH_LOCAL_LID, PERMISSIVE_LID);
        Layout.put(b, path + OFF_PATH_REMOTE_LID, LEN_PATH_REMOTE_LID, SHIFT_PATH_REMOTE_LID, MASK_PATH_REMOTE_LID, PERMISSIVE_LID);
        putGid(b, path + OFF_PATH_LOCAL_GID, srcIp);
        putGid(b, path + OFF_PATH_REMOTE_GID, dstIp);
        Layout.put(b, path + OFF_PATH_HOP_LIMIT, LEN_PATH_HOP_LIMIT, SHIFT_PATH_HOP_LIMIT, MASK_PATH_HOP_LIMIT, 64);
        Layout.put(b, path + OFF_PATH_LOCAL_ACK_TIMEOUT, LEN_PATH_LOCAL_ACK_TIMEOUT, SHIFT_PATH_LOCAL_ACK_TIMEOUT,
            MASK_PATH_LOCAL_ACK_TIMEOUT, LOCAL_ACK_TIMEOUT);
        // RDMA-CM header in the private data (version 0.0)
        int cma = OFF_CM_REQ_PRIVATE_DATA;
        boolean v6 = srcIp.length == Ipv6PacketLayout.LEN_SRC_ADDR;
        Layout.put(b, cma + OFF_CMA_HDR_IP_VERSION, LEN_CMA_HDR_IP_VERSION, SHIFT_CMA_HDR_IP_VERSION, MASK_CMA_HDR_IP_VERSION,
            v6 ? Ipv6PacketLayout.IPV6_VERSION_VALUE : Ipv4PacketLayout.IPV4_VERSION_VALUE);
        Layout.put(b, cma + OFF_CMA_HDR_SRC_PORT, LEN_CMA_HDR_SRC_PORT, SHIFT_CMA_HDR_SRC_PORT, MASK_CMA_HDR_SRC_PORT, srcPort);
        System.arraycopy(srcIp, 0, b, cma + OFF_CMA_HDR_SRC_ADDR + (v6 ? 0 : MAPPED_IPV4), srcIp.length);
        System.arraycopy(dstIp, 0, b, cma + OFF_CMA_HDR_DST_ADDR + (v6 ? 0 : MAPPED_IPV4), dstIp.length);
        return mad(IbMadKsy.CM_ATTRIBUTE_REQ, tid, b);
    }

    public static byte[] rep(long tid, int localCommId, int remoteCommId, int qpn, int startPsn, long caGuid) {
        byte[] b = new byte[LEN_DATA];
        Layout.put(b, OFF_CM_REP_LOCAL_COMM_ID, LEN_CM_REP_LOCAL_COMM_ID, SHIFT_CM_REP_LOCAL_COMM_ID, MASK_CM_REP_LOCAL_COMM_ID,
            localCommId & 0xFFFFFFFFL);
        Layout.put(b, OFF_CM_REP_REMOTE_COMM_ID, LEN_CM_REP_REMOTE_COMM_ID, SHIFT_CM_REP_REMOTE_COMM_ID,
            MASK_CM_REP_REMOTE_COMM_ID, remoteCommId & 0xFFFFFFFFL);
        Layout.put(b, OFF_CM_REP_LOCAL_QPN, LEN_CM_REP_LOCAL_QPN, SHIFT_CM_REP_LOCAL_QPN, MASK_CM_REP_LOCAL_QPN, qpn);
        Layout.put(b, OFF_CM_REP_STARTING_PSN, LEN_CM_REP_STARTING_PSN, SHIFT_CM_REP_STARTING_PSN, MASK_CM_REP_STARTING_PSN,
            startPsn);
        Layout.put(b, OFF_CM_REP_RESPONDER_RESOURCES, LEN_CM_REP_RESPONDER_RESOURCES, SHIFT_CM_REP_RESPONDER_RESOURCES,
            MASK_CM_REP_RESPONDER_RESOURCES, 1);
        Layout.put(b, OFF_CM_REP_INITIATOR_DEPTH, LEN_CM_REP_INITIATOR_DEPTH, SHIFT_CM_REP_INITIATOR_DEPTH,
            MASK_CM_REP_INITIATOR_DEPTH, 1);
        Layout.put(b, OFF_CM_REP_TARGET_ACK_DELAY, LEN_CM_REP_TARGET_ACK_DELAY, SHIFT_CM_REP_TARGET_ACK_DELAY,
            MASK_CM_REP_TARGET_ACK_DELAY, TARGET_ACK_DELAY);
        Layout.put(b, OFF_CM_REP_RNR_RETRY_COUNT, LEN_CM_REP_RNR_RETRY_COUNT, SHIFT_CM_REP_RNR_RETRY_COUNT,
            MASK_CM_REP_RNR_RETRY_COUNT, IbMadKsy.RNR_RETRY_COUNT_INFINITE);
        Layout.put(b, OFF_CM_REP_LOCAL_CA_GUID, LEN_CM_REP_LOCAL_CA_GUID, SHIFT_CM_REP_LOCAL_CA_GUID, MASK_CM_REP_LOCAL_CA_GUID,
            caGuid);
        return mad(IbMadKsy.CM_ATTRIBUTE_REP, tid, b);
    }

    public static byte[] rtu(long tid, int localCommId, int remoteCommId) {
        byte[] b = new byte[LEN_DATA];
        Layout.put(b, OFF_CM_RTU_LOCAL_COMM_ID, LEN_CM_RTU_LOCAL_COMM_ID, SHIFT_CM_RTU_LOCAL_COMM_ID, MASK_CM_RTU_LOCAL_COMM_ID,
            localCommId & 0xFFFFFFFFL);
        Layout.put(b, OFF_CM_RTU_REMOTE_COMM_ID, LEN_CM_RTU_REMOTE_COMM_ID, SHIFT_CM_RTU_REMOTE_COMM_ID,
            MASK_CM_RTU_REMOTE_COMM_ID, remoteCommId & 0xFFFFFFFFL);
        return mad(IbMadKsy.CM_ATTRIBUTE_RTU, tid, b);
    }

    /** A REJ of a REQ (message rejected 0): reason 8 is "invalid service ID" (nothing listens). */
    public static byte[] rej(long tid, int localCommId, int remoteCommId, int reason) {
        return rej(tid, localCommId, remoteCommId, IbMadKsy.MESSAGE_REJECTED_REQ, reason);
    }

    /** A REJ of the message {@code messageRejected} says (IbMadKsy.MESSAGE_REJECTED_*: REQ, REP, other). */
    public static byte[] rej(long tid, int localCommId, int remoteCommId, int messageRejected, int reason) {
        byte[] b = new byte[LEN_DATA];
        Layout.put(b, OFF_CM_REJ_LOCAL_COMM_ID, LEN_CM_REJ_LOCAL_COMM_ID, SHIFT_CM_REJ_LOCAL_COMM_ID, MASK_CM_REJ_LOCAL_COMM_ID,
            localCommId & 0xFFFFFFFFL);
        Layout.put(b, OFF_CM_REJ_REMOTE_COMM_ID, LEN_CM_REJ_REMOTE_COMM_ID, SHIFT_CM_REJ_REMOTE_COMM_ID,
            MASK_CM_REJ_REMOTE_COMM_ID, remoteCommId & 0xFFFFFFFFL);
        Layout.put(b, OFF_CM_REJ_MESSAGE_REJECTED, LEN_CM_REJ_MESSAGE_REJECTED, SHIFT_CM_REJ_MESSAGE_REJECTED,
            MASK_CM_REJ_MESSAGE_REJECTED, messageRejected);
        Layout.put(b, OFF_CM_REJ_REASON, LEN_CM_REJ_REASON, SHIFT_CM_REJ_REASON, MASK_CM_REJ_REASON, reason);
        return mad(IbMadKsy.CM_ATTRIBUTE_REJ, tid, b);
    }

    public static byte[] dreq(long tid, int localCommId, int remoteCommId, int remoteQpn) {
        byte[] b = new byte[LEN_DATA];
        Layout.put(b, OFF_CM_DREQ_LOCAL_COMM_ID, LEN_CM_DREQ_LOCAL_COMM_ID, SHIFT_CM_DREQ_LOCAL_COMM_ID,
            MASK_CM_DREQ_LOCAL_COMM_ID, localCommId & 0xFFFFFFFFL);
        Layout.put(b, OFF_CM_DREQ_REMOTE_COMM_ID, LEN_CM_DREQ_REMOTE_COMM_ID, SHIFT_CM_DREQ_REMOTE_COMM_ID,
            MASK_CM_DREQ_REMOTE_COMM_ID, remoteCommId & 0xFFFFFFFFL);
        Layout.put(b, OFF_CM_DREQ_REMOTE_QPN_EECN, LEN_CM_DREQ_REMOTE_QPN_EECN, SHIFT_CM_DREQ_REMOTE_QPN_EECN,
            MASK_CM_DREQ_REMOTE_QPN_EECN, remoteQpn);
        return mad(IbMadKsy.CM_ATTRIBUTE_DREQ, tid, b);
    }

    public static byte[] drep(long tid, int localCommId, int remoteCommId) {
        byte[] b = new byte[LEN_DATA];
        Layout.put(b, OFF_CM_DREP_LOCAL_COMM_ID, LEN_CM_DREP_LOCAL_COMM_ID, SHIFT_CM_DREP_LOCAL_COMM_ID,
            MASK_CM_DREP_LOCAL_COMM_ID, localCommId & 0xFFFFFFFFL);
        Layout.put(b, OFF_CM_DREP_REMOTE_COMM_ID, LEN_CM_DREP_REMOTE_COMM_ID, SHIFT_CM_DREP_REMOTE_COMM_ID,
            MASK_CM_DREP_REMOTE_COMM_ID, remoteCommId & 0xFFFFFFFFL);
        return mad(IbMadKsy.CM_ATTRIBUTE_DREP, tid, b);
    }

    /** A GID: a 16-byte address as it is, a 4-byte one IPv4-mapped (::ffff:a.b.c.d). */
    private static void putGid(byte[] b, int at, byte[] ip) {
        if (ip.length == Ipv6PacketLayout.LEN_SRC_ADDR) {
            System.arraycopy(ip, 0, b, at, ip.length);
        } else {
            mapIpv4(b, at, ip);
        }
    }

    /** The IPv4-mapped GID of {@code ipv4} into the zeroed 16 bytes at {@code at}: the ::ffff: marker, then the address. */
    static void mapIpv4(byte[] b, int at, byte[] ipv4) {
        Layout.put(b, at + MARKER, MARKER_LEN, 0, IPV4_MAPPED_GID_MARKER, IPV4_MAPPED_GID_MARKER);
        System.arraycopy(ipv4, 0, b, at + MAPPED_IPV4, Ipv4PacketLayout.LEN_SRC_ADDR);
    }
}
