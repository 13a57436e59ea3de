package io.rocescope.dissector.field;

import java.util.Locale;

/** Names and units of the MAD and Communication Manager fields (IBTA vol 1 ch. 12-13, Linux ib_cm.h). */
public final class CmNames {
    private CmNames() {}

    public static final int CLASS_CM = 0x07;
    public static final int REQ = 0x10, MRA = 0x11, REJ = 0x12, REP = 0x13, RTU = 0x14, DREQ = 0x15, DREP = 0x16,
        SIDR_REQ = 0x17, SIDR_REP = 0x18, LAP = 0x19, APR = 0x1A, CLASS_PORT_INFO = 0x01;
    /** The Q_Key every GSI (QP1) MAD must carry; CM responders drop others. */
    public static final long QP1_QKEY = 0x80010000L;

    /** Wireshark's CM attribute names. */
    public static String attributeName(int id) {
        switch (id) {
            case CLASS_PORT_INFO: return "ClassPortInfo";
            case REQ: return "ConnectRequest";
            case MRA: return "MsgRcptAck";
            case REJ: return "ConnectReject";
            case REP: return "ConnectReply";
            case RTU: return "ReadyToUse";
            case DREQ: return "DisconnectRequest";
            case DREP: return "DisconnectReply";
            case SIDR_REQ: return "ServiceIDResReq";
            case SIDR_REP: return "ServiceIDResReqResp";
            case LAP: return "LoadAlternatePath";
            case APR: return "AlternatePathResponse";
            default: return null;
        }
    }

    public static final ValueNames ATTRIBUTES = v -> attributeName((int) v);

    /** The attribute's name, or "attribute 0x1b" for one without. */
    public static String attributeLabel(int id) {
        String name = attributeName(id);
        return name != null ? name : "attribute 0x" + Integer.toHexString(id);
    }

    public static final ValueNames MGMT_CLASSES = v -> {
        switch ((int) v) {
            case 0x01: return "Subnet Management (LID routed)";
            case 0x81: return "Subnet Management (directed route)";
            case 0x03: return "Subnet Administration";
            case 0x04: return "Performance Management";
            case 0x05: return "Baseboard Management";
            case 0x06: return "Device Management";
            case CLASS_CM: return "Communication Management";
            case 0x08: return "SNMP Tunneling";
            case 0x21: return "Congestion Management";
            default: return null;
        }
    };

    public static final ValueNames METHODS = v -> {
        switch ((int) v) {
            case 0x01: return "Get";
            case 0x02: return "Set";
            case 0x81: return "GetResp";
            case 0x03: return "Send";
            case 0x05: return "Trap";
            case 0x06: return "Report";
            case 0x86: return "ReportResp";
            case 0x07: return "TrapRepress";
            default: return null;
        }
    };

    private static final String[] REJ_REASONS = {
        null, "No QP available", "No EEC available", "No resources available", "Timeout", "Unsupported request",
        "Invalid communication ID", "Invalid communication instance", "Invalid service ID",
        "Invalid transport service type", "Stale connection", "RDC does not exist", "Invalid primary GID",
        "Invalid primary LID", "Invalid primary SL", "Invalid primary traffic class", "Invalid primary hop limit",
        "Invalid primary packet rate", "Invalid alternate GID", "Invalid alternate LID", "Invalid alternate SL",
        "Invalid alternate traffic class", "Invalid alternate hop limit", "Invalid alternate packet rate",
        "Port CM redirect", "Port redirect", "Invalid path MTU", "Insufficient responder resources",
        "Consumer defined", "Invalid RNR retry count", "Duplicate local communication ID", "Invalid class version",
        "Invalid primary flow label", "Invalid alternate flow label", null, "Vendor option not supported"};

    /** "Invalid service ID (8)". */
    public static String rejectReason(int code) {
        String name = code >= 0 && code < REJ_REASONS.length ? REJ_REASONS[code] : null;
        return (name == null ? "Unknown reason" : name) + " (" + code + ")";
    }

    public static final ValueNames REJ_REASON_NAMES = v -> rejectReason((int) v);
    public static final ValueNames MESSAGE_NAMES = ValueNames.table("REQ", "REP", "Other", "Reserved");
    public static final ValueNames SIDR_STATUS = ValueNames.table("Success", "Unsupported service ID", "Rejected",
        "No QP", "Redirect", "Unsupported version");
    public static final ValueNames APR_STATUS = ValueNames.table("Success", "Invalid communication ID", "Unsupported",
        "Rejected", "Redirect", "Is current path", "Invalid QPN/EECN", "Invalid LID", "Invalid GID", "Invalid flow label",
        "Invalid traffic class", "Invalid hop limit", "Invalid packet rate", "Invalid SL");
    public static final ValueNames TRANSPORT_SERVICE = ValueNames.table("RC", "UC", "RD", "Extended (see extended transport type)");
    public static final ValueNames MTU = ValueNames.table(null, "256 bytes", "512 bytes", "1024 bytes", "2048 bytes", "4096 bytes");

    /** IBA time fields are 4.096 us * 2^value. */
    public static String ibaTime(int v) {
        double us = 4.096 * Math.pow(2, v);
        if (us < 1000) return String.format(Locale.ROOT, "%.3f us", us);
        if (us < 1_000_000) return String.format(Locale.ROOT, "%.3f ms", us / 1000);
        return String.format(Locale.ROOT, "%.3f s", us / 1_000_000);
    }

    public static final ValueNames IBA_TIME = v -> ibaTime((int) v);

    /** RDMA-CM port spaces by the byte after the 01 of the service ID. */
    public static String portSpace(int protocol) {
        switch (protocol) {
            case 0x06: return "TCP";
            case 0x11: return "UDP";
            case 0x3F: return "IB";
            case 0x02: return "IPoIB";
            default: return null;
        }
    }

    public static final ValueNames PORT_SPACES = v -> portSpace((int) v);

    /** "TCP", or the protocol byte in hex ("0x2a") for a port space without a name. */
    public static String portSpaceLabel(int protocol) {
        String space = portSpace(protocol);
        return space != null ? space : "0x" + Integer.toHexString(protocol);
    }
}
