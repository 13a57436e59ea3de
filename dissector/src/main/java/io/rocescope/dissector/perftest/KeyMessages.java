package io.rocescope.dissector.perftest;

import io.rocescope.dissector.value.Gid;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.rocescope.dissector.field.ksy.PerftestExchangeLayout.*;

/**
 * perftest's key message (its struct pingpong_dest as text) read from its bytes, every width, offset and separator
 * ksy/perftest_exchange.ksy's (key, key_no_gid, key_with_tail: the generated PerftestExchangeLayout): the two common
 * variants by position, the rarer ones (data-validation builds' tail VA, old builds without the SRQN) by a pattern
 * made of the same widths.
 */
final class KeyMessages {
    private KeyMessages() {}

    /** The two common key messages, read by position: with a GID (any RoCE run) and without. */
    private static final TextTemplate KEY_GID = gid(common(new TextTemplate(FIXED_SIZE_KEY), OFF_KEY_COMMON), OFF_KEY_GID)
        .fixed(OFF_KEY_SEP_SRQN, CONTENTS_KEY_SEP_SRQN).fixed(OFF_KEY_TERMINATOR, CONTENTS_KEY_TERMINATOR);
    private static final TextTemplate KEY_NO_GID = common(new TextTemplate(FIXED_SIZE_KEY_NO_GID), OFF_KEY_NO_GID_COMMON)
        .fixed(OFF_KEY_NO_GID_TERMINATOR, CONTENTS_KEY_NO_GID_TERMINATOR);
    /** Every separator of a key message (the .ksy's contents of each, the same ':'): what the patterns put between fields. */
    private static final String SEP = Pattern.quote(CONTENTS_KEY_COMMON_SEP_LID);
    /**
     * Every variant of the key message, from the .ksy's field widths: key_common's fields, then, each after a
     * separator and each optional, the tail markers' VA of data-validation builds, the GID ("hh:" but the last),
     * the SRQN (absent in builds from before XRC), and a trailing separator.
     */
    private static final Pattern ANY = Pattern.compile(
        group(LEN_KEY_COMMON_LID) + SEP + group(LEN_KEY_COMMON_OUT_READS) + SEP + group(LEN_KEY_COMMON_QPN) + SEP
            + group(LEN_KEY_COMMON_PSN) + SEP + group(LEN_KEY_COMMON_RKEY) + SEP + group(LEN_KEY_COMMON_VADDR)
            + "(?:" + SEP + group(LEN_KEY_WITH_TAIL_TAIL_VADDR) + ")?"
            + "(?:" + SEP + "((?:" + hexDigits(LEN_GID_BYTE_HEX) + SEP + "){" + (COUNT_GID_TEXT_OCTETS - 1) + "}"
                + hexDigits(LEN_GID_BYTE_HEX) + "))?"
            + "(?:" + SEP + group(LEN_KEY_SRQN) + ")?" + "(?:" + SEP + ")?");
    /** The start of every key message: the LID, the outstanding reads and the QPN, each with its separator. */
    static final Pattern START = Pattern.compile(hexDigits(LEN_KEY_COMMON_LID) + SEP + hexDigits(LEN_KEY_COMMON_OUT_READS) + SEP
        + hexDigits(LEN_KEY_COMMON_QPN) + SEP);
    /** Length of the text {@link #START} matches: up to the PSN. */
    static final int START_LENGTH = OFF_KEY_COMMON_PSN;

    /** The key message of the {@code n} bytes at {@code pos} (those before its NUL), or null if they are none. */
    static PerftestRecord.Key read(byte[] buf, int pos, int n) {
        PerftestRecord.Key fast = fixed(buf, pos, n);
        if (fast != null) return fast;
        Matcher m = ANY.matcher(new String(buf, pos, n, StandardCharsets.ISO_8859_1));
        return m.matches() ? key(m) : null;
    }

    /** Whether the byte may be part of a key message (a hex digit or a separator): a prefix of them may become one. */
    static boolean mayBeKeyByte(byte[] buf, int i) {
        return TextTemplate.has(buf, i, CONTENTS_KEY_COMMON_SEP_LID) || TextTemplate.hex(buf[i]);
    }

    /** A key message's first fields and their separators, at {@code at} of {@code t}. */
    private static TextTemplate common(TextTemplate t, int at) {
        return t.fixed(at + OFF_KEY_COMMON_SEP_LID, CONTENTS_KEY_COMMON_SEP_LID)
            .fixed(at + OFF_KEY_COMMON_SEP_OUT_READS, CONTENTS_KEY_COMMON_SEP_OUT_READS)
            .fixed(at + OFF_KEY_COMMON_SEP_QPN, CONTENTS_KEY_COMMON_SEP_QPN)
            .fixed(at + OFF_KEY_COMMON_SEP_PSN, CONTENTS_KEY_COMMON_SEP_PSN)
            .fixed(at + OFF_KEY_COMMON_SEP_RKEY, CONTENTS_KEY_COMMON_SEP_RKEY)
            .fixed(at + OFF_KEY_COMMON_SEP_VADDR, CONTENTS_KEY_COMMON_SEP_VADDR);
    }

