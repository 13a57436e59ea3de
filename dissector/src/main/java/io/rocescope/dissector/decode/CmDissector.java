package io.rocescope.dissector.decode;

import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.text.Addresses;

import static io.rocescope.dissector.field.CmFields.*;

/** CM messages (IBTA vol 1 ch. 12); {@code m} is the first byte of the 232-byte message. */
final class CmDissector {
    private CmDissector() {}

    static void dissect(Packet p, int attr, int m) {
        switch (attr) {
            case CmNames.REQ: req(p, m); break;
            case CmNames.MRA: mra(p, m); break;
            case CmNames.REJ: rej(p, m); break;
            case CmNames.REP: rep(p, m); break;
            case CmNames.RTU: commIds(p, RTU_LOCALCOMMID, RTU_REMOTECOMMID, m); p.bytes(RTU_PRIVATE, m + 8, 224); break;
            case CmNames.DREQ:
                commIds(p, DREQ_LOCALCOMMID, DREQ_REMOTECOMMID, m);
                p.u24(DREQ_REMOTEQPN, m + 8);
                p.bytes(DREQ_PRIVATE, m + 12, 220);
                break;
            case CmNames.DREP: commIds(p, DREP_LOCALCOMMID, DREP_REMOTECOMMID, m); p.bytes(DREP_PRIVATE, m + 8, 224); break;
            case CmNames.SIDR_REQ: sidrReq(p, m); break;
            case CmNames.SIDR_REP: sidrRep(p, m); break;
            case CmNames.LAP: lap(p, m); break;
            case CmNames.APR: apr(p, m); break;
            case CmNames.CLASS_PORT_INFO: p.bytes(CLASSPORTINFO, m, 232); break;
            default:
                p.f.expert(new Expert(Expert.Severity.NOTE, "infiniband.cm.attribute.unknown",
                    String.format("Unknown CM attribute 0x%04x", attr)));
                p.bytes(MAD_DATA, m, 232);
        }
    }

    private static void commIds(Packet p, FieldDef local, FieldDef remote, int m) {
        p.u32(local, m);
        p.u32(remote, m + 4);
    }

    private static void req(Packet p, int m) {
        byte[] d = p.d;
        p.u32(REQ_LOCALCOMMID, m);
        p.u64(REQ_SERVICEID, m + 8);
        boolean ipCm = isRdmaIpServiceId(d, m + 8);
        if (ipCm) {
            p.bytes(REQ_SERVICEID_PREFIX, m + 8, 5);
            p.u8(REQ_SERVICEID_PROTOCOL, m + 13);
            p.u16(REQ_SERVICEID_DPORT, m + 14);
        }
        p.u64(REQ_LOCALCAGUID, m + 16);
        p.u32(REQ_LOCALQKEY, m + 28);
        p.u24(REQ_LOCALQPN, m + 32);
        p.u8(REQ_RESPONDERRES, m + 35);
        p.u24(REQ_LOCALEECN, m + 36);
        p.u8(REQ_INITDEPTH, m + 39);
        p.u24(REQ_REMOTEEECN, m + 40);
        int b43 = Bytes.u8(d, m + 43);
        p.bits(REQ_REMOTERESPTOUT, m + 43, 1, b43, 3, 0x1F);
        p.bits(REQ_TRANSPSVCTYPE, m + 43, 1, b43, 1, 0x3);
        p.bits(REQ_E2EFLOWCTRL, m + 43, 1, b43, 0, 0x1);
        p.u24(REQ_STARTPSN, m + 44);
        int b47 = Bytes.u8(d, m + 47);
        p.bits(REQ_LOCALRESPTOUT, m + 47, 1, b47, 3, 0x1F);
        p.bits(REQ_RETRCOUNT, m + 47, 1, b47, 0, 0x7);
        p.u16(REQ_PKEY, m + 48);
        int b50 = Bytes.u8(d, m + 50);
        p.bits(REQ_PPPMTU, m + 50, 1, b50, 4, 0xF);
        p.bits(REQ_RDCEXIST, m + 50, 1, b50, 3, 0x1);
        p.bits(REQ_RNRRETRCOUNT, m + 50, 1, b50, 0, 0x7);
        int b51 = Bytes.u8(d, m + 51);
        p.bits(REQ_MAXCMRETR, m + 51, 1, b51, 4, 0xF);
        p.bits(REQ_SRQ, m + 51, 1, b51, 3, 0x1);
        p.bits(REQ_EXT_TRANSPORT, m + 51, 1, b51, 0, 0x7);
        path(p, 0, m + 52);
        path(p, 1, m + 96);
        p.bytes(REQ_PRIVATE, m + 140, 92);
        if (ipCm) cmaHeader(p, m + 140, 92);
    }

