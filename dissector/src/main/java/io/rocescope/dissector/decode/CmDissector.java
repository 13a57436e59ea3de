package io.rocescope.dissector.decode;

import io.rocescope.dissector.cm.CmMessage;
import io.rocescope.dissector.cm.CmPath;
import io.rocescope.dissector.cm.ServiceId;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.ksy.Ipv4PacketLayout;
import io.rocescope.dissector.field.ksy.Ipv6PacketLayout;
import io.rocescope.dissector.util.BigEndian;
import io.rocescope.dissector.value.Gid;

import static io.rocescope.dissector.field.CmFields.*;
import static io.rocescope.dissector.field.ksy.IbMadLayout.*;

/**
 * CM messages (IBTA vol 1 ch. 12); {@code m} is the first byte of the 232-byte message. Every offset, width, shift
 * and mask is ksy/ib_mad.ksy's (generated into {@code IbMadLayout}); the field spans are Wireshark's, which are the
 * layout's but for a path's packet rate (see {@link #path}). Each message is also returned as a {@link CmMessage},
 * made from the values its fields are made from.
 */
final class CmDissector {
    private CmDissector() {}

    /** Decodes the message; returns it as values (null for ClassPortInfo and unknown attributes). */
    static CmMessage dissect(Packet p, int attr, int m) {
        switch (attr) {
            case CmNames.REQ: return req(p, m);
            case CmNames.MRA: return mra(p, m);
            case CmNames.REJ: return rej(p, m);
            case CmNames.REP: return rep(p, m);
            case CmNames.RTU: {
                long local = p.u32(RTU_LOCALCOMMID, m + OFF_CM_RTU_LOCAL_COMM_ID);
                long remote = p.u32(RTU_REMOTECOMMID, m + OFF_CM_RTU_REMOTE_COMM_ID);
                p.bytes(RTU_PRIVATE, m + OFF_CM_RTU_PRIVATE_DATA, LEN_CM_RTU_PRIVATE_DATA);
                return new CmMessage.Rtu(local, remote);
            }
            case CmNames.DREQ: {
                long local = p.u32(DREQ_LOCALCOMMID, m + OFF_CM_DREQ_LOCAL_COMM_ID);
                long remote = p.u32(DREQ_REMOTECOMMID, m + OFF_CM_DREQ_REMOTE_COMM_ID);
                int qpn = p.u24(DREQ_REMOTEQPN, m + OFF_CM_DREQ_REMOTE_QPN_EECN);
                p.bytes(DREQ_PRIVATE, m + OFF_CM_DREQ_PRIVATE_DATA, LEN_CM_DREQ_PRIVATE_DATA);
                return new CmMessage.Dreq(local, remote, qpn);
            }
            case CmNames.DREP: {
                long local = p.u32(DREP_LOCALCOMMID, m + OFF_CM_DREP_LOCAL_COMM_ID);
                long remote = p.u32(DREP_REMOTECOMMID, m + OFF_CM_DREP_REMOTE_COMM_ID);
                p.bytes(DREP_PRIVATE, m + OFF_CM_DREP_PRIVATE_DATA, LEN_CM_DREP_PRIVATE_DATA);
                return new CmMessage.Drep(local, remote);
            }
            case CmNames.SIDR_REQ: return sidrReq(p, m);
            case CmNames.SIDR_REP: return sidrRep(p, m);
            case CmNames.LAP: return lap(p, m);
            case CmNames.APR: return apr(p, m);
            case CmNames.CLASS_PORT_INFO: p.bytes(CLASSPORTINFO, m, LEN_DATA); return null;
            default:
                p.f.expert(new Expert(Expert.Severity.NOTE, "infiniband.cm.attribute.unknown",
                    String.format("Unknown CM attribute 0x%04x", attr)));
                p.bytes(MAD_DATA, m, LEN_DATA);
                return null;
        }
    }

