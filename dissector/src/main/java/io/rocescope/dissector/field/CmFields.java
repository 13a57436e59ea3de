package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.IbMadFieldsKsy;

/**
 * Fields of MADs and CM messages: names, labels, bases and value names are ksy/ib_mad.ksy's (its {@code -wireshark},
 * {@code -label} and {@code -fields}, generated into {@link IbMadFieldsKsy}). Wireshark's names where it has them
 * (infiniband.cm.req.localqpn …, including its quirks: the REQ and REP Local Communication IDs are named
 * infiniband.cm.req and infiniband.cm.rep, the DREQ remote QPN infiniband.cm.req.remoteqpneecn); the same style
 * elsewhere. The named statics stay so that code reads {@code CmFields.REQ_LOCALQPN}, not a registry look-up.
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

    /** Every entry is ksy/ib_mad.ksy's (its -wireshark, -label and -fields), in the registry's order. */
    static void register() {
        MAD = Fields.ksy(IbMadFieldsKsy.IB_MAD);
        MAD_BASEVERSION = Fields.ksy(IbMadFieldsKsy.IB_MAD_BASEVERSION);
        MAD_MGMTCLASS = Fields.ksy(IbMadFieldsKsy.IB_MAD_MGMTCLASS);
        MAD_CLASSVERSION = Fields.ksy(IbMadFieldsKsy.IB_MAD_CLASSVERSION);
        MAD_METHOD = Fields.ksy(IbMadFieldsKsy.IB_MAD_METHOD);
        MAD_STATUS = Fields.ksy(IbMadFieldsKsy.IB_MAD_STATUS);
        MAD_CLASSSPECIFIC = Fields.ksy(IbMadFieldsKsy.IB_MAD_CLASSSPECIFIC);
        MAD_TRANSACTIONID = Fields.ksy(IbMadFieldsKsy.IB_MAD_TRANSACTIONID);
        MAD_ATTRIBUTEID = Fields.ksy(IbMadFieldsKsy.IB_MAD_ATTRIBUTEID);
        MAD_ATTRIBUTEMODIFIER = Fields.ksy(IbMadFieldsKsy.IB_MAD_ATTRIBUTEMODIFIER);
        MAD_DATA = Fields.ksy(IbMadFieldsKsy.IB_MAD_DATA);
        CM = Fields.ksy(IbMadFieldsKsy.IB_MAD_CM);
        QKEY_MISMATCH = Fields.ksy(IbMadFieldsKsy.IB_MAD_QKEY_MISMATCH);
        REQ_LOCALCOMMID = Fields.ksy(IbMadFieldsKsy.CM_REQ_LOCALCOMMID);
        REQ_SERVICEID = Fields.ksy(IbMadFieldsKsy.CM_REQ_SERVICEID);
        REQ_SERVICEID_PREFIX = Fields.ksy(IbMadFieldsKsy.CM_REQ_SERVICEID_PREFIX);
        REQ_SERVICEID_PROTOCOL = Fields.ksy(IbMadFieldsKsy.CM_REQ_SERVICEID_PROTOCOL);
        REQ_SERVICEID_DPORT = Fields.ksy(IbMadFieldsKsy.CM_REQ_SERVICEID_DPORT);
        REQ_LOCALCAGUID = Fields.ksy(IbMadFieldsKsy.CM_REQ_LOCALCAGUID);
        REQ_LOCALQKEY = Fields.ksy(IbMadFieldsKsy.CM_REQ_LOCALQKEY);
        REQ_LOCALQPN = Fields.ksy(IbMadFieldsKsy.CM_REQ_LOCALQPN);
        REQ_RESPONDERRES = Fields.ksy(IbMadFieldsKsy.CM_REQ_RESPONDERRES);
        REQ_LOCALEECN = Fields.ksy(IbMadFieldsKsy.CM_REQ_LOCALEECN);
        REQ_INITDEPTH = Fields.ksy(IbMadFieldsKsy.CM_REQ_INITDEPTH);
        REQ_REMOTEEECN = Fields.ksy(IbMadFieldsKsy.CM_REQ_REMOTEEECN);
        REQ_REMOTERESPTOUT = Fields.ksy(IbMadFieldsKsy.CM_REQ_REMOTERESPTOUT);
        REQ_TRANSPSVCTYPE = Fields.ksy(IbMadFieldsKsy.CM_REQ_TRANSPSVCTYPE);
        REQ_E2EFLOWCTRL = Fields.ksy(IbMadFieldsKsy.CM_REQ_E2EFLOWCTRL);
        REQ_STARTPSN = Fields.ksy(IbMadFieldsKsy.CM_REQ_STARTPSN);
        REQ_LOCALRESPTOUT = Fields.ksy(IbMadFieldsKsy.CM_REQ_LOCALRESPTOUT);
        REQ_RETRCOUNT = Fields.ksy(IbMadFieldsKsy.CM_REQ_RETRCOUNT);
        REQ_PKEY = Fields.ksy(IbMadFieldsKsy.CM_REQ_PKEY);
        REQ_PPPMTU = Fields.ksy(IbMadFieldsKsy.CM_REQ_PPPMTU);
        REQ_RDCEXIST = Fields.ksy(IbMadFieldsKsy.CM_REQ_RDCEXIST);
        REQ_RNRRETRCOUNT = Fields.ksy(IbMadFieldsKsy.CM_REQ_RNRRETRCOUNT);
        REQ_MAXCMRETR = Fields.ksy(IbMadFieldsKsy.CM_REQ_MAXCMRETR);
        REQ_SRQ = Fields.ksy(IbMadFieldsKsy.CM_REQ_SRQ);
        REQ_EXT_TRANSPORT = Fields.ksy(IbMadFieldsKsy.CM_REQ_EXT_TRANSPORT);
        PATH_LOCALLID[0] = Fields.ksy(IbMadFieldsKsy.CM_REQ_PRIM_LOCALLID);
        PATH_REMOTELID[0] = Fields.ksy(IbMadFieldsKsy.CM_REQ_PRIM_REMOTELID);
        PATH_LOCALGID[0] = Fields.ksy(IbMadFieldsKsy.CM_REQ_PRIM_LOCALGID);
        PATH_REMOTEGID[0] = Fields.ksy(IbMadFieldsKsy.CM_REQ_PRIM_REMOTEGID);
        PATH_LOCALGID_IPV4[0] = Fields.ksy(IbMadFieldsKsy.CM_REQ_PRIM_LOCALGID_IPV4);
        PATH_REMOTEGID_IPV4[0] = Fields.ksy(IbMadFieldsKsy.CM_REQ_PRIM_REMOTEGID_IPV4);
        PATH_FLOWLABEL[0] = Fields.ksy(IbMadFieldsKsy.CM_REQ_PRIM_FLOWLABEL);
        PATH_PKTRATE[0] = Fields.ksy(IbMadFieldsKsy.CM_REQ_PRIM_PKTRATE);
        PATH_TFCCLASS[0] = Fields.ksy(IbMadFieldsKsy.CM_REQ_PRIM_TFCCLASS);
        PATH_HOPLIM[0] = Fields.ksy(IbMadFieldsKsy.CM_REQ_PRIM_HOPLIM);
        PATH_SL[0] = Fields.ksy(IbMadFieldsKsy.CM_REQ_PRIM_SL);
        PATH_SUBNETLOCAL[0] = Fields.ksy(IbMadFieldsKsy.CM_REQ_PRIM_SUBNETLOCAL);
        PATH_LOCALACKTOUT[0] = Fields.ksy(IbMadFieldsKsy.CM_REQ_PRIM_LOCALACKTOUT);
        PATH_LOCALLID[1] = Fields.ksy(IbMadFieldsKsy.CM_REQ_ALT_LOCALLID);
        PATH_REMOTELID[1] = Fields.ksy(IbMadFieldsKsy.CM_REQ_ALT_REMOTELID);
        PATH_LOCALGID[1] = Fields.ksy(IbMadFieldsKsy.CM_REQ_ALT_LOCALGID);
        PATH_REMOTEGID[1] = Fields.ksy(IbMadFieldsKsy.CM_REQ_ALT_REMOTEGID);
        PATH_LOCALGID_IPV4[1] = Fields.ksy(IbMadFieldsKsy.CM_REQ_ALT_LOCALGID_IPV4);
        PATH_REMOTEGID_IPV4[1] = Fields.ksy(IbMadFieldsKsy.CM_REQ_ALT_REMOTEGID_IPV4);
        PATH_FLOWLABEL[1] = Fields.ksy(IbMadFieldsKsy.CM_REQ_ALT_FLOWLABEL);
        PATH_PKTRATE[1] = Fields.ksy(IbMadFieldsKsy.CM_REQ_ALT_PKTRATE);
        PATH_TFCCLASS[1] = Fields.ksy(IbMadFieldsKsy.CM_REQ_ALT_TFCCLASS);
        PATH_HOPLIM[1] = Fields.ksy(IbMadFieldsKsy.CM_REQ_ALT_HOPLIM);
        PATH_SL[1] = Fields.ksy(IbMadFieldsKsy.CM_REQ_ALT_SL);
        PATH_SUBNETLOCAL[1] = Fields.ksy(IbMadFieldsKsy.CM_REQ_ALT_SUBNETLOCAL);
        PATH_LOCALACKTOUT[1] = Fields.ksy(IbMadFieldsKsy.CM_REQ_ALT_LOCALACKTOUT);
        REQ_PRIVATE = Fields.ksy(IbMadFieldsKsy.CM_REQ_PRIVATE);
        IP_CM = Fields.ksy(IbMadFieldsKsy.CMA_HDR_IP_CM);
        IP_CM_MAJV = Fields.ksy(IbMadFieldsKsy.CMA_HDR_MAJV);
        IP_CM_MINV = Fields.ksy(IbMadFieldsKsy.CMA_HDR_MINV);
        IP_CM_IPV = Fields.ksy(IbMadFieldsKsy.CMA_HDR_IPV);
        IP_CM_SPORT = Fields.ksy(IbMadFieldsKsy.CMA_HDR_SPORT);
        IP_CM_SIP4 = Fields.ksy(IbMadFieldsKsy.CMA_HDR_SIP4);
        IP_CM_DIP4 = Fields.ksy(IbMadFieldsKsy.CMA_HDR_DIP4);
        IP_CM_SIP6 = Fields.ksy(IbMadFieldsKsy.CMA_HDR_SIP6);
        IP_CM_DIP6 = Fields.ksy(IbMadFieldsKsy.CMA_HDR_DIP6);
        IP_CM_PRIVATE = Fields.ksy(IbMadFieldsKsy.CMA_HDR_PRIVATE);
        REP_LOCALCOMMID = Fields.ksy(IbMadFieldsKsy.CM_REP_LOCALCOMMID);
        REP_REMOTECOMMID = Fields.ksy(IbMadFieldsKsy.CM_REP_REMOTECOMMID);
        REP_LOCALQKEY = Fields.ksy(IbMadFieldsKsy.CM_REP_LOCALQKEY);
        REP_LOCALQPN = Fields.ksy(IbMadFieldsKsy.CM_REP_LOCALQPN);
        REP_LOCALEECN = Fields.ksy(IbMadFieldsKsy.CM_REP_LOCALEECN);
        REP_STARTPSN = Fields.ksy(IbMadFieldsKsy.CM_REP_STARTPSN);
        REP_RESPRES = Fields.ksy(IbMadFieldsKsy.CM_REP_RESPRES);
        REP_INITDEPTH = Fields.ksy(IbMadFieldsKsy.CM_REP_INITDEPTH);
        REP_TGTACKDELAY = Fields.ksy(IbMadFieldsKsy.CM_REP_TGTACKDELAY);
        REP_FAILOVERACC = Fields.ksy(IbMadFieldsKsy.CM_REP_FAILOVERACC);
        REP_E2EFLOWCTRL = Fields.ksy(IbMadFieldsKsy.CM_REP_E2EFLOWCTRL);
        REP_RNRRETRCOUNT = Fields.ksy(IbMadFieldsKsy.CM_REP_RNRRETRCOUNT);
        REP_SRQ = Fields.ksy(IbMadFieldsKsy.CM_REP_SRQ);
        REP_LOCALCAGUID = Fields.ksy(IbMadFieldsKsy.CM_REP_LOCALCAGUID);
        REP_PRIVATE = Fields.ksy(IbMadFieldsKsy.CM_REP_PRIVATE);
        RTU_LOCALCOMMID = Fields.ksy(IbMadFieldsKsy.CM_RTU_LOCALCOMMID);
        RTU_REMOTECOMMID = Fields.ksy(IbMadFieldsKsy.CM_RTU_REMOTECOMMID);
        RTU_PRIVATE = Fields.ksy(IbMadFieldsKsy.CM_RTU_PRIVATE);
        REJ_LOCALCOMMID = Fields.ksy(IbMadFieldsKsy.CM_REJ_LOCALCOMMID);
        REJ_REMOTECOMMID = Fields.ksy(IbMadFieldsKsy.CM_REJ_REMOTECOMMID);
        REJ_MSGREJ = Fields.ksy(IbMadFieldsKsy.CM_REJ_MSGREJ);
        REJ_REJINFOLEN = Fields.ksy(IbMadFieldsKsy.CM_REJ_REJINFOLEN);
        REJ_REASON = Fields.ksy(IbMadFieldsKsy.CM_REJ_REASON);
        REJ_ARI = Fields.ksy(IbMadFieldsKsy.CM_REJ_ARI);
        REJ_PRIVATE = Fields.ksy(IbMadFieldsKsy.CM_REJ_PRIVATE);
        DREQ_LOCALCOMMID = Fields.ksy(IbMadFieldsKsy.CM_DREQ_LOCALCOMMID);
        DREQ_REMOTECOMMID = Fields.ksy(IbMadFieldsKsy.CM_DREQ_REMOTECOMMID);
        DREQ_REMOTEQPN = Fields.ksy(IbMadFieldsKsy.CM_DREQ_REMOTEQPN);
        DREQ_PRIVATE = Fields.ksy(IbMadFieldsKsy.CM_DREQ_PRIVATE);
        DREP_LOCALCOMMID = Fields.ksy(IbMadFieldsKsy.CM_DREP_LOCALCOMMID);
        DREP_REMOTECOMMID = Fields.ksy(IbMadFieldsKsy.CM_DREP_REMOTECOMMID);
        DREP_PRIVATE = Fields.ksy(IbMadFieldsKsy.CM_DREP_PRIVATE);
        MRA_LOCALCOMMID = Fields.ksy(IbMadFieldsKsy.CM_MRA_LOCALCOMMID);
        MRA_REMOTECOMMID = Fields.ksy(IbMadFieldsKsy.CM_MRA_REMOTECOMMID);
        MRA_MSGMRAED = Fields.ksy(IbMadFieldsKsy.CM_MRA_MSGMRAED);
        MRA_SERVICETIMEOUT = Fields.ksy(IbMadFieldsKsy.CM_MRA_SERVICETIMEOUT);
        MRA_PRIVATE = Fields.ksy(IbMadFieldsKsy.CM_MRA_PRIVATE);
        SIDR_REQ_REQUESTID = Fields.ksy(IbMadFieldsKsy.CM_SIDR_REQ_REQUESTID);
        SIDR_REQ_PKEY = Fields.ksy(IbMadFieldsKsy.CM_SIDR_REQ_PKEY);
        SIDR_REQ_SERVICEID = Fields.ksy(IbMadFieldsKsy.CM_SIDR_REQ_SERVICEID);
        SIDR_REQ_SERVICEID_PROTOCOL = Fields.ksy(IbMadFieldsKsy.CM_SIDR_REQ_SERVICEID_PROTOCOL);
        SIDR_REQ_SERVICEID_DPORT = Fields.ksy(IbMadFieldsKsy.CM_SIDR_REQ_SERVICEID_DPORT);
        SIDR_REQ_PRIVATE = Fields.ksy(IbMadFieldsKsy.CM_SIDR_REQ_PRIVATE);
        SIDR_REP_REQUESTID = Fields.ksy(IbMadFieldsKsy.CM_SIDR_REP_REQUESTID);
        SIDR_REP_STATUS = Fields.ksy(IbMadFieldsKsy.CM_SIDR_REP_STATUS);
        SIDR_REP_ADDINFOLEN = Fields.ksy(IbMadFieldsKsy.CM_SIDR_REP_ADDINFOLEN);
        SIDR_REP_QPN = Fields.ksy(IbMadFieldsKsy.CM_SIDR_REP_QPN);
        SIDR_REP_SERVICEID = Fields.ksy(IbMadFieldsKsy.CM_SIDR_REP_SERVICEID);
        SIDR_REP_QKEY = Fields.ksy(IbMadFieldsKsy.CM_SIDR_REP_QKEY);
        SIDR_REP_CLASSPORTINFO = Fields.ksy(IbMadFieldsKsy.CM_SIDR_REP_CLASSPORTINFO);
        SIDR_REP_PRIVATE = Fields.ksy(IbMadFieldsKsy.CM_SIDR_REP_PRIVATE);
        LAP_LOCALCOMMID = Fields.ksy(IbMadFieldsKsy.CM_LAP_LOCALCOMMID);
        LAP_REMOTECOMMID = Fields.ksy(IbMadFieldsKsy.CM_LAP_REMOTECOMMID);
        LAP_REMOTEQPN = Fields.ksy(IbMadFieldsKsy.CM_LAP_REMOTEQPN);
        LAP_REMOTERESPTOUT = Fields.ksy(IbMadFieldsKsy.CM_LAP_REMOTERESPTOUT);
        LAP_ALT_LOCALLID = Fields.ksy(IbMadFieldsKsy.CM_LAP_ALT_LOCALLID);
        LAP_ALT_REMOTELID = Fields.ksy(IbMadFieldsKsy.CM_LAP_ALT_REMOTELID);
        LAP_ALT_LOCALGID = Fields.ksy(IbMadFieldsKsy.CM_LAP_ALT_LOCALGID);
        LAP_ALT_REMOTEGID = Fields.ksy(IbMadFieldsKsy.CM_LAP_ALT_REMOTEGID);
        LAP_ALT_FLOWLABEL = Fields.ksy(IbMadFieldsKsy.CM_LAP_ALT_FLOWLABEL);
        LAP_ALT_TFCCLASS = Fields.ksy(IbMadFieldsKsy.CM_LAP_ALT_TFCCLASS);
        LAP_ALT_HOPLIM = Fields.ksy(IbMadFieldsKsy.CM_LAP_ALT_HOPLIM);
        LAP_ALT_PKTRATE = Fields.ksy(IbMadFieldsKsy.CM_LAP_ALT_PKTRATE);
        LAP_ALT_SL = Fields.ksy(IbMadFieldsKsy.CM_LAP_ALT_SL);
        LAP_ALT_SUBNETLOCAL = Fields.ksy(IbMadFieldsKsy.CM_LAP_ALT_SUBNETLOCAL);
        LAP_ALT_LOCALACKTOUT = Fields.ksy(IbMadFieldsKsy.CM_LAP_ALT_LOCALACKTOUT);
        LAP_PRIVATE = Fields.ksy(IbMadFieldsKsy.CM_LAP_PRIVATE);
        APR_LOCALCOMMID = Fields.ksy(IbMadFieldsKsy.CM_APR_LOCALCOMMID);
        APR_REMOTECOMMID = Fields.ksy(IbMadFieldsKsy.CM_APR_REMOTECOMMID);
        APR_ADDINFOLEN = Fields.ksy(IbMadFieldsKsy.CM_APR_ADDINFOLEN);
        APR_STATUS = Fields.ksy(IbMadFieldsKsy.CM_APR_STATUS);
        APR_ADDINFO = Fields.ksy(IbMadFieldsKsy.CM_APR_ADDINFO);
        APR_PRIVATE = Fields.ksy(IbMadFieldsKsy.CM_APR_PRIVATE);
        CLASSPORTINFO = Fields.ksy(IbMadFieldsKsy.IB_MAD_CLASSPORTINFO);
    }
}
