package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.TcpSegmentKsy;

/** TCP flags as tshark shows them in the Info column: "SYN, ACK". */
public final class TcpFlagNames {
    private TcpFlagNames() {}

    // the bits are ksy/tcp_segment.ksy's enum tcp_flag
    public static final int FIN = TcpSegmentKsy.TCP_FLAG_FIN, SYN = TcpSegmentKsy.TCP_FLAG_SYN, RST = TcpSegmentKsy.TCP_FLAG_RST,
        PSH = TcpSegmentKsy.TCP_FLAG_PSH, ACK = TcpSegmentKsy.TCP_FLAG_ACK, URG = TcpSegmentKsy.TCP_FLAG_URG,
        ECE = TcpSegmentKsy.TCP_FLAG_ECE, CWR = TcpSegmentKsy.TCP_FLAG_CWR;
    private static final String[] NAMES_BY_BIT = {"FIN", "SYN", "RST", "PSH", "ACK", "URG", "ECE", "CWR", "AE"};
    private static final int[] ORDER = {1, 0, 2, 3, 4, 5, 6, 7, 8}; // SYN first, like tshark

    /** "SYN, ACK" for TCP's 9 flag bits, made once for every combination. */
    public static String text(int flags) {
        return flags >= 0 && flags < TEXTS.length ? TEXTS[flags] : textOf(flags);
    }

    private static final String[] TEXTS = new String[512];
    static {
        for (int f = 0; f < TEXTS.length; f++) TEXTS[f] = textOf(f);
    }

    private static String textOf(int flags) {
        StringBuilder sb = new StringBuilder();
        for (int bit : ORDER) {
            if ((flags & (1 << bit)) != 0) {
                if (sb.length() > 0) sb.append(", ");
                sb.append(NAMES_BY_BIT[bit]);
            }
        }
        return sb.toString();
    }

    public static final ValueNames NAMES = v -> text((int) v);
}