    /**
     * A REQ's or SIDR_REQ's Service ID at {@code sid}: its field, and for RDMA-CM's IP form the port space and port
     * (and the prefix, where {@code prefix} is not null), as fields and as the value.
     */
    private static ServiceId serviceId(Packet p, int sid, FieldDef id, FieldDef prefix, FieldDef space, FieldDef port) {
        long value = p.u64(id, sid);
        if (!isRdmaIpServiceId(p.d, sid)) return ServiceId.plain(value);
        if (prefix != null) p.bytes(prefix, sid + OFF_SERVICE_ID_PREFIX, LEN_SERVICE_ID_PREFIX);
        int portSpace = p.u8(space, sid + OFF_SERVICE_ID_PORT_SPACE);
        return new ServiceId(value, portSpace, p.u16(port, sid + OFF_SERVICE_ID_PORT));
    }

    private static CmMessage.Req req(Packet p, int m) {
        long localCommId = p.u32(REQ_LOCALCOMMID, m + OFF_CM_REQ_LOCAL_COMM_ID);
        ServiceId service = serviceId(p, m + OFF_CM_REQ_SERVICE_ID, REQ_SERVICEID, REQ_SERVICEID_PREFIX, REQ_SERVICEID_PROTOCOL,
            REQ_SERVICEID_DPORT);
        boolean ipCm = service.isRdmaIp();
        long caGuid = p.u64(REQ_LOCALCAGUID, m + OFF_CM_REQ_LOCAL_CA_GUID);
        long qKey = p.u32(REQ_LOCALQKEY, m + OFF_CM_REQ_LOCAL_Q_KEY);
        int qpn = p.u24(REQ_LOCALQPN, m + OFF_CM_REQ_LOCAL_QPN);
        int responderResources = p.u8(REQ_RESPONDERRES, m + OFF_CM_REQ_RESPONDER_RESOURCES);
        int localEecn = p.u24(REQ_LOCALEECN, m + OFF_CM_REQ_LOCAL_EECN);
        int initiatorDepth = p.u8(REQ_INITDEPTH, m + OFF_CM_REQ_INITIATOR_DEPTH);
        int remoteEecn = p.u24(REQ_REMOTEEECN, m + OFF_CM_REQ_REMOTE_EECN);
        int remoteTimeout = p.readBits(REQ_REMOTERESPTOUT, m + OFF_CM_REQ_REMOTE_CM_RESPONSE_TIMEOUT, LEN_CM_REQ_REMOTE_CM_RESPONSE_TIMEOUT,
            SHIFT_CM_REQ_REMOTE_CM_RESPONSE_TIMEOUT, MASK_CM_REQ_REMOTE_CM_RESPONSE_TIMEOUT);
        int serviceType = p.readBits(REQ_TRANSPSVCTYPE, m + OFF_CM_REQ_TRANSPORT_SERVICE_TYPE, LEN_CM_REQ_TRANSPORT_SERVICE_TYPE,
            SHIFT_CM_REQ_TRANSPORT_SERVICE_TYPE, MASK_CM_REQ_TRANSPORT_SERVICE_TYPE);
        int flowControl = p.readBits(REQ_E2EFLOWCTRL, m + OFF_CM_REQ_END_TO_END_FLOW_CONTROL, LEN_CM_REQ_END_TO_END_FLOW_CONTROL,
            SHIFT_CM_REQ_END_TO_END_FLOW_CONTROL, MASK_CM_REQ_END_TO_END_FLOW_CONTROL);
        int psn = p.u24(REQ_STARTPSN, m + OFF_CM_REQ_STARTING_PSN);
        int localTimeout = p.readBits(REQ_LOCALRESPTOUT, m + OFF_CM_REQ_LOCAL_CM_RESPONSE_TIMEOUT, LEN_CM_REQ_LOCAL_CM_RESPONSE_TIMEOUT,
            SHIFT_CM_REQ_LOCAL_CM_RESPONSE_TIMEOUT, MASK_CM_REQ_LOCAL_CM_RESPONSE_TIMEOUT);
        int retryCount = p.readBits(REQ_RETRCOUNT, m + OFF_CM_REQ_RETRY_COUNT, LEN_CM_REQ_RETRY_COUNT, SHIFT_CM_REQ_RETRY_COUNT,
            MASK_CM_REQ_RETRY_COUNT);
        int pkey = p.u16(REQ_PKEY, m + OFF_CM_REQ_PARTITION_KEY);
        int mtu = p.readBits(REQ_PPPMTU, m + OFF_CM_REQ_PATH_MTU, LEN_CM_REQ_PATH_MTU, SHIFT_CM_REQ_PATH_MTU, MASK_CM_REQ_PATH_MTU);
        int rdc = p.readBits(REQ_RDCEXIST, m + OFF_CM_REQ_RDC_EXISTS, LEN_CM_REQ_RDC_EXISTS, SHIFT_CM_REQ_RDC_EXISTS, MASK_CM_REQ_RDC_EXISTS);
        int rnrRetryCount = p.readBits(REQ_RNRRETRCOUNT, m + OFF_CM_REQ_RNR_RETRY_COUNT, LEN_CM_REQ_RNR_RETRY_COUNT, SHIFT_CM_REQ_RNR_RETRY_COUNT,
            MASK_CM_REQ_RNR_RETRY_COUNT);
        int maxRetries = p.readBits(REQ_MAXCMRETR, m + OFF_CM_REQ_MAX_CM_RETRIES, LEN_CM_REQ_MAX_CM_RETRIES, SHIFT_CM_REQ_MAX_CM_RETRIES,
            MASK_CM_REQ_MAX_CM_RETRIES);
        int srq = p.readBits(REQ_SRQ, m + OFF_CM_REQ_SRQ, LEN_CM_REQ_SRQ, SHIFT_CM_REQ_SRQ, MASK_CM_REQ_SRQ);
        int extTransport = p.readBits(REQ_EXT_TRANSPORT, m + OFF_CM_REQ_EXTENDED_TRANSPORT_TYPE, LEN_CM_REQ_EXTENDED_TRANSPORT_TYPE,
            SHIFT_CM_REQ_EXTENDED_TRANSPORT_TYPE, MASK_CM_REQ_EXTENDED_TRANSPORT_TYPE);
        CmPath primary = path(p, 0, m + OFF_CM_REQ_PRIMARY_PATH);
        CmPath alternate = path(p, 1, m + OFF_CM_REQ_ALTERNATE_PATH);
        p.bytes(REQ_PRIVATE, m + OFF_CM_REQ_PRIVATE_DATA, LEN_CM_REQ_PRIVATE_DATA);
        if (ipCm) cmaHeader(p, m + OFF_CM_REQ_PRIVATE_DATA, LEN_CM_REQ_PRIVATE_DATA);
        return new CmMessage.Req(localCommId, service, caGuid, qKey, qpn, responderResources, localEecn, initiatorDepth,
            remoteEecn, remoteTimeout, serviceType, flowControl, psn, localTimeout, retryCount, pkey, mtu, rdc, rnrRetryCount,
            maxRetries, srq, extTransport, primary, alternate);
    }

