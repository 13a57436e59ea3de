package io.rocescope.dissector.text;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.CmNames;

import static io.rocescope.dissector.field.PerftestFields.*;

/** Info column of a perftest exchange frame: "perftest key QPN=0x000011 PSN=0x9ae6be RKey=0x… VA=0x… GID=10.0.0.1". */
final class PerftestInfo {
    private PerftestInfo() {}

    static void append(LineBuffer sb, DecodedFrame f) {
        boolean first = true;
        for (int i = f.find(RECORD); i >= 0; i = f.findNext(RECORD, i)) {
            if (first) sb.append(PERFTEST.abbrev()).append(' ');   // the protocol's name, as its .ksy has it
            else sb.append(", ");
            first = false;
            String kind = FieldText.value(f, i);
            int next = f.findNext(RECORD, i);
            int end = next < 0 ? f.fieldCount() : next;
            switch (kind) {
                case "version": sb.append("version ").append(str(f, VERSION, i, end)); break;
                case "cycle_buffer": sb.append("cycle buffer ").append(num(f, CYCLE_BUFFER, i, end)); break;
                case "cache_line_size": sb.append("cache line ").append(num(f, CACHE_LINE_SIZE, i, end)); break;
                case "mtu": sb.append("MTU ").append(CmNames.MTU.label(num(f, MTU, i, end))); break;
                case "key":
                    Text.hex0x(sb.append("key QPN="), num(f, KEY_QPN, i, end), 6);
                    Text.hex0x(sb.append(" PSN="), num(f, KEY_PSN, i, end), 6);
                    Text.hex0x(sb.append(" RKey="), num(f, KEY_RKEY, i, end), 0);
                    Text.hex0x(sb.append(" VA="), num(f, KEY_VADDR, i, end), 0);
                    int v4 = f.findIn(KEY_GID_IPV4, i, end);
                    int gid = f.findIn(KEY_GID, i, end);
                    if (v4 >= 0) FieldText.value(sb.append(" GID="), f, v4);
                    else if (gid >= 0) FieldText.value(sb.append(" GID="), f, gid);
                    break;
                case "sync": sb.append("sync \"").append(str(f, SYNC, i, end)).append('"'); break;
                case "report":
                    sb.append("report ").append(num(f, REPORT_SIZE, i, end)).append(" B x ").append(num(f, REPORT_ITERS, i, end))
                        .append(String.format(java.util.Locale.ROOT, " peak %.2f avg %.2f MB/s",
                            Double.longBitsToDouble(num(f, REPORT_BW_PEAK, i, end)), Double.longBitsToDouble(num(f, REPORT_BW_AVG, i, end))));
                    break;
                default: sb.append(num(f, UNKNOWN, i, end)).append(" unrecognized bytes");
            }
        }
    }


    private static long num(DecodedFrame f, io.rocescope.dissector.field.FieldDef def, int from, int end) {
        int j = f.findIn(def, from, end);
        return j < 0 ? 0 : f.value(j);
    }

    private static String str(DecodedFrame f, io.rocescope.dissector.field.FieldDef def, int from, int end) {
        int j = f.findIn(def, from, end);
        return j < 0 ? "" : FieldText.value(f, j);
    }
}
