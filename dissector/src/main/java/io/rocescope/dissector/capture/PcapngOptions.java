package io.rocescope.dissector.capture;

import java.nio.charset.StandardCharsets;

import static io.rocescope.dissector.field.ksy.PcapngFileKsy.IDB_OPTION_END_OF_OPTIONS;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.FIXED_SIZE_OPTION;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.OFF_OPTION_CODE;
import static io.rocescope.dissector.field.ksy.PcapngFileLayout.OFF_OPTION_LENGTH;

/**
 * The options of one pcapng block, one after another, where ksy/pcapng_file.ksy's {@code option} puts their code,
 * length and value (each padded to 32 bits): the one walk over them that {@link PcapngReader} (section headers,
 * interface descriptions) and the fleet's interface names make. It ends at opt_endofopt, at the end of the
 * options, or at an option whose value would run past it.
 * <pre>
 * for (PcapngOptions o = new PcapngOptions(block, from, end, bigEndian); o.next(); ) { ... o.code() ... }
 * </pre>
 */
public final class PcapngOptions {
    private final byte[] b;
    private final int end;
    private final boolean bigEndian;
    private int next, code, length, value;

    /** The options in {@code b} from {@code from} up to {@code end}, in the section's byte order. */
    public PcapngOptions(byte[] b, int from, int end, boolean bigEndian) {
        this.b = b;
        this.next = from;
        this.end = end;
        this.bigEndian = bigEndian;
    }

    /** Moves to the next option; false when there is none. */
    public boolean next() {
        int at = next;
        if (at + FIXED_SIZE_OPTION > end) return false;
        code = ByteOrder32.u16(b, at + OFF_OPTION_CODE, bigEndian);
        length = ByteOrder32.u16(b, at + OFF_OPTION_LENGTH, bigEndian);
        // opt_endofopt is code 0 in every block's options (each block's enum of them starts with it)
        if (code == IDB_OPTION_END_OF_OPTIONS || at + FIXED_SIZE_OPTION + length > end) return false;
        value = at + FIXED_SIZE_OPTION;
        next = value + ((length + 3) & ~3);
        return true;
    }

    public int code() { return code; }

    /** The value's length, without its padding. */
    public int length() { return length; }

    /** Where the value starts in the block's bytes. */
    public int value() { return value; }

    /** The value as UTF-8 text (a name, a description, a comment). */
    public String text() { return new String(b, value(), length, StandardCharsets.UTF_8); }
}