    /** Where an IPv4-mapped GID (::ffff:a.b.c.d) holds the IPv4 address, and its size (ksy/ib_mad.ksy, ipv4_packet.ksy). */
    private static final int MAPPED_IPV4 = (int) IPV4_MAPPED_GID_OFFSET, IPV4_LEN = Ipv4PacketLayout.LEN_SRC_ADDR;

    /**
     * A REQ path: LIDs, GIDs (with the IPv4 address of an IPv4-mapped GID), flow label … The packet rate spans
     * the 16-bit word it ends, with the reserved bits before it, as Wireshark's field does (a 16-bit mask).
     */
    private static CmPath path(Packet p, int k, int o) {
        byte[] d = p.d;
        int localLid = p.u16(PATH_LOCALLID[k], o + OFF_PATH_LOCAL_LID);
        int remoteLid = p.u16(PATH_REMOTELID[k], o + OFF_PATH_REMOTE_LID);
        int local = o + OFF_PATH_LOCAL_GID, remote = o + OFF_PATH_REMOTE_GID;
        p.addr(PATH_LOCALGID[k], local, LEN_PATH_LOCAL_GID);
        Gid localGid = Gid.of(d, local), remoteGid = Gid.of(d, remote);
        long v4 = localGid.mappedIpv4();
        if (v4 >= 0) p.f.add(PATH_LOCALGID_IPV4[k], local + MAPPED_IPV4, IPV4_LEN, v4);
        p.addr(PATH_REMOTEGID[k], remote, LEN_PATH_REMOTE_GID);
        v4 = remoteGid.mappedIpv4();
        if (v4 >= 0) p.f.add(PATH_REMOTEGID_IPV4[k], remote + MAPPED_IPV4, IPV4_LEN, v4);
        int flowLabel = p.readBits(PATH_FLOWLABEL[k], o + OFF_PATH_FLOW_LABEL, LEN_PATH_FLOW_LABEL, SHIFT_PATH_FLOW_LABEL, MASK_PATH_FLOW_LABEL);
        int rate = (int) ((Bytes.u8(d, o + OFF_PATH_PACKET_RATE) >>> SHIFT_PATH_PACKET_RATE) & MASK_PATH_PACKET_RATE);
        p.f.add(PATH_PKTRATE[k], o + OFF_PATH_RESERVED0, LEN_PATH_RESERVED0, rate);
        int trafficClass = p.u8(PATH_TFCCLASS[k], o + OFF_PATH_TRAFFIC_CLASS);
        int hopLimit = p.u8(PATH_HOPLIM[k], o + OFF_PATH_HOP_LIMIT);
        int sl = p.readBits(PATH_SL[k], o + OFF_PATH_SL, LEN_PATH_SL, SHIFT_PATH_SL, MASK_PATH_SL);
        int subnetLocal = p.readBits(PATH_SUBNETLOCAL[k], o + OFF_PATH_SUBNET_LOCAL, LEN_PATH_SUBNET_LOCAL, SHIFT_PATH_SUBNET_LOCAL,
            MASK_PATH_SUBNET_LOCAL);
        int ackTimeout = p.readBits(PATH_LOCALACKTOUT[k], o + OFF_PATH_LOCAL_ACK_TIMEOUT, LEN_PATH_LOCAL_ACK_TIMEOUT,
            SHIFT_PATH_LOCAL_ACK_TIMEOUT, MASK_PATH_LOCAL_ACK_TIMEOUT);
        return new CmPath(localLid, remoteLid, localGid, remoteGid, flowLabel, rate, trafficClass, hopLimit, sl, subnetLocal, ackTimeout);
    }

