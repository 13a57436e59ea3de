package io.rocescope.dissector.field;

/** How an integer is printed, like Wireshark's BASE_DEC / BASE_HEX. */
public enum Base {
    DEC,
    HEX,
    /** hex in the -T fields output but "0x.. (decimal)" in the tree, as Wireshark's BASE_DEC_HEX */
    DEC_HEX,
    NONE,
    /** an absolute time printed as a date, "Dec  1, 2026 05:04:12.673917000 UTC" (Wireshark's ABSOLUTE_TIME_LOCAL) */
    DATE
}
