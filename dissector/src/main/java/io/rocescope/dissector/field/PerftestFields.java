package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.PerftestExchangeFieldsKsy;

/**
 * Fields of perftest's out-of-band key exchange over TCP (default port 18515). Wireshark has none: the names, labels
 * and bases are RoCEscope's, written once in ksy/perftest_exchange.ksy (its {@code -wireshark}, {@code -label} and
 * {@code -fields}, generated into {@link PerftestExchangeFieldsKsy}). The named statics stay so that code reads
 * {@code PerftestFields.KEY_QPN}, not a registry look-up.
 */
public final class PerftestFields {
    private PerftestFields() {}

    static {
        Fields.all();
    }

    public static FieldDef PERFTEST, RECORD, VERSION, CYCLE_BUFFER, CACHE_LINE_SIZE, MTU, KEY_LID, KEY_OUT_READS, KEY_QPN,
        KEY_PSN, KEY_RKEY, KEY_VADDR, KEY_GID, KEY_GID_IPV4, KEY_SRQN, KEY_INDEX, SYNC, REPORT_SIZE, REPORT_ITERS,
        REPORT_BW_PEAK, REPORT_BW_AVG, REPORT_MSG_RATE, UNKNOWN;

    /** In the .ksy's order, the order they registered in before it held them. */
    static void register() {
        PERFTEST = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE);
        RECORD = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_RECORD);
        VERSION = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_VERSION);
        CYCLE_BUFFER = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_CYCLE_BUFFER);
        CACHE_LINE_SIZE = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_CACHE_LINE_SIZE);
        MTU = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_MTU);
        KEY_INDEX = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_KEY_INDEX);
        KEY_LID = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_KEY_LID);
        KEY_OUT_READS = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_KEY_OUT_READS);
        KEY_QPN = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_KEY_QPN);
        KEY_PSN = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_KEY_PSN);
        KEY_RKEY = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_KEY_RKEY);
        KEY_VADDR = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_KEY_VADDR);
        KEY_GID = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_KEY_GID);
        KEY_GID_IPV4 = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_KEY_GID_IPV4);
        KEY_SRQN = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_KEY_SRQN);
        SYNC = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_SYNC);
        REPORT_SIZE = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_REPORT_SIZE);
        REPORT_ITERS = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_REPORT_ITERS);
        REPORT_BW_PEAK = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_REPORT_BW_PEAK);
        REPORT_BW_AVG = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_REPORT_BW_AVG);
        REPORT_MSG_RATE = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_REPORT_MSG_RATE);
        UNKNOWN = Fields.ksy(PerftestExchangeFieldsKsy.PERFTEST_EXCHANGE_UNKNOWN);
    }
}