    /** RDMA-CM service IDs: 00 00 00 00 01 <port space> <port> (ksy/ib_mad.ksy's rdma_ip_service_id_prefix). */
    static boolean isRdmaIpServiceId(byte[] d, int o) {
        return BigEndian.read(d, o + OFF_SERVICE_ID_PREFIX, LEN_SERVICE_ID_PREFIX) == RDMA_IP_SERVICE_ID_PREFIX;
    }

    /** RDMA-CM's cma_hdr at the start of REQ / SIDR_REQ private data. */
    private static void cmaHeader(Packet p, int o, int size) {
        int node = p.f.open(IP_CM, o);
        p.readBits(IP_CM_MAJV, o + OFF_CMA_HDR_MAJOR_VERSION, LEN_CMA_HDR_MAJOR_VERSION, SHIFT_CMA_HDR_MAJOR_VERSION,
            MASK_CMA_HDR_MAJOR_VERSION);
        p.readBits(IP_CM_MINV, o + OFF_CMA_HDR_MINOR_VERSION, LEN_CMA_HDR_MINOR_VERSION, SHIFT_CMA_HDR_MINOR_VERSION,
            MASK_CMA_HDR_MINOR_VERSION);
        int ipv = p.readBits(IP_CM_IPV, o + OFF_CMA_HDR_IP_VERSION, LEN_CMA_HDR_IP_VERSION, SHIFT_CMA_HDR_IP_VERSION,
            MASK_CMA_HDR_IP_VERSION);
        p.u16(IP_CM_SPORT, o + OFF_CMA_HDR_SRC_PORT);
        if (ipv == Ipv6PacketLayout.IPV6_VERSION_VALUE) {
            p.addr(IP_CM_SIP6, o + OFF_CMA_HDR_SRC_ADDR, LEN_CMA_HDR_SRC_ADDR);
            p.addr(IP_CM_DIP6, o + OFF_CMA_HDR_DST_ADDR, LEN_CMA_HDR_DST_ADDR);
        } else {
            p.addr(IP_CM_SIP4, o + OFF_CMA_HDR_SRC_ADDR + MAPPED_IPV4, IPV4_LEN);
            p.addr(IP_CM_DIP4, o + OFF_CMA_HDR_DST_ADDR + MAPPED_IPV4, IPV4_LEN);
        }
        p.bytes(IP_CM_PRIVATE, o + FIXED_SIZE_CMA_HDR, size - FIXED_SIZE_CMA_HDR);
        p.f.close(node, o + size);
    }