    /** A GID as text ("hh:" sixteen times), at {@code at} of {@code t}. */
    private static TextTemplate gid(TextTemplate t, int at) {
        for (int i = 0; i < COUNT_GID_TEXT_OCTETS; i++) {
            t.fixed(at + OFF_GID_TEXT_OCTETS + i * FIXED_SIZE_GID_BYTE + OFF_GID_BYTE_SEP, CONTENTS_GID_BYTE_SEP);
        }
        return t;
    }

    private static String hexDigits(int n) {
        return "[0-9a-f]{" + n + "}";
    }

    private static String group(int hexDigits) {
        return "(" + hexDigits(hexDigits) + ")";
    }

    /**
     * The two common variants (with a GID, 107 characters and the NUL; without, 58) read by position, without a regex:
     * {@code n} is the length up to the NUL.
     */
    private static PerftestRecord.Key fixed(byte[] buf, int pos, int n) {
        boolean gid = n + 1 == KEY_GID.size();
        if (!gid && n + 1 != KEY_NO_GID.size()) return null;
        if (!(gid ? KEY_GID : KEY_NO_GID).matches(buf, pos)) return null;
        int c = pos + (gid ? OFF_KEY_COMMON : OFF_KEY_NO_GID_COMMON);
        Gid g = null;
        if (gid) {
            long hi = 0, lo = 0;
            int half = COUNT_GID_TEXT_OCTETS / 2;
            for (int i = 0; i < COUNT_GID_TEXT_OCTETS; i++) {
                long b = hex(buf, pos + OFF_KEY_GID + OFF_GID_TEXT_OCTETS + i * FIXED_SIZE_GID_BYTE + OFF_GID_BYTE_HEX, LEN_GID_BYTE_HEX);
                if (i < half) hi = hi << 8 | b; else lo = lo << 8 | b;
            }
            g = new Gid(hi, lo);
        }
        long srqn = gid ? hex(buf, pos + OFF_KEY_SRQN, LEN_KEY_SRQN) : hex(buf, pos + OFF_KEY_NO_GID_SRQN, LEN_KEY_NO_GID_SRQN);
        // every digit is one (the template says so): the 16 of the VA make its 64 bits, the sign bit included
        return new PerftestRecord.Key((int) hex(buf, c + OFF_KEY_COMMON_LID, LEN_KEY_COMMON_LID),
            (int) hex(buf, c + OFF_KEY_COMMON_OUT_READS, LEN_KEY_COMMON_OUT_READS),
            (int) hex(buf, c + OFF_KEY_COMMON_QPN, LEN_KEY_COMMON_QPN), (int) hex(buf, c + OFF_KEY_COMMON_PSN, LEN_KEY_COMMON_PSN),
            hex(buf, c + OFF_KEY_COMMON_RKEY, LEN_KEY_COMMON_RKEY), hex(buf, c + OFF_KEY_COMMON_VADDR, LEN_KEY_COMMON_VADDR), -1, g,
            srqn);
    }

    /** Lower-case hex digits at pos (the template has checked they are). */
    private static long hex(byte[] buf, int pos, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            int c = buf[pos + i];
            v = (v << 4) | (c <= '9' ? c - '0' : c - 'a' + 10);
        }
        return v;
    }

    private static PerftestRecord.Key key(Matcher m) {
        Gid gid = null;
        if (m.group(8) != null) {
            String[] parts = m.group(8).split(SEP);
            long hi = 0, lo = 0;
            int half = COUNT_GID_TEXT_OCTETS / 2;
            for (int i = 0; i < half; i++) hi = hi << 8 | Integer.parseInt(parts[i], 16);
            for (int i = half; i < COUNT_GID_TEXT_OCTETS; i++) lo = lo << 8 | Integer.parseInt(parts[i], 16);
            gid = new Gid(hi, lo);
        }
        return new PerftestRecord.Key(Integer.parseInt(m.group(1), 16), Integer.parseInt(m.group(2), 16),
            Integer.parseInt(m.group(3), 16), Integer.parseInt(m.group(4), 16), Long.parseLong(m.group(5), 16),
            Long.parseUnsignedLong(m.group(6), 16), m.group(7) == null ? -1 : Long.parseUnsignedLong(m.group(7), 16), gid,
            m.group(9) == null ? 0 : Long.parseLong(m.group(9), 16));
    }
}
