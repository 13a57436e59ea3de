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

    // the syndrome's type bits and its low value bits (a credit code, an RNR timer code or a NAK code)
    private static final int SYN_TYPE_SHIFT = IbTransportLayout.SHIFT_AETH_SYNDROME_TYPE,
        SYN_TYPE_MASK = (int) IbTransportLayout.MASK_AETH_SYNDROME_TYPE,
        SYN_VALUE_MASK = (int) IbTransportLayout.MASK_AETH_SYNDROME_VALUE;

    /** Credit code to number of receive WQE credits (rdmavt credit_table); 31 means unlimited. */
    private static final int[] CREDITS = {
        0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536,
        2048, 3072, 4096, 6144, 8192, 12288, 16384, 24576, 32768};
    public static final int CREDITS_UNLIMITED = 31;

    /** Credits granted by a credit code; -1 for code 31 (unlimited). */
    public static int credits(int code) {
        return code == CREDITS_UNLIMITED ? -1 : CREDITS[code & SYN_VALUE_MASK];
    }

    public static String creditsText(int code) {
        return code == CREDITS_UNLIMITED ? "unlimited" : Integer.toString(credits(code));
    }

    public static final ValueNames CREDIT_NAMES = v -> creditsText((int) v);

    /** Minimum RNR NAK wait in microseconds by timer code (IBTA table 45; code 0 is the longest). */
    private static final int[] RNR_MICROS = {
        655360, 10, 20, 30, 40, 60, 80, 120, 160, 240, 320, 480, 640, 960, 1280, 1920, 2560, 3840,
        5120, 7680, 10240, 15360, 20480, 30720, 40960, 61440, 81920, 122880, 163840, 245760, 327680,
        491520};

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
        int type = (syndrome >>> SYN_TYPE_SHIFT) & SYN_TYPE_MASK;
        int value = syndrome & SYN_VALUE_MASK;
        switch (type) {
            case AETH_ACK: return "ACK credits=" + creditsText(value);
            case AETH_RNR_NAK: return "RNR NAK timer=" + rnrTimerText(value);
            case AETH_NAK: return "NAK " + nakName(value);
            default: return "Reserved syndrome 0x" + Integer.toHexString(syndrome);
        }
    }

    public static final ValueNames SYNDROME_NAMES = v -> syndromeText((int) v);
}