    private static CmMessage.Rep rep(Packet p, int m) {
        long local = p.u32(REP_LOCALCOMMID, m + OFF_CM_REP_LOCAL_COMM_ID);
        long remote = p.u32(REP_REMOTECOMMID, m + OFF_CM_REP_REMOTE_COMM_ID);
        long qKey = p.u32(REP_LOCALQKEY, m + OFF_CM_REP_LOCAL_Q_KEY);
        int qpn = p.u24(REP_LOCALQPN, m + OFF_CM_REP_LOCAL_QPN);
        int eecn = p.u24(REP_LOCALEECN, m + OFF_CM_REP_LOCAL_EECN);
        int psn = p.u24(REP_STARTPSN, m + OFF_CM_REP_STARTING_PSN);
        int responderResources = p.u8(REP_RESPRES, m + OFF_CM_REP_RESPONDER_RESOURCES);
        int initiatorDepth = p.u8(REP_INITDEPTH, m + OFF_CM_REP_INITIATOR_DEPTH);
        int ackDelay = p.readBits(REP_TGTACKDELAY, m + OFF_CM_REP_TARGET_ACK_DELAY, LEN_CM_REP_TARGET_ACK_DELAY, SHIFT_CM_REP_TARGET_ACK_DELAY,
            MASK_CM_REP_TARGET_ACK_DELAY);
        int failover = p.readBits(REP_FAILOVERACC, m + OFF_CM_REP_FAILOVER_ACCEPTED, LEN_CM_REP_FAILOVER_ACCEPTED,
            SHIFT_CM_REP_FAILOVER_ACCEPTED, MASK_CM_REP_FAILOVER_ACCEPTED);
        int flowControl = p.readBits(REP_E2EFLOWCTRL, m + OFF_CM_REP_END_TO_END_FLOW_CONTROL, LEN_CM_REP_END_TO_END_FLOW_CONTROL,
            SHIFT_CM_REP_END_TO_END_FLOW_CONTROL, MASK_CM_REP_END_TO_END_FLOW_CONTROL);
        int rnrRetryCount = p.readBits(REP_RNRRETRCOUNT, m + OFF_CM_REP_RNR_RETRY_COUNT, LEN_CM_REP_RNR_RETRY_COUNT, SHIFT_CM_REP_RNR_RETRY_COUNT,
            MASK_CM_REP_RNR_RETRY_COUNT);
        int srq = p.readBits(REP_SRQ, m + OFF_CM_REP_SRQ, LEN_CM_REP_SRQ, SHIFT_CM_REP_SRQ, MASK_CM_REP_SRQ);
        long caGuid = p.u64(REP_LOCALCAGUID, m + OFF_CM_REP_LOCAL_CA_GUID);
        p.bytes(REP_PRIVATE, m + OFF_CM_REP_PRIVATE_DATA, LEN_CM_REP_PRIVATE_DATA);
        return new CmMessage.Rep(local, remote, qKey, qpn, eecn, psn, responderResources, initiatorDepth, ackDelay, failover,
            flowControl, rnrRetryCount, srq, caGuid);
    }

