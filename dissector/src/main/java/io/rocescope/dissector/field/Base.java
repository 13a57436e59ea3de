package io.rocescope.dissector.field;

/** How an integer is printed, like Wireshark's BASE_DEC / BASE_HEX. */
public enum Base {
    DEC,
    HEX,
    /** hex in the -T fields output but "0x.. (decimal)" in the tree, as Wireshark's BASE_DEC_HEX */
    DEC_HEX,
    NONE
}