    /** A REQ path (44 bytes): LIDs, GIDs (with the IPv4 address of an IPv4-mapped GID), flow label … */
    private static void path(Packet p, int k, int o) {
        byte[] d = p.d;
        p.u16(PATH_LOCALLID[k], o);
        p.u16(PATH_REMOTELID[k], o + 2);
        p.addr(PATH_LOCALGID[k], o + 4, 16);
        long v4 = Addresses.mappedIpv4(d, o + 4);
        if (v4 >= 0) p.f.add(PATH_LOCALGID_IPV4[k], o + 16, 4, v4);
        p.addr(PATH_REMOTEGID[k], o + 20, 16);
        v4 = Addresses.mappedIpv4(d, o + 20);
        if (v4 >= 0) p.f.add(PATH_REMOTEGID_IPV4[k], o + 32, 4, v4);
        long w = Bytes.u32(d, o + 36);
        p.bits(PATH_FLOWLABEL[k], o + 36, 3, w, 12, 0xFFFFF);
        p.bits(PATH_PKTRATE[k], o + 38, 2, w, 0, 0x3F);
        p.u8(PATH_TFCCLASS[k], o + 40);
        p.u8(PATH_HOPLIM[k], o + 41);
        int b = Bytes.u8(d, o + 42);
        p.bits(PATH_SL[k], o + 42, 1, b, 4, 0xF);
        p.bits(PATH_SUBNETLOCAL[k], o + 42, 1, b, 3, 0x1);
        p.bits(PATH_LOCALACKTOUT[k], o + 43, 1, Bytes.u8(d, o + 43), 3, 0x1F);
    }

    /** RDMA-CM service IDs: 00 00 00 00 01 <port space> <port>. */
    static boolean isRdmaIpServiceId(byte[] d, int o) {
        return d[o] == 0 && d[o + 1] == 0 && d[o + 2] == 0 && d[o + 3] == 0 && d[o + 4] == 1;
    }

    /** RDMA-CM's cma_hdr at the start of REQ / SIDR_REQ private data. */
    private static void cmaHeader(Packet p, int o, int size) {
        byte[] d = p.d;
        int node = p.f.open(IP_CM, o);
        int v = Bytes.u8(d, o);
        p.bits(IP_CM_MAJV, o, 1, v, 4, 0xF);
        p.bits(IP_CM_MINV, o, 1, v, 0, 0xF);
        int ipv = p.bits(IP_CM_IPV, o + 1, 1, Bytes.u8(d, o + 1), 4, 0xF);
        p.u16(IP_CM_SPORT, o + 2);
        if (ipv == 6) {
            p.addr(IP_CM_SIP6, o + 4, 16);
            p.addr(IP_CM_DIP6, o + 20, 16);
        } else {
            p.addr(IP_CM_SIP4, o + 16, 4);
            p.addr(IP_CM_DIP4, o + 32, 4);
        }
        p.bytes(IP_CM_PRIVATE, o + 36, size - 36);
        p.f.close(node, o + size);
    }

    private static void rep(Packet p, int m) {
        byte[] d = p.d;
        p.u32(REP_LOCALCOMMID, m);
        p.u32(REP_REMOTECOMMID, m + 4);
        p.u32(REP_LOCALQKEY, m + 8);
        p.u24(REP_LOCALQPN, m + 12);
        p.u24(REP_LOCALEECN, m + 16);
        p.u24(REP_STARTPSN, m + 20);
        p.u8(REP_RESPRES, m + 24);
        p.u8(REP_INITDEPTH, m + 25);
        int b26 = Bytes.u8(d, m + 26);
        p.bits(REP_TGTACKDELAY, m + 26, 1, b26, 3, 0x1F);
        p.bits(REP_FAILOVERACC, m + 26, 1, b26, 1, 0x3);
        p.bits(REP_E2EFLOWCTRL, m + 26, 1, b26, 0, 0x1);
        int b27 = Bytes.u8(d, m + 27);
        p.bits(REP_RNRRETRCOUNT, m + 27, 1, b27, 5, 0x7);
        p.bits(REP_SRQ, m + 27, 1, b27, 4, 0x1);
        p.u64(REP_LOCALCAGUID, m + 28);
        p.bytes(REP_PRIVATE, m + 36, 196);
    }