    private static CmMessage.Rej rej(Packet p, int m) {
        long local = p.u32(REJ_LOCALCOMMID, m + OFF_CM_REJ_LOCAL_COMM_ID);
        long remote = p.u32(REJ_REMOTECOMMID, m + OFF_CM_REJ_REMOTE_COMM_ID);
        int rejected = p.readBits(REJ_MSGREJ, m + OFF_CM_REJ_MESSAGE_REJECTED, LEN_CM_REJ_MESSAGE_REJECTED, SHIFT_CM_REJ_MESSAGE_REJECTED,
            MASK_CM_REJ_MESSAGE_REJECTED);
        int infoLength = p.readBits(REJ_REJINFOLEN, m + OFF_CM_REJ_REJECT_INFO_LENGTH, LEN_CM_REJ_REJECT_INFO_LENGTH,
            SHIFT_CM_REJ_REJECT_INFO_LENGTH, MASK_CM_REJ_REJECT_INFO_LENGTH);
        int reason = p.u16(REJ_REASON, m + OFF_CM_REJ_REASON);
        p.bytes(REJ_ARI, m + OFF_CM_REJ_ADDITIONAL_REJECT_INFO, LEN_CM_REJ_ADDITIONAL_REJECT_INFO);
        p.bytes(REJ_PRIVATE, m + OFF_CM_REJ_PRIVATE_DATA, LEN_CM_REJ_PRIVATE_DATA);
        p.f.expert(new Expert(Expert.Severity.WARNING, "infiniband.cm.rej",
            "Connection rejected: " + CmNames.rejectReason(reason)));
        int ari = m + OFF_CM_REJ_ADDITIONAL_REJECT_INFO;
        return new CmMessage.Rej(local, remote, rejected, infoLength, reason,
            java.util.Arrays.copyOfRange(p.d, ari, ari + LEN_CM_REJ_ADDITIONAL_REJECT_INFO));
    }

    private static CmMessage.Mra mra(Packet p, int m) {
        long local = p.u32(MRA_LOCALCOMMID, m + OFF_CM_MRA_LOCAL_COMM_ID);
        long remote = p.u32(MRA_REMOTECOMMID, m + OFF_CM_MRA_REMOTE_COMM_ID);
        int mraed = p.readBits(MRA_MSGMRAED, m + OFF_CM_MRA_MESSAGE_MRAED, LEN_CM_MRA_MESSAGE_MRAED, SHIFT_CM_MRA_MESSAGE_MRAED,
            MASK_CM_MRA_MESSAGE_MRAED);
        int timeout = p.readBits(MRA_SERVICETIMEOUT, m + OFF_CM_MRA_SERVICE_TIMEOUT, LEN_CM_MRA_SERVICE_TIMEOUT, SHIFT_CM_MRA_SERVICE_TIMEOUT,
            MASK_CM_MRA_SERVICE_TIMEOUT);
        p.bytes(MRA_PRIVATE, m + OFF_CM_MRA_PRIVATE_DATA, LEN_CM_MRA_PRIVATE_DATA);
        return new CmMessage.Mra(local, remote, mraed, timeout);
    }

