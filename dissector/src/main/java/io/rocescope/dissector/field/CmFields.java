package io.rocescope.dissector.field;

import static io.rocescope.dissector.field.FieldType.*;

/**
 * Fields of MADs and CM messages. Wireshark's names where it has them (infiniband.cm.req.localqpn …,
 * including its quirks: the REQ and REP Local Communication IDs are named infiniband.cm.req and
 * infiniband.cm.rep, the DREQ remote QPN infiniband.cm.req.remoteqpneecn); the same style elsewhere.
 */
public final class CmFields {
    private CmFields() {}

    // Touching this class first must still register everything through the registry.
    static {
        Fields.all();
    }

    public static FieldDef MAD, MAD_BASEVERSION, MAD_MGMTCLASS, MAD_CLASSVERSION, MAD_METHOD, MAD_STATUS,
        MAD_CLASSSPECIFIC, MAD_TRANSACTIONID, MAD_ATTRIBUTEID, MAD_ATTRIBUTEMODIFIER, MAD_DATA;
    public static FieldDef CM, QKEY_MISMATCH;
    // REQ
    public static FieldDef REQ_LOCALCOMMID, REQ_SERVICEID, REQ_SERVICEID_PREFIX, REQ_SERVICEID_PROTOCOL, REQ_SERVICEID_DPORT,
        REQ_LOCALCAGUID, REQ_LOCALQKEY, REQ_LOCALQPN, REQ_RESPONDERRES, REQ_LOCALEECN, REQ_INITDEPTH, REQ_REMOTEEECN,
        REQ_REMOTERESPTOUT, REQ_TRANSPSVCTYPE, REQ_E2EFLOWCTRL, REQ_STARTPSN, REQ_LOCALRESPTOUT, REQ_RETRCOUNT, REQ_PKEY,
        REQ_PPPMTU, REQ_RDCEXIST, REQ_RNRRETRCOUNT, REQ_MAXCMRETR, REQ_SRQ, REQ_EXT_TRANSPORT, REQ_PRIVATE;
    /** Primary path [0] and alternate path [1] fields of a REQ. */
    public static final FieldDef[] PATH_LOCALLID = new FieldDef[2], PATH_REMOTELID = new FieldDef[2],
        PATH_LOCALGID = new FieldDef[2], PATH_REMOTEGID = new FieldDef[2], PATH_LOCALGID_IPV4 = new FieldDef[2],
        PATH_REMOTEGID_IPV4 = new FieldDef[2], PATH_FLOWLABEL = new FieldDef[2], PATH_PKTRATE = new FieldDef[2],
        PATH_TFCCLASS = new FieldDef[2], PATH_HOPLIM = new FieldDef[2], PATH_SL = new FieldDef[2],
        PATH_SUBNETLOCAL = new FieldDef[2], PATH_LOCALACKTOUT = new FieldDef[2];
    // RDMA-CM header in REQ / SIDR_REQ private data
    public static FieldDef IP_CM, IP_CM_MAJV, IP_CM_MINV, IP_CM_IPV, IP_CM_SPORT, IP_CM_SIP4, IP_CM_DIP4, IP_CM_SIP6,
        IP_CM_DIP6, IP_CM_PRIVATE;
    // REP
    public static FieldDef REP_LOCALCOMMID, REP_REMOTECOMMID, REP_LOCALQKEY, REP_LOCALQPN, REP_LOCALEECN, REP_STARTPSN,
        REP_RESPRES, REP_INITDEPTH, REP_TGTACKDELAY, REP_FAILOVERACC, REP_E2EFLOWCTRL, REP_RNRRETRCOUNT, REP_SRQ,
        REP_LOCALCAGUID, REP_PRIVATE;
    public static FieldDef RTU_LOCALCOMMID, RTU_REMOTECOMMID, RTU_PRIVATE;
    public static FieldDef REJ_LOCALCOMMID, REJ_REMOTECOMMID, REJ_MSGREJ, REJ_REJINFOLEN, REJ_REASON, REJ_ARI, REJ_PRIVATE;
    public static FieldDef DREQ_LOCALCOMMID, DREQ_REMOTECOMMID, DREQ_REMOTEQPN, DREQ_PRIVATE;
    public static FieldDef DREP_LOCALCOMMID, DREP_REMOTECOMMID, DREP_PRIVATE;
    public static FieldDef MRA_LOCALCOMMID, MRA_REMOTECOMMID, MRA_MSGMRAED, MRA_SERVICETIMEOUT, MRA_PRIVATE;
    public static FieldDef SIDR_REQ_REQUESTID, SIDR_REQ_PKEY, SIDR_REQ_SERVICEID, SIDR_REQ_SERVICEID_PROTOCOL,
        SIDR_REQ_SERVICEID_DPORT, SIDR_REQ_PRIVATE;
    public static FieldDef SIDR_REP_REQUESTID, SIDR_REP_STATUS, SIDR_REP_ADDINFOLEN, SIDR_REP_QPN, SIDR_REP_SERVICEID,
        SIDR_REP_QKEY, SIDR_REP_CLASSPORTINFO, SIDR_REP_PRIVATE;
    public static FieldDef LAP_LOCALCOMMID, LAP_REMOTECOMMID, LAP_REMOTEQPN, LAP_REMOTERESPTOUT, LAP_ALT_LOCALLID,
        LAP_ALT_REMOTELID, LAP_ALT_LOCALGID, LAP_ALT_REMOTEGID, LAP_ALT_FLOWLABEL, LAP_ALT_TFCCLASS, LAP_ALT_HOPLIM,
        LAP_ALT_PKTRATE, LAP_ALT_SL, LAP_ALT_SUBNETLOCAL, LAP_ALT_LOCALACKTOUT, LAP_PRIVATE;
    public static FieldDef APR_LOCALCOMMID, APR_REMOTECOMMID, APR_ADDINFOLEN, APR_STATUS, APR_ADDINFO, APR_PRIVATE;
    public static FieldDef CLASSPORTINFO;

