package io.rocescope.dissector.text;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.ksy.IbMadKsy;

import static io.rocescope.dissector.field.CmFields.*;

/** Info column of MADs: "CM ConnectRequest QPN=0x000011 PSN=0x1d9c33 (1940531) ServiceID=TCP:18515 10.0.0.1:40013 → 10.0.0.2". */
final class MadInfo {
    private MadInfo() {}

    static void append(LineBuffer sb, DecodedFrame f) {
        int mgmtClass = (int) f.get(MAD_MGMTCLASS, -1);
        int attr = (int) f.get(MAD_ATTRIBUTEID, -1);
        if (mgmtClass != CmNames.CLASS_CM) {
            Text.hex0x(sb.append("MAD class "), mgmtClass, 2);
            Text.hex0x(sb.append(" method "), f.get(MAD_METHOD, 0), 2);
            Text.hex0x(sb.append(" attribute "), attr, 4);
            return;
        }
        sb.append("CM ").append(CmNames.attributeLabel(attr));
        switch (attr) {
            case CmNames.REQ:
                qpnPsn(sb, f, REQ_LOCALQPN, REQ_STARTPSN);
                serviceId(sb, f, REQ_SERVICEID_PROTOCOL, REQ_SERVICEID_DPORT, REQ_SERVICEID);
                break;
            case CmNames.REP:
                qpnPsn(sb, f, REP_LOCALQPN, REP_STARTPSN);
                break;
            case CmNames.REJ:
                sb.append(" reason=").append(CmNames.rejectReason((int) f.get(REJ_REASON, 0)));
                sb.append(" (rejecting ").append(CmNames.MESSAGE_NAMES.label(f.get(REJ_MSGREJ, IbMadKsy.MESSAGE_REJECTED_OTHER))).append(')');
                break;
            case CmNames.DREQ:
                Text.hex0x(sb.append(" RemoteQPN="), f.get(DREQ_REMOTEQPN, 0), 6);
                break;
            case CmNames.MRA:
                sb.append(" for ").append(CmNames.MESSAGE_NAMES.label(f.get(MRA_MSGMRAED, IbMadKsy.MESSAGE_REJECTED_OTHER)));
                sb.append(" timeout=").append(CmNames.ibaTime((int) f.get(MRA_SERVICETIMEOUT, 0)));
                break;
            case CmNames.SIDR_REQ:
                serviceId(sb, f, SIDR_REQ_SERVICEID_PROTOCOL, SIDR_REQ_SERVICEID_DPORT, SIDR_REQ_SERVICEID);
                break;
            case CmNames.SIDR_REP:
                sb.append(" status=").append(CmNames.SIDR_STATUS.label(f.get(SIDR_REP_STATUS, 0)));
                Text.hex0x(sb.append(" QPN="), f.get(SIDR_REP_QPN, 0), 6);
                Text.hex0x(sb.append(" Q_Key="), f.get(SIDR_REP_QKEY, 0), 8);
                break;
            case CmNames.APR:
                sb.append(" status=").append(CmNames.APR_STATUS.label(f.get(APR_STATUS, 0)));
                break;
            default:
                break;
        }
        if (f.has(QKEY_MISMATCH)) sb.append(" [Q_Key mismatch]");
    }

    private static void qpnPsn(LineBuffer sb, DecodedFrame f, FieldDef qpn, FieldDef psn) {
        Text.hex0x(sb.append(" QPN="), f.get(qpn, 0), 6);
        long v = f.get(psn, 0);
        // hex as the CM and perftest print it, decimal as data PSNs are: a REP's PSN is the first data PSN
        Text.hex0x(sb.append(" PSN="), v, 6).append(" (").append(v).append(')');
    }

    private static void serviceId(LineBuffer sb, DecodedFrame f, FieldDef protocol, FieldDef port, FieldDef serviceId) {
        int proto = f.find(protocol);
        if (proto < 0) {
            Text.hex0x(sb.append(" ServiceID="), f.get(serviceId, 0), 16);
            return;
        }
        sb.append(" ServiceID=").append(CmNames.portSpaceLabel((int) f.value(proto))).append(':').append(f.get(port, 0));
        int sip = f.find(IP_CM_SIP4) >= 0 ? f.find(IP_CM_SIP4) : f.find(IP_CM_SIP6);
        int dip = f.find(IP_CM_DIP4) >= 0 ? f.find(IP_CM_DIP4) : f.find(IP_CM_DIP6);
        if (sip >= 0 && dip >= 0) {
            sb.append(' ');
            FieldText.value(sb, f, sip).append(':').append(f.get(IP_CM_SPORT, 0)).append(" → ");
            FieldText.value(sb, f, dip);
        }
    }
}