    private static CmMessage.SidrReq sidrReq(Packet p, int m) {
        long id = p.u32(SIDR_REQ_REQUESTID, m + OFF_CM_SIDR_REQ_REQUEST_ID);
        int pkey = p.u16(SIDR_REQ_PKEY, m + OFF_CM_SIDR_REQ_PARTITION_KEY);
        // no prefix field: Wireshark shows none in a SIDR_REQ
        ServiceId service = serviceId(p, m + OFF_CM_SIDR_REQ_SERVICE_ID, SIDR_REQ_SERVICEID, null, SIDR_REQ_SERVICEID_PROTOCOL,
            SIDR_REQ_SERVICEID_DPORT);
        boolean ipCm = service.isRdmaIp();
        p.bytes(SIDR_REQ_PRIVATE, m + OFF_CM_SIDR_REQ_PRIVATE_DATA, LEN_CM_SIDR_REQ_PRIVATE_DATA);
        if (ipCm) cmaHeader(p, m + OFF_CM_SIDR_REQ_PRIVATE_DATA, LEN_CM_SIDR_REQ_PRIVATE_DATA);
        return new CmMessage.SidrReq(id, pkey, service);
    }

    private static CmMessage.SidrRep sidrRep(Packet p, int m) {
        long id = p.u32(SIDR_REP_REQUESTID, m + OFF_CM_SIDR_REP_REQUEST_ID);
        int status = p.u8(SIDR_REP_STATUS, m + OFF_CM_SIDR_REP_STATUS);
        int infoLength = p.u8(SIDR_REP_ADDINFOLEN, m + OFF_CM_SIDR_REP_ADDITIONAL_INFO_LENGTH);
        int qpn = p.u24(SIDR_REP_QPN, m + OFF_CM_SIDR_REP_QPN);
        long serviceId = p.u64(SIDR_REP_SERVICEID, m + OFF_CM_SIDR_REP_SERVICE_ID);
        long qKey = p.u32(SIDR_REP_QKEY, m + OFF_CM_SIDR_REP_Q_KEY);
        p.bytes(SIDR_REP_CLASSPORTINFO, m + OFF_CM_SIDR_REP_CLASS_PORT_INFO, LEN_CM_SIDR_REP_CLASS_PORT_INFO);
        p.bytes(SIDR_REP_PRIVATE, m + OFF_CM_SIDR_REP_PRIVATE_DATA, LEN_CM_SIDR_REP_PRIVATE_DATA);
        return new CmMessage.SidrRep(id, status, infoLength, qpn, serviceId, qKey);
    }