    static void register() {
        MAD = Fields.proto("infiniband.mad", "MAD Header - Common Management Datagram");
        MAD_BASEVERSION = Fields.dec("infiniband.mad.baseversion", "Base Version");
        MAD_MGMTCLASS = Fields.hex("infiniband.mad.mgmtclass", "Management Class", 2, CmNames.MGMT_CLASSES);
        MAD_CLASSVERSION = Fields.dec("infiniband.mad.classversion", "Class Version");
        MAD_METHOD = Fields.hex("infiniband.mad.method", "Method", 2, CmNames.METHODS);
        MAD_STATUS = Fields.hex("infiniband.mad.status", "Status", 4);
        MAD_CLASSSPECIFIC = Fields.hex("infiniband.mad.classspecific", "Class Specific", 4);
        MAD_TRANSACTIONID = Fields.hex("infiniband.mad.transactionid", "Transaction ID", 16);
        MAD_ATTRIBUTEID = Fields.hex("infiniband.mad.attributeid", "Attribute ID", 4, CmNames.ATTRIBUTES);
        MAD_ATTRIBUTEMODIFIER = Fields.hex("infiniband.mad.attributemodifier", "Attribute Modifier", 8);
        MAD_DATA = Fields.of("infiniband.mad.data", "MAD Data Payload", BYTES);
        CM = Fields.proto("infiniband.cm", "Communication Manager");
        QKEY_MISMATCH = Fields.bool("infiniband.cm.qkey_mismatch", "Q_Key is not the GSI Q_Key 0x80010000 (CM drops it)");

        String r = "infiniband.cm.req.";
        REQ_LOCALCOMMID = Fields.hex("infiniband.cm.req", "Local Communication ID", 8);
        REQ_SERVICEID = Fields.hex(r + "serviceid", "ServiceID", 16);
        REQ_SERVICEID_PREFIX = Fields.of(r + "serviceid.prefix", "Prefix", BYTES);
        REQ_SERVICEID_PROTOCOL = Fields.hex(r + "serviceid.protocol", "Protocol (port space)", 2, CmNames.PORT_SPACES);
        REQ_SERVICEID_DPORT = Fields.dec(r + "serviceid.dport", "Destination Port");
        REQ_LOCALCAGUID = Fields.hex(r + "localcaguid", "Local CA GUID", 16);
        REQ_LOCALQKEY = Fields.hex(r + "localqkey", "Local Q_Key", 8);
        REQ_LOCALQPN = Fields.hex(r + "localqpn", "Local QPN", 6);
        REQ_RESPONDERRES = Fields.dec(r + "responderres", "Responder Resources");
        REQ_LOCALEECN = Fields.hex(r + "localeecn", "Local EECN", 6);
        REQ_INITDEPTH = Fields.dec(r + "initdepth", "Initiator Depth");
        REQ_REMOTEEECN = Fields.hex(r + "remoteeecn", "Remote EECN", 6);
        REQ_REMOTERESPTOUT = Fields.dec(r + "remoteresptout", "Remote CM Response Timeout", CmNames.IBA_TIME);
        REQ_TRANSPSVCTYPE = Fields.dec(r + "transpsvctype", "Transport Service Type", CmNames.TRANSPORT_SERVICE);
        REQ_E2EFLOWCTRL = Fields.dec(r + "e2eflowctrl", "End-to-End Flow Control");
        REQ_STARTPSN = Fields.hex(r + "startpsn", "Starting PSN", 6);
        REQ_LOCALRESPTOUT = Fields.dec(r + "localresptout", "Local CM Response Timeout", CmNames.IBA_TIME);
        REQ_RETRCOUNT = Fields.dec(r + "retrcount", "Retry Count");
        REQ_PKEY = Fields.hex(r + "pkey", "Partition Key", 4);
        REQ_PPPMTU = Fields.dec(r + "pppmtu", "Path Packet Payload MTU", CmNames.MTU);
        REQ_RDCEXIST = Fields.dec(r + "rdcexist", "RDC Exists");
        REQ_RNRRETRCOUNT = Fields.dec(r + "rnrretrcount", "RNR Retry Count", v -> v == 7 ? "infinite" : null);
        REQ_MAXCMRETR = Fields.dec(r + "maxcmretr", "Max CM Retries");
        REQ_SRQ = Fields.dec(r + "srq", "SRQ");
        REQ_EXT_TRANSPORT = Fields.dec(r + "ext_transport", "Extended Transport Type", v -> v == 1 ? "XRC" : null);
        String[] prefix = {"prim_", "alt_"};
        String[] label = {"Primary ", "Alternate "};
        for (int k = 0; k < 2; k++) {
            String p = r + prefix[k];
            PATH_LOCALLID[k] = Fields.hex(p + "locallid", label[k] + "Local Port LID", 4);
            PATH_REMOTELID[k] = Fields.hex(p + "remotelid", label[k] + "Remote Port LID", 4);
            PATH_LOCALGID[k] = Fields.of(p + "localgid", label[k] + "Local Port GID", IPV6);
            PATH_REMOTEGID[k] = Fields.of(p + "remotegid", label[k] + "Remote Port GID", IPV6);
            PATH_LOCALGID_IPV4[k] = Fields.of(p + "localgid_ipv4", label[k] + "Local Port GID (IPv4)", IPV4);
            PATH_REMOTEGID_IPV4[k] = Fields.of(p + "remotegid_ipv4", label[k] + "Remote Port GID (IPv4)", IPV4);
            PATH_FLOWLABEL[k] = Fields.hex(p + "flowlabel", label[k] + "Flow Label", 5);
            PATH_PKTRATE[k] = Fields.dec(p + "pktrate", label[k] + "Packet Rate");
            PATH_TFCCLASS[k] = Fields.dec(p + "tfcclass", label[k] + "Traffic Class");
            PATH_HOPLIM[k] = Fields.dec(p + "hoplim", label[k] + "Hop Limit");
            PATH_SL[k] = Fields.dec(p + "sl", label[k] + "SL");
            PATH_SUBNETLOCAL[k] = Fields.dec(p + "subnetlocal", label[k] + "Subnet Local");
            PATH_LOCALACKTOUT[k] = Fields.dec(p + "localacktout", label[k] + "Local ACK Timeout", CmNames.IBA_TIME);
        }
        REQ_PRIVATE = Fields.of(r + "private", "Private Data", BYTES);
        IP_CM = Fields.proto(r + "ip_cm", "RDMA-CM IP addressing header");
        IP_CM_MAJV = Fields.dec(r + "ip_cm.majv", "IP CM Major Version");
        IP_CM_MINV = Fields.dec(r + "ip_cm.minv", "IP CM Minor Version");
        IP_CM_IPV = Fields.dec(r + "ip_cm.ipv", "IP Version");
        IP_CM_SPORT = Fields.dec(r + "ip_cm.sport", "Source Port");
        IP_CM_SIP4 = Fields.of(r + "ip_cm.sip4", "Source IP", IPV4);
        IP_CM_DIP4 = Fields.of(r + "ip_cm.dip4", "Destination IP", IPV4);
        IP_CM_SIP6 = Fields.of(r + "ip_cm.sip6", "Source IP", IPV6);
        IP_CM_DIP6 = Fields.of(r + "ip_cm.dip6", "Destination IP", IPV6);
        IP_CM_PRIVATE = Fields.of(r + "ip_cm.private", "Consumer Private Data", BYTES);

        String p = "infiniband.cm.rep.";
        REP_LOCALCOMMID = Fields.hex("infiniband.cm.rep", "Local Communication ID", 8);
        REP_REMOTECOMMID = Fields.hex(p + "remotecommid", "Remote Communication ID", 8);
        REP_LOCALQKEY = Fields.hex(p + "localqkey", "Local Q_Key", 8);
        REP_LOCALQPN = Fields.hex(p + "localqpn", "Local QPN", 6);
        REP_LOCALEECN = Fields.hex(p + "localeecn", "Local EE Context Number", 6);
        REP_STARTPSN = Fields.hex(p + "startpsn", "Starting PSN", 6);
        REP_RESPRES = Fields.dec(p + "respres", "Responder Resources");
        REP_INITDEPTH = Fields.dec(p + "initdepth", "Initiator Depth");
        REP_TGTACKDELAY = Fields.dec(p + "tgtackdelay", "Target ACK Delay", CmNames.IBA_TIME);
        REP_FAILOVERACC = Fields.dec(p + "failoveracc", "Failover Accepted");
        REP_E2EFLOWCTRL = Fields.dec(p + "e2eflowctrl", "End-To-End Flow Control");
        REP_RNRRETRCOUNT = Fields.dec(p + "rnrretrcount", "RNR Retry Count", v -> v == 7 ? "infinite" : null);
        REP_SRQ = Fields.dec(p + "srq", "SRQ");
        REP_LOCALCAGUID = Fields.hex(p + "localcaguid", "Local CA GUID", 16);
        REP_PRIVATE = Fields.of(p + "private", "Private Data", BYTES);

        RTU_LOCALCOMMID = Fields.hex("infiniband.cm.rtu.localcommid", "Local Communication ID", 8);
        RTU_REMOTECOMMID = Fields.hex("infiniband.cm.rtu.remotecommid", "Remote Communication ID", 8);
        RTU_PRIVATE = Fields.of("infiniband.cm.rtu.private", "Private Data", BYTES);

        String j = "infiniband.cm.rej.";
        REJ_LOCALCOMMID = Fields.hex(j + "localcommid", "Local Communication ID", 8);
        REJ_REMOTECOMMID = Fields.hex(j + "remotecommid", "Remote Communication ID", 8);
        REJ_MSGREJ = Fields.dec(j + "msgrej", "Message REJected", CmNames.MESSAGE_NAMES);
        REJ_REJINFOLEN = Fields.dec(j + "rejinfolen", "Reject Info Length");
        REJ_REASON = Fields.dec(j + "reason", "Reason", v -> CmNames.rejectReason((int) v).replaceAll(" \\(\\d+\\)$", ""));
        REJ_ARI = Fields.of(j + "ari", "Additional Reject Information (ARI)", BYTES);
        REJ_PRIVATE = Fields.of(j + "private", "Private Data", BYTES);

        DREQ_LOCALCOMMID = Fields.hex("infiniband.cm.dreq.localcommid", "Local Communication ID", 8);
        DREQ_REMOTECOMMID = Fields.hex("infiniband.cm.dreq.remotecommid", "Remote Communication ID", 8);
        DREQ_REMOTEQPN = Fields.hex("infiniband.cm.req.remoteqpneecn", "Remote QPN/EECN (DREQ)", 6);
        DREQ_PRIVATE = Fields.of("infiniband.cm.dreq.private", "Private Data", BYTES);

        DREP_LOCALCOMMID = Fields.hex("infiniband.cm.drsp.localcommid", "Local Communication ID", 8);
        DREP_REMOTECOMMID = Fields.hex("infiniband.cm.drsp.remotecommid", "Remote Communication ID", 8);
        DREP_PRIVATE = Fields.of("infiniband.cm.drsp.private", "Private Data", BYTES);

        MRA_LOCALCOMMID = Fields.hex("infiniband.cm.mra.localcommid", "Local Communication ID", 8);
        MRA_REMOTECOMMID = Fields.hex("infiniband.cm.mra.remotecommid", "Remote Communication ID", 8);
        MRA_MSGMRAED = Fields.dec("infiniband.cm.mra.msgmraed", "Message MRAed", CmNames.MESSAGE_NAMES);
        MRA_SERVICETIMEOUT = Fields.dec("infiniband.cm.mra.servicetimeout", "Service Timeout", CmNames.IBA_TIME);
        MRA_PRIVATE = Fields.of("infiniband.cm.mra.private", "Private Data", BYTES);

        String sq = "infiniband.cm.sidr_req.";
        SIDR_REQ_REQUESTID = Fields.hex(sq + "requestid", "Request ID", 8);
        SIDR_REQ_PKEY = Fields.hex(sq + "pkey", "Partition Key", 4);
        SIDR_REQ_SERVICEID = Fields.hex(sq + "serviceid", "ServiceID", 16);
        SIDR_REQ_SERVICEID_PROTOCOL = Fields.hex(sq + "serviceid.protocol", "Protocol (port space)", 2, CmNames.PORT_SPACES);
        SIDR_REQ_SERVICEID_DPORT = Fields.dec(sq + "serviceid.dport", "Destination Port");
        SIDR_REQ_PRIVATE = Fields.of(sq + "private", "Private Data", BYTES);

        String sp = "infiniband.cm.sidr_rep.";
        SIDR_REP_REQUESTID = Fields.hex(sp + "requestid", "Request ID", 8);
        SIDR_REP_STATUS = Fields.dec(sp + "status", "Status", CmNames.SIDR_STATUS);
        SIDR_REP_ADDINFOLEN = Fields.dec(sp + "addinfolen", "Additional Information Length");
        SIDR_REP_QPN = Fields.hex(sp + "qpn", "QPN", 6);
        SIDR_REP_SERVICEID = Fields.hex(sp + "serviceid", "ServiceID", 16);
        SIDR_REP_QKEY = Fields.hex(sp + "qkey", "Q_Key", 8);
        SIDR_REP_CLASSPORTINFO = Fields.of(sp + "classportinfo", "ClassPortInfo / Additional Information", BYTES);
        SIDR_REP_PRIVATE = Fields.of(sp + "private", "Private Data", BYTES);

        String l = "infiniband.cm.lap.";
        LAP_LOCALCOMMID = Fields.hex(l + "localcommid", "Local Communication ID", 8);
        LAP_REMOTECOMMID = Fields.hex(l + "remotecommid", "Remote Communication ID", 8);
        LAP_REMOTEQPN = Fields.hex(l + "remoteqpneecn", "Remote QPN/EECN", 6);
        LAP_REMOTERESPTOUT = Fields.dec(l + "remoteresptout", "Remote CM Response Timeout", CmNames.IBA_TIME);
        LAP_ALT_LOCALLID = Fields.hex(l + "alt_locallid", "Alternate Local Port LID", 4);
        LAP_ALT_REMOTELID = Fields.hex(l + "alt_remotelid", "Alternate Remote Port LID", 4);
        LAP_ALT_LOCALGID = Fields.of(l + "alt_localgid", "Alternate Local Port GID", IPV6);
        LAP_ALT_REMOTEGID = Fields.of(l + "alt_remotegid", "Alternate Remote Port GID", IPV6);
        LAP_ALT_FLOWLABEL = Fields.hex(l + "alt_flowlabel", "Alternate Flow Label", 5);
        LAP_ALT_TFCCLASS = Fields.dec(l + "alt_tfcclass", "Alternate Traffic Class");
        LAP_ALT_HOPLIM = Fields.dec(l + "alt_hoplim", "Alternate Hop Limit");
        LAP_ALT_PKTRATE = Fields.dec(l + "alt_pktrate", "Alternate Packet Rate");
        LAP_ALT_SL = Fields.dec(l + "alt_sl", "Alternate SL");
        LAP_ALT_SUBNETLOCAL = Fields.dec(l + "alt_subnetlocal", "Alternate Subnet Local");
        LAP_ALT_LOCALACKTOUT = Fields.dec(l + "alt_localacktout", "Alternate Local ACK Timeout", CmNames.IBA_TIME);
        LAP_PRIVATE = Fields.of(l + "private", "Private Data", BYTES);

        String a = "infiniband.cm.apr.";
        APR_LOCALCOMMID = Fields.hex(a + "localcommid", "Local Communication ID", 8);
        APR_REMOTECOMMID = Fields.hex(a + "remotecommid", "Remote Communication ID", 8);
        APR_ADDINFOLEN = Fields.dec(a + "addinfolen", "Additional Information Length");
        APR_STATUS = Fields.dec(a + "apstatus", "AP Status", CmNames.APR_STATUS);
        APR_ADDINFO = Fields.of(a + "addinfo", "Additional Information", BYTES);
        APR_PRIVATE = Fields.of(a + "private", "Private Data", BYTES);

        CLASSPORTINFO = Fields.of("infiniband.cm.classportinfo", "ClassPortInfo", BYTES);
    }
}