    private static void rej(Packet p, int m) {
        commIds(p, REJ_LOCALCOMMID, REJ_REMOTECOMMID, m);
        p.bits(REJ_MSGREJ, m + 8, 1, Bytes.u8(p.d, m + 8), 6, 0x3);
        p.bits(REJ_REJINFOLEN, m + 9, 1, Bytes.u8(p.d, m + 9), 1, 0x7F);
        int reason = p.u16(REJ_REASON, m + 10);
        p.bytes(REJ_ARI, m + 12, 72);
        p.bytes(REJ_PRIVATE, m + 84, 148);
        p.f.expert(new Expert(Expert.Severity.WARNING, "infiniband.cm.rej",
            "Connection rejected: " + CmNames.rejectReason(reason)));
    }

    private static void mra(Packet p, int m) {
        commIds(p, MRA_LOCALCOMMID, MRA_REMOTECOMMID, m);
        p.bits(MRA_MSGMRAED, m + 8, 1, Bytes.u8(p.d, m + 8), 6, 0x3);
        p.bits(MRA_SERVICETIMEOUT, m + 9, 1, Bytes.u8(p.d, m + 9), 3, 0x1F);
        p.bytes(MRA_PRIVATE, m + 10, 222);
    }

    private static void sidrReq(Packet p, int m) {
        p.u32(SIDR_REQ_REQUESTID, m);
        p.u16(SIDR_REQ_PKEY, m + 4);
        p.u64(SIDR_REQ_SERVICEID, m + 8);
        boolean ipCm = isRdmaIpServiceId(p.d, m + 8);
        if (ipCm) {
            p.u8(SIDR_REQ_SERVICEID_PROTOCOL, m + 13);
            p.u16(SIDR_REQ_SERVICEID_DPORT, m + 14);
        }
        p.bytes(SIDR_REQ_PRIVATE, m + 16, 216);
        if (ipCm) cmaHeader(p, m + 16, 216);
    }

    private static void sidrRep(Packet p, int m) {
        p.u32(SIDR_REP_REQUESTID, m);
        p.u8(SIDR_REP_STATUS, m + 4);
        p.u8(SIDR_REP_ADDINFOLEN, m + 5);
        p.u24(SIDR_REP_QPN, m + 8);
        p.u64(SIDR_REP_SERVICEID, m + 12);
        p.u32(SIDR_REP_QKEY, m + 20);
        p.bytes(SIDR_REP_CLASSPORTINFO, m + 24, 72);
        p.bytes(SIDR_REP_PRIVATE, m + 96, 136);
    }

    private static void lap(Packet p, int m) {
        byte[] d = p.d;
        commIds(p, LAP_LOCALCOMMID, LAP_REMOTECOMMID, m);
        p.u24(LAP_REMOTEQPN, m + 12);
        p.bits(LAP_REMOTERESPTOUT, m + 15, 1, Bytes.u8(d, m + 15), 3, 0x1F);
        p.u16(LAP_ALT_LOCALLID, m + 20);
        p.u16(LAP_ALT_REMOTELID, m + 22);
        p.addr(LAP_ALT_LOCALGID, m + 24, 16);
        p.addr(LAP_ALT_REMOTEGID, m + 40, 16);
        p.bits(LAP_ALT_FLOWLABEL, m + 56, 3, Bytes.u32(d, m + 56), 12, 0xFFFFF);
        p.u8(LAP_ALT_TFCCLASS, m + 59);
        p.u8(LAP_ALT_HOPLIM, m + 60);
        p.bits(LAP_ALT_PKTRATE, m + 61, 1, Bytes.u8(d, m + 61), 0, 0x3F);
        int b = Bytes.u8(d, m + 62);
        p.bits(LAP_ALT_SL, m + 62, 1, b, 4, 0xF);
        p.bits(LAP_ALT_SUBNETLOCAL, m + 62, 1, b, 3, 0x1);
        p.bits(LAP_ALT_LOCALACKTOUT, m + 63, 1, Bytes.u8(d, m + 63), 3, 0x1F);
        p.bytes(LAP_PRIVATE, m + 64, 168);
    }

    private static void apr(Packet p, int m) {
        commIds(p, APR_LOCALCOMMID, APR_REMOTECOMMID, m);
        p.u8(APR_ADDINFOLEN, m + 8);
        p.u8(APR_STATUS, m + 9);
        p.bytes(APR_ADDINFO, m + 12, 72);
        p.bytes(APR_PRIVATE, m + 84, 148);
    }
}
