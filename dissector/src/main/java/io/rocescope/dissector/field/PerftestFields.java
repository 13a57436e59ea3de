package io.rocescope.dissector.field;

import static io.rocescope.dissector.field.FieldType.*;

/** Fields of perftest's out-of-band key exchange over TCP (default port 18515). Wireshark has none. */
public final class PerftestFields {
    private PerftestFields() {}

    static {
        Fields.all();
    }

    public static FieldDef PERFTEST, RECORD, VERSION, CYCLE_BUFFER, CACHE_LINE_SIZE, MTU, KEY_LID, KEY_OUT_READS, KEY_QPN,
        KEY_PSN, KEY_RKEY, KEY_VADDR, KEY_GID, KEY_GID_IPV4, KEY_SRQN, KEY_INDEX, SYNC, REPORT_SIZE, REPORT_ITERS,
        REPORT_BW_PEAK, REPORT_BW_AVG, REPORT_MSG_RATE, UNKNOWN;

    static void register() {
        PERFTEST = Fields.proto("perftest", "perftest out-of-band exchange");
        RECORD = Fields.of("perftest.record", "Record", STRING);
        VERSION = Fields.of("perftest.version", "Version", STRING);
        CYCLE_BUFFER = Fields.dec("perftest.cycle_buffer", "Cycle buffer");
        CACHE_LINE_SIZE = Fields.dec("perftest.cache_line_size", "Cache line size");
        MTU = Fields.dec("perftest.mtu", "MTU (ibv_mtu)", CmNames.MTU);
        KEY_INDEX = Fields.dec("perftest.key.index", "Key message number in this direction");
        KEY_LID = Fields.hex("perftest.key.lid", "LID", 4);
        KEY_OUT_READS = Fields.dec("perftest.key.out_reads", "Outstanding reads");
        KEY_QPN = Fields.hex("perftest.key.qpn", "QPN", 6);
        KEY_PSN = Fields.hex("perftest.key.psn", "PSN", 6);
        KEY_RKEY = Fields.hex("perftest.key.rkey", "R_Key", 8);
        KEY_VADDR = Fields.hex("perftest.key.vaddr", "Virtual address", 16);
        KEY_GID = Fields.of("perftest.key.gid", "GID", STRING);
        KEY_GID_IPV4 = Fields.of("perftest.key.gid_ipv4", "GID (IPv4)", IPV4);
        KEY_SRQN = Fields.hex("perftest.key.srqn", "SRQ number", 8);
        SYNC = Fields.of("perftest.sync", "Sync string", STRING);
        REPORT_SIZE = Fields.dec("perftest.report.size", "Message size (bytes)");
        REPORT_ITERS = Fields.dec("perftest.report.iters", "Iterations");
        REPORT_BW_PEAK = Fields.of("perftest.report.bw_peak", "BW peak (MB/s)", DOUBLE);
        REPORT_BW_AVG = Fields.of("perftest.report.bw_avg", "BW average (MB/s)", DOUBLE);
        REPORT_MSG_RATE = Fields.of("perftest.report.msg_rate", "Message rate (Mpps)", DOUBLE);
        UNKNOWN = Fields.of("perftest.unknown", "Unrecognized bytes", BYTES);
    }
}
