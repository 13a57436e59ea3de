package io.rocescope.dissector.text;

import io.rocescope.dissector.decode.DecodedFrame;

import static io.rocescope.dissector.field.PingpongFields.*;

/** Info column of an ibv_*_pingpong exchange frame: "ibv_pingpong dest LID=0x0000 QPN=0x000011 PSN=0x4b1d6e GID=10.0.0.1". */
final class PingpongInfo {
    private PingpongInfo() {}

    static void append(LineBuffer sb, DecodedFrame f) {
        boolean first = true;
        for (int i = f.find(MESSAGE); i >= 0; i = f.findNext(MESSAGE, i)) {
            if (first) sb.append(PINGPONG.abbrev()).append(' ');   // the protocol's name, as its .ksy has it
            else sb.append(", ");
            first = false;
            String kind = FieldText.value(f, i);
            int next = f.findNext(MESSAGE, i);
            int end = next < 0 ? f.fieldCount() : next;
            if (!kind.equals("dest")) {
                sb.append(kind);
                continue;
            }
            Text.hex0x(sb.append("dest LID="), num(f, LID, i, end), 4);
            Text.hex0x(sb.append(" QPN="), num(f, QPN, i, end), 6);
            int send = f.findIn(SEND_QPN, i, end);
            if (send >= 0) Text.hex0x(sb.append(" send QPN="), f.value(send), 6);
            Text.hex0x(sb.append(" PSN="), num(f, PSN, i, end), 6);
            int srqn = f.findIn(SRQN, i, end);
            if (srqn >= 0) Text.hex0x(sb.append(" SRQN="), f.value(srqn), 6);
            int v4 = f.findIn(GID_IPV4, i, end), gid = f.findIn(GID, i, end);
            if (v4 >= 0) FieldText.value(sb.append(" GID="), f, v4);
            else if (gid >= 0) FieldText.value(sb.append(" GID="), f, gid);
        }
    }

    private static long num(DecodedFrame f, io.rocescope.dissector.field.FieldDef def, int from, int end) {
        int j = f.findIn(def, from, end);
        return j < 0 ? 0 : f.value(j);
    }
}
