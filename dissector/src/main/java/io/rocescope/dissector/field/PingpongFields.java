package io.rocescope.dissector.field;

import static io.rocescope.dissector.field.FieldType.*;

/**
 * Fields of the libibverbs example programs' out-of-band exchange (ibv_rc_pingpong, ibv_uc_pingpong,
 * ibv_ud_pingpong, ibv_srq_pingpong, ibv_xsrq_pingpong; TCP port 18515 like perftest). Wireshark has no
 * dissector for it; the prefix is the programs' common name, so that {@code -Y ibv_pingpong} finds them.
 */
public final class PingpongFields {
    private PingpongFields() {}

    static {
        Fields.all();
    }

    public static FieldDef PINGPONG, MESSAGE, INDEX, LID, QPN, PSN, GID, GID_IPV4, SEND_QPN, SRQN;

    static void register() {
        PINGPONG = Fields.proto("ibv_pingpong", "libibverbs pingpong example exchange");
        MESSAGE = Fields.of("ibv_pingpong.message", "Message", STRING);
        INDEX = Fields.dec("ibv_pingpong.index", "Destination number in this direction (one per QP)");
        LID = Fields.hex("ibv_pingpong.lid", "LID", 4);
        QPN = Fields.hex("ibv_pingpong.qpn", "QPN", 6);
        PSN = Fields.hex("ibv_pingpong.psn", "PSN", 6);
        GID = Fields.of("ibv_pingpong.gid", "GID", STRING);
        GID_IPV4 = Fields.of("ibv_pingpong.gid_ipv4", "GID (IPv4)", IPV4);
        SEND_QPN = Fields.hex("ibv_pingpong.send_qpn", "Send QPN (xsrq)", 6);
        SRQN = Fields.hex("ibv_pingpong.srqn", "SRQ number (xsrq)", 6);
    }
}
