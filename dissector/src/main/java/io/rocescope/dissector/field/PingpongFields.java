package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.PingpongExchangeFieldsKsy;

/**
 * Fields of the libibverbs example programs' out-of-band exchange (ibv_rc_pingpong, ibv_uc_pingpong,
 * ibv_ud_pingpong, ibv_srq_pingpong, ibv_xsrq_pingpong; TCP port 18515 like perftest). Wireshark has no
 * dissector for it; the prefix is the programs' common name, so that {@code -Y ibv_pingpong} finds them. The names,
 * labels and bases are ksy/pingpong_exchange.ksy's ({@code -wireshark}, {@code -label}, {@code -fields}, generated
 * into {@link PingpongExchangeFieldsKsy}).
 */
public final class PingpongFields {
    private PingpongFields() {}

    static {
        Fields.all();
    }

    public static FieldDef PINGPONG, MESSAGE, INDEX, LID, QPN, PSN, GID, GID_IPV4, SEND_QPN, SRQN;

    static void register() {
        PINGPONG = Fields.ksy(PingpongExchangeFieldsKsy.PINGPONG_EXCHANGE);
        MESSAGE = Fields.ksy(PingpongExchangeFieldsKsy.PINGPONG_EXCHANGE_MESSAGE);
        INDEX = Fields.ksy(PingpongExchangeFieldsKsy.PINGPONG_EXCHANGE_INDEX);
        LID = Fields.ksy(PingpongExchangeFieldsKsy.PINGPONG_EXCHANGE_LID);
        QPN = Fields.ksy(PingpongExchangeFieldsKsy.PINGPONG_EXCHANGE_QPN);
        PSN = Fields.ksy(PingpongExchangeFieldsKsy.PINGPONG_EXCHANGE_PSN);
        GID = Fields.ksy(PingpongExchangeFieldsKsy.PINGPONG_EXCHANGE_GID);
        GID_IPV4 = Fields.ksy(PingpongExchangeFieldsKsy.PINGPONG_EXCHANGE_GID_IPV4);
        SEND_QPN = Fields.ksy(PingpongExchangeFieldsKsy.PINGPONG_EXCHANGE_SEND_QPN);
        SRQN = Fields.ksy(PingpongExchangeFieldsKsy.PINGPONG_EXCHANGE_SRQN);
    }
}
