package io.rocescope.dissector.field;

import io.rocescope.dissector.field.ksy.IbTransportKsy;
import io.rocescope.dissector.field.ksy.IbTransportLayout;

import java.util.Locale;

/** Names and unit conversions of the InfiniBand transport: opcodes, AETH syndromes, credits, RNR timers. */
public final class InfinibandNames {
    private InfinibandNames() {}

    // opcode names: ksy/ib_transport.ksy's enum opcode (generated into IbTransportKsy)

    /** The full name of a defined opcode, e.g. "RC SEND First"; null for undefined ones. */
    public static String opcodeName(int opcode) {
        return IbTransportKsy.OPCODE.nameOf(opcode & 0xFF);
    }

    /** "RC SEND First", or "Unknown opcode 0xNN" for undefined opcodes. */
    public static String opcodeLabel(int opcode) {
        String s = opcodeName(opcode);
        return s != null ? s : String.format("Unknown opcode 0x%02x", opcode & 0xFF);
    }

    public static final ValueNames OPCODES = v -> opcodeName((int) v);

    // ---- AETH syndrome ----
    // the codes and names are ksy/ib_transport.ksy's enums aeth_type and nak_code
    public static final int AETH_ACK = IbTransportKsy.AETH_TYPE_ACK, AETH_RNR_NAK = IbTransportKsy.AETH_TYPE_RNR_NAK,
        AETH_RESERVED = IbTransportKsy.AETH_TYPE_RESERVED, AETH_NAK = IbTransportKsy.AETH_TYPE_NAK;
    public static final ValueNames AETH_TYPES = IbTransportKsy.AETH_TYPE;

    public static String nakName(int code) {
        String name = IbTransportKsy.NAK_CODE.nameOf(code);
        return name != null ? name : "Reserved NAK code " + code;
    }

    public static final ValueNames NAK_CODE_NAMES = v -> nakName((int) v);

    /** A NAK code after which both QPs go to the error state (ib_transport.ksy's nak_code marked -fatal). */
    public static boolean isFatalNak(int code) { return IbTransportKsy.NAK_CODE_FATAL.contains(code); }

    // the syndrome's type bits and its low value bits (a credit code, an RNR timer code or a NAK code)
    private static final int SYN_TYPE_SHIFT = IbTransportLayout.SHIFT_AETH_SYNDROME_TYPE,
        SYN_TYPE_MASK = (int) IbTransportLayout.MASK_AETH_SYNDROME_TYPE,
        SYN_VALUE_MASK = (int) IbTransportLayout.MASK_AETH_SYNDROME_VALUE;

    /** An AETH syndrome's type (AETH_ACK, AETH_RNR_NAK, AETH_NAK), where ksy/ib_transport.ksy puts its bits. */
    public static int aethType(int syndrome) { return (syndrome >>> SYN_TYPE_SHIFT) & SYN_TYPE_MASK; }

    /** An AETH syndrome's value: a credit code, an RNR timer code or a NAK code, by its type. */
    public static int aethValue(int syndrome) {
        return (syndrome >>> IbTransportLayout.SHIFT_AETH_SYNDROME_VALUE) & SYN_VALUE_MASK;
    }

    /** Credit code to number of receive WQE credits (ksy/ib_transport.ksy's aeth_credits); 31 means unlimited. */
    private static final int[] CREDITS = IbTransportKsy.AETH_CREDITS_VALUES();
    public static final int CREDITS_UNLIMITED = IbTransportKsy.AETH_CREDITS_UNLIMITED;

    /** Credits granted by a credit code; -1 for code 31 (unlimited). */
    public static int credits(int code) {
        return code == CREDITS_UNLIMITED ? -1 : CREDITS[code & SYN_VALUE_MASK];
    }

    public static String creditsText(int code) {
        return code == CREDITS_UNLIMITED ? "unlimited" : Integer.toString(credits(code));
    }

    public static final ValueNames CREDIT_NAMES = v -> creditsText((int) v);

    /** Minimum RNR NAK wait in microseconds by timer code (ksy/ib_transport.ksy's rnr_timer: IBTA table 45). */
    private static final int[] RNR_MICROS = IbTransportKsy.RNR_TIMER_VALUES();

    public static int rnrTimerMicros(int code) {
        return RNR_MICROS[code & SYN_VALUE_MASK];
    }

    /** "81.92 ms" */
    public static String rnrTimerText(int code) {
        return RNR_TEXTS[code & SYN_VALUE_MASK];
    }

    private static final String[] RNR_TEXTS = new String[SYN_VALUE_MASK + 1];
    static {
        for (int c = 0; c <= SYN_VALUE_MASK; c++) RNR_TEXTS[c] = String.format(Locale.ROOT, "%.2f ms", rnrTimerMicros(c) / 1000.0);
    }

    public static final ValueNames RNR_TIMER_NAMES = v -> rnrTimerText((int) v);

    /** One line for an AETH syndrome: "ACK credits=unlimited", "NAK PSN Sequence Error", "RNR NAK timer=81.92 ms". */
    public static String syndromeText(int syndrome) {
        return SYNDROME_TEXTS[syndrome & 0xFF];
    }

    private static final String[] SYNDROME_TEXTS = new String[256];
    static {
        for (int s = 0; s < 256; s++) SYNDROME_TEXTS[s] = syndromeTextOf(s);
    }

    private static String syndromeTextOf(int syndrome) {
        int type = aethType(syndrome);
        int value = aethValue(syndrome);
        switch (type) {
            case AETH_ACK: return "ACK credits=" + creditsText(value);
            case AETH_RNR_NAK: return "RNR NAK timer=" + rnrTimerText(value);
            case AETH_NAK: return "NAK " + nakName(value);
            default: return "Reserved syndrome 0x" + Integer.toHexString(syndrome);
        }
    }

    public static final ValueNames SYNDROME_NAMES = v -> syndromeText((int) v);
}
