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
 * and mask is ksy/ib_mad.ksy's (generated into {@code IbMadLayout}: each value read by its {@code read<Field>}, over
 * its {@code OFF_}/{@code LEN_}; a Service ID, a nested type, read whole as one number); the field spans are Wireshark's, which are the
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
                long local = p.add(RTU_LOCALCOMMID, m + OFF_CM_RTU_LOCAL_COMM_ID, LEN_CM_RTU_LOCAL_COMM_ID, readCmRtuLocalCommId(p.d, m));
                long remote = p.add(RTU_REMOTECOMMID, m + OFF_CM_RTU_REMOTE_COMM_ID, LEN_CM_RTU_REMOTE_COMM_ID,
                    readCmRtuRemoteCommId(p.d, m));
                p.bytes(RTU_PRIVATE, m + OFF_CM_RTU_PRIVATE_DATA, LEN_CM_RTU_PRIVATE_DATA);
                return new CmMessage.Rtu(local, remote);
            }
            case CmNames.DREQ: {
                long local = p.add(DREQ_LOCALCOMMID, m + OFF_CM_DREQ_LOCAL_COMM_ID, LEN_CM_DREQ_LOCAL_COMM_ID,
                    readCmDreqLocalCommId(p.d, m));
                long remote = p.add(DREQ_REMOTECOMMID, m + OFF_CM_DREQ_REMOTE_COMM_ID, LEN_CM_DREQ_REMOTE_COMM_ID,
                    readCmDreqRemoteCommId(p.d, m));
                int qpn = p.add(DREQ_REMOTEQPN, m + OFF_CM_DREQ_REMOTE_QPN_EECN, LEN_CM_DREQ_REMOTE_QPN_EECN,
                    readCmDreqRemoteQpnEecn(p.d, m));
                p.bytes(DREQ_PRIVATE, m + OFF_CM_DREQ_PRIVATE_DATA, LEN_CM_DREQ_PRIVATE_DATA);
                return new CmMessage.Dreq(local, remote, qpn);
            }
            case CmNames.DREP: {
                long local = p.add(DREP_LOCALCOMMID, m + OFF_CM_DREP_LOCAL_COMM_ID, LEN_CM_DREP_LOCAL_COMM_ID,
                    readCmDrepLocalCommId(p.d, m));
                long remote = p.add(DREP_REMOTECOMMID, m + OFF_CM_DREP_REMOTE_COMM_ID, LEN_CM_DREP_REMOTE_COMM_ID,
                    readCmDrepRemoteCommId(p.d, m));
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
        long value = p.number(id, sid, FIXED_SIZE_SERVICE_ID);   // a nested type shown as one number: no reader
        if (!isRdmaIpServiceId(p.d, sid)) return ServiceId.plain(value);
        if (prefix != null) p.bytes(prefix, sid + OFF_SERVICE_ID_PREFIX, LEN_SERVICE_ID_PREFIX);
        int portSpace = p.add(space, sid + OFF_SERVICE_ID_PORT_SPACE, LEN_SERVICE_ID_PORT_SPACE, readServiceIdPortSpace(p.d, sid));
        return new ServiceId(value, portSpace, p.add(port, sid + OFF_SERVICE_ID_PORT, LEN_SERVICE_ID_PORT, readServiceIdPort(p.d, sid)));
    }

    private static CmMessage.Req req(Packet p, int m) {
        long localCommId = p.add(REQ_LOCALCOMMID, m + OFF_CM_REQ_LOCAL_COMM_ID, LEN_CM_REQ_LOCAL_COMM_ID, readCmReqLocalCommId(p.d, m));
        ServiceId service = serviceId(p, m + OFF_CM_REQ_SERVICE_ID, REQ_SERVICEID, REQ_SERVICEID_PREFIX, REQ_SERVICEID_PROTOCOL,
            REQ_SERVICEID_DPORT);
        boolean ipCm = service.isRdmaIp();
        long caGuid = p.add(REQ_LOCALCAGUID, m + OFF_CM_REQ_LOCAL_CA_GUID, LEN_CM_REQ_LOCAL_CA_GUID, readCmReqLocalCaGuid(p.d, m));
        long qKey = p.add(REQ_LOCALQKEY, m + OFF_CM_REQ_LOCAL_Q_KEY, LEN_CM_REQ_LOCAL_Q_KEY, readCmReqLocalQKey(p.d, m));
        int qpn = p.add(REQ_LOCALQPN, m + OFF_CM_REQ_LOCAL_QPN, LEN_CM_REQ_LOCAL_QPN, readCmReqLocalQpn(p.d, m));
        int responderResources = p.add(REQ_RESPONDERRES, m + OFF_CM_REQ_RESPONDER_RESOURCES, LEN_CM_REQ_RESPONDER_RESOURCES,
            readCmReqResponderResources(p.d, m));
        int localEecn = p.add(REQ_LOCALEECN, m + OFF_CM_REQ_LOCAL_EECN, LEN_CM_REQ_LOCAL_EECN, readCmReqLocalEecn(p.d, m));
        int initiatorDepth = p.add(REQ_INITDEPTH, m + OFF_CM_REQ_INITIATOR_DEPTH, LEN_CM_REQ_INITIATOR_DEPTH,
            readCmReqInitiatorDepth(p.d, m));
        int remoteEecn = p.add(REQ_REMOTEEECN, m + OFF_CM_REQ_REMOTE_EECN, LEN_CM_REQ_REMOTE_EECN, readCmReqRemoteEecn(p.d, m));
        int remoteTimeout = p.add(REQ_REMOTERESPTOUT, m + OFF_CM_REQ_REMOTE_CM_RESPONSE_TIMEOUT, LEN_CM_REQ_REMOTE_CM_RESPONSE_TIMEOUT,
            readCmReqRemoteCmResponseTimeout(p.d, m));
        int serviceType = p.add(REQ_TRANSPSVCTYPE, m + OFF_CM_REQ_TRANSPORT_SERVICE_TYPE, LEN_CM_REQ_TRANSPORT_SERVICE_TYPE,
            readCmReqTransportServiceType(p.d, m));
        int flowControl = p.add(REQ_E2EFLOWCTRL, m + OFF_CM_REQ_END_TO_END_FLOW_CONTROL, LEN_CM_REQ_END_TO_END_FLOW_CONTROL,
            readCmReqEndToEndFlowControl(p.d, m));
        int psn = p.add(REQ_STARTPSN, m + OFF_CM_REQ_STARTING_PSN, LEN_CM_REQ_STARTING_PSN, readCmReqStartingPsn(p.d, m));
        int localTimeout = p.add(REQ_LOCALRESPTOUT, m + OFF_CM_REQ_LOCAL_CM_RESPONSE_TIMEOUT, LEN_CM_REQ_LOCAL_CM_RESPONSE_TIMEOUT,
            readCmReqLocalCmResponseTimeout(p.d, m));
        int retryCount = p.add(REQ_RETRCOUNT, m + OFF_CM_REQ_RETRY_COUNT, LEN_CM_REQ_RETRY_COUNT, readCmReqRetryCount(p.d, m));
        int pkey = p.add(REQ_PKEY, m + OFF_CM_REQ_PARTITION_KEY, LEN_CM_REQ_PARTITION_KEY, readCmReqPartitionKey(p.d, m));
        int mtu = p.add(REQ_PPPMTU, m + OFF_CM_REQ_PATH_MTU, LEN_CM_REQ_PATH_MTU, readCmReqPathMtu(p.d, m));
        int rdc = p.add(REQ_RDCEXIST, m + OFF_CM_REQ_RDC_EXISTS, LEN_CM_REQ_RDC_EXISTS, readCmReqRdcExists(p.d, m));
        int rnrRetryCount = p.add(REQ_RNRRETRCOUNT, m + OFF_CM_REQ_RNR_RETRY_COUNT, LEN_CM_REQ_RNR_RETRY_COUNT,
            readCmReqRnrRetryCount(p.d, m));
        int maxRetries = p.add(REQ_MAXCMRETR, m + OFF_CM_REQ_MAX_CM_RETRIES, LEN_CM_REQ_MAX_CM_RETRIES, readCmReqMaxCmRetries(p.d, m));
        int srq = p.add(REQ_SRQ, m + OFF_CM_REQ_SRQ, LEN_CM_REQ_SRQ, readCmReqSrq(p.d, m));
        int extTransport = p.add(REQ_EXT_TRANSPORT, m + OFF_CM_REQ_EXTENDED_TRANSPORT_TYPE, LEN_CM_REQ_EXTENDED_TRANSPORT_TYPE,
            readCmReqExtendedTransportType(p.d, m));
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
        int localLid = p.add(PATH_LOCALLID[k], o + OFF_PATH_LOCAL_LID, LEN_PATH_LOCAL_LID, readPathLocalLid(d, o));
        int remoteLid = p.add(PATH_REMOTELID[k], o + OFF_PATH_REMOTE_LID, LEN_PATH_REMOTE_LID, readPathRemoteLid(d, o));
        int local = o + OFF_PATH_LOCAL_GID, remote = o + OFF_PATH_REMOTE_GID;
        p.addr(PATH_LOCALGID[k], local, LEN_PATH_LOCAL_GID);
        Gid localGid = Gid.of(d, local), remoteGid = Gid.of(d, remote);
        long v4 = localGid.mappedIpv4();
        if (v4 >= 0) p.f.add(PATH_LOCALGID_IPV4[k], local + MAPPED_IPV4, IPV4_LEN, v4);
        p.addr(PATH_REMOTEGID[k], remote, LEN_PATH_REMOTE_GID);
        v4 = remoteGid.mappedIpv4();
        if (v4 >= 0) p.f.add(PATH_REMOTEGID_IPV4[k], remote + MAPPED_IPV4, IPV4_LEN, v4);
        int flowLabel = p.add(PATH_FLOWLABEL[k], o + OFF_PATH_FLOW_LABEL, LEN_PATH_FLOW_LABEL, readPathFlowLabel(d, o));
        int rate = p.add(PATH_PKTRATE[k], o + OFF_PATH_RESERVED0, LEN_PATH_RESERVED0, readPathPacketRate(d, o));
        int trafficClass = p.add(PATH_TFCCLASS[k], o + OFF_PATH_TRAFFIC_CLASS, LEN_PATH_TRAFFIC_CLASS, readPathTrafficClass(d, o));
        int hopLimit = p.add(PATH_HOPLIM[k], o + OFF_PATH_HOP_LIMIT, LEN_PATH_HOP_LIMIT, readPathHopLimit(d, o));
        int sl = p.add(PATH_SL[k], o + OFF_PATH_SL, LEN_PATH_SL, readPathSl(d, o));
        int subnetLocal = p.add(PATH_SUBNETLOCAL[k], o + OFF_PATH_SUBNET_LOCAL, LEN_PATH_SUBNET_LOCAL, readPathSubnetLocal(d, o));
        int ackTimeout = p.add(PATH_LOCALACKTOUT[k], o + OFF_PATH_LOCAL_ACK_TIMEOUT, LEN_PATH_LOCAL_ACK_TIMEOUT,
            readPathLocalAckTimeout(d, o));
        return new CmPath(localLid, remoteLid, localGid, remoteGid, flowLabel, rate, trafficClass, hopLimit, sl, subnetLocal, ackTimeout);
    }

    /** RDMA-CM service IDs: 00 00 00 00 01 <port space> <port> (ksy/ib_mad.ksy's rdma_ip_service_id_prefix). */
    static boolean isRdmaIpServiceId(byte[] d, int o) {
        return BigEndian.read(d, o + OFF_SERVICE_ID_PREFIX, LEN_SERVICE_ID_PREFIX) == RDMA_IP_SERVICE_ID_PREFIX;
    }

    /** RDMA-CM's cma_hdr at the start of REQ / SIDR_REQ private data. */
    private static void cmaHeader(Packet p, int o, int size) {
        int node = p.f.open(IP_CM, o);
        p.add(IP_CM_MAJV, o + OFF_CMA_HDR_MAJOR_VERSION, LEN_CMA_HDR_MAJOR_VERSION, readCmaHdrMajorVersion(p.d, o));
        p.add(IP_CM_MINV, o + OFF_CMA_HDR_MINOR_VERSION, LEN_CMA_HDR_MINOR_VERSION, readCmaHdrMinorVersion(p.d, o));
        int ipv = p.add(IP_CM_IPV, o + OFF_CMA_HDR_IP_VERSION, LEN_CMA_HDR_IP_VERSION, readCmaHdrIpVersion(p.d, o));
        p.add(IP_CM_SPORT, o + OFF_CMA_HDR_SRC_PORT, LEN_CMA_HDR_SRC_PORT, readCmaHdrSrcPort(p.d, o));
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
        long local = p.add(REP_LOCALCOMMID, m + OFF_CM_REP_LOCAL_COMM_ID, LEN_CM_REP_LOCAL_COMM_ID, readCmRepLocalCommId(p.d, m));
        long remote = p.add(REP_REMOTECOMMID, m + OFF_CM_REP_REMOTE_COMM_ID, LEN_CM_REP_REMOTE_COMM_ID, readCmRepRemoteCommId(p.d, m));
        long qKey = p.add(REP_LOCALQKEY, m + OFF_CM_REP_LOCAL_Q_KEY, LEN_CM_REP_LOCAL_Q_KEY, readCmRepLocalQKey(p.d, m));
        int qpn = p.add(REP_LOCALQPN, m + OFF_CM_REP_LOCAL_QPN, LEN_CM_REP_LOCAL_QPN, readCmRepLocalQpn(p.d, m));
        int eecn = p.add(REP_LOCALEECN, m + OFF_CM_REP_LOCAL_EECN, LEN_CM_REP_LOCAL_EECN, readCmRepLocalEecn(p.d, m));
        int psn = p.add(REP_STARTPSN, m + OFF_CM_REP_STARTING_PSN, LEN_CM_REP_STARTING_PSN, readCmRepStartingPsn(p.d, m));
        int responderResources = p.add(REP_RESPRES, m + OFF_CM_REP_RESPONDER_RESOURCES, LEN_CM_REP_RESPONDER_RESOURCES,
            readCmRepResponderResources(p.d, m));
        int initiatorDepth = p.add(REP_INITDEPTH, m + OFF_CM_REP_INITIATOR_DEPTH, LEN_CM_REP_INITIATOR_DEPTH,
            readCmRepInitiatorDepth(p.d, m));
        int ackDelay = p.add(REP_TGTACKDELAY, m + OFF_CM_REP_TARGET_ACK_DELAY, LEN_CM_REP_TARGET_ACK_DELAY,
            readCmRepTargetAckDelay(p.d, m));
        int failover = p.add(REP_FAILOVERACC, m + OFF_CM_REP_FAILOVER_ACCEPTED, LEN_CM_REP_FAILOVER_ACCEPTED,
            readCmRepFailoverAccepted(p.d, m));
        int flowControl = p.add(REP_E2EFLOWCTRL, m + OFF_CM_REP_END_TO_END_FLOW_CONTROL, LEN_CM_REP_END_TO_END_FLOW_CONTROL,
            readCmRepEndToEndFlowControl(p.d, m));
        int rnrRetryCount = p.add(REP_RNRRETRCOUNT, m + OFF_CM_REP_RNR_RETRY_COUNT, LEN_CM_REP_RNR_RETRY_COUNT,
            readCmRepRnrRetryCount(p.d, m));
        int srq = p.add(REP_SRQ, m + OFF_CM_REP_SRQ, LEN_CM_REP_SRQ, readCmRepSrq(p.d, m));
        long caGuid = p.add(REP_LOCALCAGUID, m + OFF_CM_REP_LOCAL_CA_GUID, LEN_CM_REP_LOCAL_CA_GUID, readCmRepLocalCaGuid(p.d, m));
        p.bytes(REP_PRIVATE, m + OFF_CM_REP_PRIVATE_DATA, LEN_CM_REP_PRIVATE_DATA);
        return new CmMessage.Rep(local, remote, qKey, qpn, eecn, psn, responderResources, initiatorDepth, ackDelay, failover,
            flowControl, rnrRetryCount, srq, caGuid);
    }

    private static CmMessage.Rej rej(Packet p, int m) {
        long local = p.add(REJ_LOCALCOMMID, m + OFF_CM_REJ_LOCAL_COMM_ID, LEN_CM_REJ_LOCAL_COMM_ID, readCmRejLocalCommId(p.d, m));
        long remote = p.add(REJ_REMOTECOMMID, m + OFF_CM_REJ_REMOTE_COMM_ID, LEN_CM_REJ_REMOTE_COMM_ID, readCmRejRemoteCommId(p.d, m));
        int rejected = p.add(REJ_MSGREJ, m + OFF_CM_REJ_MESSAGE_REJECTED, LEN_CM_REJ_MESSAGE_REJECTED, readCmRejMessageRejected(p.d, m));
        int infoLength = p.add(REJ_REJINFOLEN, m + OFF_CM_REJ_REJECT_INFO_LENGTH, LEN_CM_REJ_REJECT_INFO_LENGTH,
            readCmRejRejectInfoLength(p.d, m));
        int reason = p.add(REJ_REASON, m + OFF_CM_REJ_REASON, LEN_CM_REJ_REASON, readCmRejReason(p.d, m));
        p.bytes(REJ_ARI, m + OFF_CM_REJ_ADDITIONAL_REJECT_INFO, LEN_CM_REJ_ADDITIONAL_REJECT_INFO);
        p.bytes(REJ_PRIVATE, m + OFF_CM_REJ_PRIVATE_DATA, LEN_CM_REJ_PRIVATE_DATA);
        p.f.expert(new Expert(Expert.Severity.WARNING, "infiniband.cm.rej",
            "Connection rejected: " + CmNames.rejectReason(reason)));
        int ari = m + OFF_CM_REJ_ADDITIONAL_REJECT_INFO;
        return new CmMessage.Rej(local, remote, rejected, infoLength, reason,
            java.util.Arrays.copyOfRange(p.d, ari, ari + LEN_CM_REJ_ADDITIONAL_REJECT_INFO));
    }

    private static CmMessage.Mra mra(Packet p, int m) {
        long local = p.add(MRA_LOCALCOMMID, m + OFF_CM_MRA_LOCAL_COMM_ID, LEN_CM_MRA_LOCAL_COMM_ID, readCmMraLocalCommId(p.d, m));
        long remote = p.add(MRA_REMOTECOMMID, m + OFF_CM_MRA_REMOTE_COMM_ID, LEN_CM_MRA_REMOTE_COMM_ID, readCmMraRemoteCommId(p.d, m));
        int mraed = p.add(MRA_MSGMRAED, m + OFF_CM_MRA_MESSAGE_MRAED, LEN_CM_MRA_MESSAGE_MRAED, readCmMraMessageMraed(p.d, m));
        int timeout = p.add(MRA_SERVICETIMEOUT, m + OFF_CM_MRA_SERVICE_TIMEOUT, LEN_CM_MRA_SERVICE_TIMEOUT,
            readCmMraServiceTimeout(p.d, m));
        p.bytes(MRA_PRIVATE, m + OFF_CM_MRA_PRIVATE_DATA, LEN_CM_MRA_PRIVATE_DATA);
        return new CmMessage.Mra(local, remote, mraed, timeout);
    }

    private static CmMessage.SidrReq sidrReq(Packet p, int m) {
        long id = p.add(SIDR_REQ_REQUESTID, m + OFF_CM_SIDR_REQ_REQUEST_ID, LEN_CM_SIDR_REQ_REQUEST_ID, readCmSidrReqRequestId(p.d, m));
        int pkey = p.add(SIDR_REQ_PKEY, m + OFF_CM_SIDR_REQ_PARTITION_KEY, LEN_CM_SIDR_REQ_PARTITION_KEY,
            readCmSidrReqPartitionKey(p.d, m));
        // no prefix field: Wireshark shows none in a SIDR_REQ
        ServiceId service = serviceId(p, m + OFF_CM_SIDR_REQ_SERVICE_ID, SIDR_REQ_SERVICEID, null, SIDR_REQ_SERVICEID_PROTOCOL,
            SIDR_REQ_SERVICEID_DPORT);
        boolean ipCm = service.isRdmaIp();
        p.bytes(SIDR_REQ_PRIVATE, m + OFF_CM_SIDR_REQ_PRIVATE_DATA, LEN_CM_SIDR_REQ_PRIVATE_DATA);
        if (ipCm) cmaHeader(p, m + OFF_CM_SIDR_REQ_PRIVATE_DATA, LEN_CM_SIDR_REQ_PRIVATE_DATA);
        return new CmMessage.SidrReq(id, pkey, service);
    }

    private static CmMessage.SidrRep sidrRep(Packet p, int m) {
        long id = p.add(SIDR_REP_REQUESTID, m + OFF_CM_SIDR_REP_REQUEST_ID, LEN_CM_SIDR_REP_REQUEST_ID, readCmSidrRepRequestId(p.d, m));
        int status = p.add(SIDR_REP_STATUS, m + OFF_CM_SIDR_REP_STATUS, LEN_CM_SIDR_REP_STATUS, readCmSidrRepStatus(p.d, m));
        int infoLength = p.add(SIDR_REP_ADDINFOLEN, m + OFF_CM_SIDR_REP_ADDITIONAL_INFO_LENGTH, LEN_CM_SIDR_REP_ADDITIONAL_INFO_LENGTH,
            readCmSidrRepAdditionalInfoLength(p.d, m));
        int qpn = p.add(SIDR_REP_QPN, m + OFF_CM_SIDR_REP_QPN, LEN_CM_SIDR_REP_QPN, readCmSidrRepQpn(p.d, m));
        long serviceId = p.number(SIDR_REP_SERVICEID, m + OFF_CM_SIDR_REP_SERVICE_ID, LEN_CM_SIDR_REP_SERVICE_ID);   // a nested type
        long qKey = p.add(SIDR_REP_QKEY, m + OFF_CM_SIDR_REP_Q_KEY, LEN_CM_SIDR_REP_Q_KEY, readCmSidrRepQKey(p.d, m));
        p.bytes(SIDR_REP_CLASSPORTINFO, m + OFF_CM_SIDR_REP_CLASS_PORT_INFO, LEN_CM_SIDR_REP_CLASS_PORT_INFO);
        p.bytes(SIDR_REP_PRIVATE, m + OFF_CM_SIDR_REP_PRIVATE_DATA, LEN_CM_SIDR_REP_PRIVATE_DATA);
        return new CmMessage.SidrRep(id, status, infoLength, qpn, serviceId, qKey);
    }

    private static CmMessage.Lap lap(Packet p, int m) {
        long local = p.add(LAP_LOCALCOMMID, m + OFF_CM_LAP_LOCAL_COMM_ID, LEN_CM_LAP_LOCAL_COMM_ID, readCmLapLocalCommId(p.d, m));
        long remote = p.add(LAP_REMOTECOMMID, m + OFF_CM_LAP_REMOTE_COMM_ID, LEN_CM_LAP_REMOTE_COMM_ID, readCmLapRemoteCommId(p.d, m));
        int qpn = p.add(LAP_REMOTEQPN, m + OFF_CM_LAP_REMOTE_QPN_EECN, LEN_CM_LAP_REMOTE_QPN_EECN, readCmLapRemoteQpnEecn(p.d, m));
        int timeout = p.add(LAP_REMOTERESPTOUT, m + OFF_CM_LAP_REMOTE_CM_RESPONSE_TIMEOUT, LEN_CM_LAP_REMOTE_CM_RESPONSE_TIMEOUT,
            readCmLapRemoteCmResponseTimeout(p.d, m));
        int localLid = p.add(LAP_ALT_LOCALLID, m + OFF_CM_LAP_ALTERNATE_LOCAL_LID, LEN_CM_LAP_ALTERNATE_LOCAL_LID,
            readCmLapAlternateLocalLid(p.d, m));
        int remoteLid = p.add(LAP_ALT_REMOTELID, m + OFF_CM_LAP_ALTERNATE_REMOTE_LID, LEN_CM_LAP_ALTERNATE_REMOTE_LID,
            readCmLapAlternateRemoteLid(p.d, m));
        p.addr(LAP_ALT_LOCALGID, m + OFF_CM_LAP_ALTERNATE_LOCAL_GID, LEN_CM_LAP_ALTERNATE_LOCAL_GID);
        p.addr(LAP_ALT_REMOTEGID, m + OFF_CM_LAP_ALTERNATE_REMOTE_GID, LEN_CM_LAP_ALTERNATE_REMOTE_GID);
        int flowLabel = p.add(LAP_ALT_FLOWLABEL, m + OFF_CM_LAP_ALTERNATE_FLOW_LABEL, LEN_CM_LAP_ALTERNATE_FLOW_LABEL,
            readCmLapAlternateFlowLabel(p.d, m));
        int trafficClass = p.add(LAP_ALT_TFCCLASS, m + OFF_CM_LAP_ALTERNATE_TRAFFIC_CLASS, LEN_CM_LAP_ALTERNATE_TRAFFIC_CLASS,
            readCmLapAlternateTrafficClass(p.d, m));
        int hopLimit = p.add(LAP_ALT_HOPLIM, m + OFF_CM_LAP_ALTERNATE_HOP_LIMIT, LEN_CM_LAP_ALTERNATE_HOP_LIMIT,
            readCmLapAlternateHopLimit(p.d, m));
        int rate = p.add(LAP_ALT_PKTRATE, m + OFF_CM_LAP_ALTERNATE_PACKET_RATE, LEN_CM_LAP_ALTERNATE_PACKET_RATE,
            readCmLapAlternatePacketRate(p.d, m));
        int sl = p.add(LAP_ALT_SL, m + OFF_CM_LAP_ALTERNATE_SL, LEN_CM_LAP_ALTERNATE_SL, readCmLapAlternateSl(p.d, m));
        int subnetLocal = p.add(LAP_ALT_SUBNETLOCAL, m + OFF_CM_LAP_ALTERNATE_SUBNET_LOCAL, LEN_CM_LAP_ALTERNATE_SUBNET_LOCAL,
            readCmLapAlternateSubnetLocal(p.d, m));
        int ackTimeout = p.add(LAP_ALT_LOCALACKTOUT, m + OFF_CM_LAP_ALTERNATE_LOCAL_ACK_TIMEOUT, LEN_CM_LAP_ALTERNATE_LOCAL_ACK_TIMEOUT,
            readCmLapAlternateLocalAckTimeout(p.d, m));
        p.bytes(LAP_PRIVATE, m + OFF_CM_LAP_PRIVATE_DATA, LEN_CM_LAP_PRIVATE_DATA);
        return new CmMessage.Lap(local, remote, qpn, timeout, new CmPath(localLid, remoteLid,
            Gid.of(p.d, m + OFF_CM_LAP_ALTERNATE_LOCAL_GID),
            Gid.of(p.d, m + OFF_CM_LAP_ALTERNATE_REMOTE_GID),
            flowLabel, rate, trafficClass, hopLimit, sl, subnetLocal, ackTimeout));
    }

    private static CmMessage.Apr apr(Packet p, int m) {
        long local = p.add(APR_LOCALCOMMID, m + OFF_CM_APR_LOCAL_COMM_ID, LEN_CM_APR_LOCAL_COMM_ID, readCmAprLocalCommId(p.d, m));
        long remote = p.add(APR_REMOTECOMMID, m + OFF_CM_APR_REMOTE_COMM_ID, LEN_CM_APR_REMOTE_COMM_ID, readCmAprRemoteCommId(p.d, m));
        int infoLength = p.add(APR_ADDINFOLEN, m + OFF_CM_APR_ADDITIONAL_INFO_LENGTH, LEN_CM_APR_ADDITIONAL_INFO_LENGTH,
            readCmAprAdditionalInfoLength(p.d, m));
        int status = p.add(APR_STATUS, m + OFF_CM_APR_AP_STATUS, LEN_CM_APR_AP_STATUS, readCmAprApStatus(p.d, m));
        p.bytes(APR_ADDINFO, m + OFF_CM_APR_ADDITIONAL_INFO, LEN_CM_APR_ADDITIONAL_INFO);
        p.bytes(APR_PRIVATE, m + OFF_CM_APR_PRIVATE_DATA, LEN_CM_APR_PRIVATE_DATA);
        return new CmMessage.Apr(local, remote, infoLength, status);
    }
}
