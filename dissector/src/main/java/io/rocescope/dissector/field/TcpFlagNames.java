package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.TcpSegmentKsy;
import io.rocescope.dissector.field.ksy.TcpSegmentLayout;

/** TCP flags as tshark shows them in the Info column: "SYN, ACK". */
public final class TcpFlagNames {
    private TcpFlagNames() {}

    // the bits are ksy/tcp_segment.ksy's enum tcp_flag
    public static final int FIN = TcpSegmentKsy.TCP_FLAG_FIN, SYN = TcpSegmentKsy.TCP_FLAG_SYN, RST = TcpSegmentKsy.TCP_FLAG_RST,
        PSH = TcpSegmentKsy.TCP_FLAG_PSH, ACK = TcpSegmentKsy.TCP_FLAG_ACK, URG = TcpSegmentKsy.TCP_FLAG_URG,
        ECE = TcpSegmentKsy.TCP_FLAG_ECE, CWR = TcpSegmentKsy.TCP_FLAG_CWR;
    // tcp_segment.ksy's tcp_flag codes in tshark's order: SYN first, then the rest by bit
    private static final int[] ORDER = {SYN, FIN, RST, PSH, ACK, URG, ECE, CWR, TcpSegmentKsy.TCP_FLAG_AE};

    /** "SYN, ACK" for TCP's 9 flag bits, made once for every combination. */
    public static String text(int flags) {
        return flags >= 0 && flags < TEXTS.length ? TEXTS[flags] : textOf(flags);
    }

    private static final String[] TEXTS = new String[(int) TcpSegmentLayout.MASK_FLAGS + 1];
    static {
        for (int f = 0; f < TEXTS.length; f++) TEXTS[f] = textOf(f);
    }

    private static String textOf(int flags) {
        StringBuilder sb = new StringBuilder();
        for (int flag : ORDER) {
            if ((flags & flag) != 0) {
                if (sb.length() > 0) sb.append(", ");
                sb.append(TcpSegmentKsy.TCP_FLAG.nameOf(flag));
            }
        }
        return sb.toString();
    }

    public static final ValueNames NAMES = v -> text((int) v);
}