    private static CmMessage.Lap lap(Packet p, int m) {
        long local = p.u32(LAP_LOCALCOMMID, m + OFF_CM_LAP_LOCAL_COMM_ID);
        long remote = p.u32(LAP_REMOTECOMMID, m + OFF_CM_LAP_REMOTE_COMM_ID);
        int qpn = p.u24(LAP_REMOTEQPN, m + OFF_CM_LAP_REMOTE_QPN_EECN);
        int timeout = p.readBits(LAP_REMOTERESPTOUT, m + OFF_CM_LAP_REMOTE_CM_RESPONSE_TIMEOUT, LEN_CM_LAP_REMOTE_CM_RESPONSE_TIMEOUT,
            SHIFT_CM_LAP_REMOTE_CM_RESPONSE_TIMEOUT, MASK_CM_LAP_REMOTE_CM_RESPONSE_TIMEOUT);
        int localLid = p.u16(LAP_ALT_LOCALLID, m + OFF_CM_LAP_ALTERNATE_LOCAL_LID);
        int remoteLid = p.u16(LAP_ALT_REMOTELID, m + OFF_CM_LAP_ALTERNATE_REMOTE_LID);
        p.addr(LAP_ALT_LOCALGID, m + OFF_CM_LAP_ALTERNATE_LOCAL_GID, LEN_CM_LAP_ALTERNATE_LOCAL_GID);
        p.addr(LAP_ALT_REMOTEGID, m + OFF_CM_LAP_ALTERNATE_REMOTE_GID, LEN_CM_LAP_ALTERNATE_REMOTE_GID);
        int flowLabel = p.readBits(LAP_ALT_FLOWLABEL, m + OFF_CM_LAP_ALTERNATE_FLOW_LABEL, LEN_CM_LAP_ALTERNATE_FLOW_LABEL,
            SHIFT_CM_LAP_ALTERNATE_FLOW_LABEL, MASK_CM_LAP_ALTERNATE_FLOW_LABEL);
        int trafficClass = p.u8(LAP_ALT_TFCCLASS, m + OFF_CM_LAP_ALTERNATE_TRAFFIC_CLASS);
        int hopLimit = p.u8(LAP_ALT_HOPLIM, m + OFF_CM_LAP_ALTERNATE_HOP_LIMIT);
        int rate = p.readBits(LAP_ALT_PKTRATE, m + OFF_CM_LAP_ALTERNATE_PACKET_RATE, LEN_CM_LAP_ALTERNATE_PACKET_RATE,
            SHIFT_CM_LAP_ALTERNATE_PACKET_RATE, MASK_CM_LAP_ALTERNATE_PACKET_RATE);
        int sl = p.readBits(LAP_ALT_SL, m + OFF_CM_LAP_ALTERNATE_SL, LEN_CM_LAP_ALTERNATE_SL, SHIFT_CM_LAP_ALTERNATE_SL,
            MASK_CM_LAP_ALTERNATE_SL);
        int subnetLocal = p.readBits(LAP_ALT_SUBNETLOCAL, m + OFF_CM_LAP_ALTERNATE_SUBNET_LOCAL, LEN_CM_LAP_ALTERNATE_SUBNET_LOCAL,
            SHIFT_CM_LAP_ALTERNATE_SUBNET_LOCAL, MASK_CM_LAP_ALTERNATE_SUBNET_LOCAL);
        int ackTimeout = p.readBits(LAP_ALT_LOCALACKTOUT, m + OFF_CM_LAP_ALTERNATE_LOCAL_ACK_TIMEOUT, LEN_CM_LAP_ALTERNATE_LOCAL_ACK_TIMEOUT,
            SHIFT_CM_LAP_ALTERNATE_LOCAL_ACK_TIMEOUT, MASK_CM_LAP_ALTERNATE_LOCAL_ACK_TIMEOUT);
        p.bytes(LAP_PRIVATE, m + OFF_CM_LAP_PRIVATE_DATA, LEN_CM_LAP_PRIVATE_DATA);
        return new CmMessage.Lap(local, remote, qpn, timeout, new CmPath(localLid, remoteLid,
            Gid.of(p.d, m + OFF_CM_LAP_ALTERNATE_LOCAL_GID),
            Gid.of(p.d, m + OFF_CM_LAP_ALTERNATE_REMOTE_GID),
            flowLabel, rate, trafficClass, hopLimit, sl, subnetLocal, ackTimeout));
    }

    private static CmMessage.Apr apr(Packet p, int m) {
        long local = p.u32(APR_LOCALCOMMID, m + OFF_CM_APR_LOCAL_COMM_ID);
        long remote = p.u32(APR_REMOTECOMMID, m + OFF_CM_APR_REMOTE_COMM_ID);
        int infoLength = p.u8(APR_ADDINFOLEN, m + OFF_CM_APR_ADDITIONAL_INFO_LENGTH);
        int status = p.u8(APR_STATUS, m + OFF_CM_APR_AP_STATUS);
        p.bytes(APR_ADDINFO, m + OFF_CM_APR_ADDITIONAL_INFO, LEN_CM_APR_ADDITIONAL_INFO);
        p.bytes(APR_PRIVATE, m + OFF_CM_APR_PRIVATE_DATA, LEN_CM_APR_PRIVATE_DATA);
        return new CmMessage.Apr(local, remote, infoLength, status);
    }
}
