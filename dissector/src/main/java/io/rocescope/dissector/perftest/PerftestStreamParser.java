package io.rocescope.dissector.perftest;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static io.rocescope.dissector.field.ksy.PerftestExchangeLayout.*;

/**
 * Cuts one direction of perftest's TCP exchange into records: the version string (16 bytes), the
 * cycle-buffer and cache-line sizes (4 bytes each, from version 5.32), the MTU ("3\0"), then ASCII key
 * messages ("%04x:%04x:%06x:%06x:%08x:%016llx:" + GID + "%08x:" + NUL) repeated as syncs, "done\0",
 * the binary bandwidth report of BW tests, and anything else as unknown bytes up to the next key message.
 * Every record's size and where its fields and separators sit are ksy/perftest_exchange.ksy's (its generated
 * PerftestExchangeLayout); this class knows only which record may come next and how the variants of the key
 * message are told apart.
 */
final class PerftestStreamParser {
    /**
     * How far a key message's NUL is looked for: past the longest variant ({@code FIXED_SIZE_KEY_WITH_TAIL}, 125
     * bytes) by a few bytes (the parser's choice, not the format's), with room for one this parser does not know,
     * which then becomes unknown bytes instead of a wait.
     */
    static final int MAX_KEY = FIXED_SIZE_KEY_WITH_TAIL + 5;   // 130
    private static final TextTemplate SYNC = new TextTemplate(FIXED_SIZE_SYNC)
        .fixed(OFF_SYNC_WORD, CONTENTS_SYNC_WORD).fixed(OFF_SYNC_TERMINATOR, CONTENTS_SYNC_TERMINATOR);
    /** The version's text: "major.minor" and more digits and dots ("6.29", "5.60"). */
    private static final Pattern VERSION = Pattern.compile("(\\d+)\\.(\\d+)[0-9.]*");

    private enum State { VERSION, CYCLE_BUFFER, CACHE_LINE, MTU, RECORDS }

    /** Records are small: the buffer starts small and grows up to MAX_BUFFER (past that it is not perftest). */
    static final int MAX_BUFFER = 1 << 16;
    private byte[] buf = new byte[256];
    private int len;
    private long bufStart;         // stream offset of buf[0]
    private State state = State.VERSION;
    /**
     * For the unknown bytes at the start of the buffer, waiting for a key message to end them: how many
     * of the places after their first byte are already known not to start one. Without it each segment
     * would search the whole buffer again, quadratic in its size (a stream cut into 1-byte segments).
     */
    private int unknownScanned;
    private int major, minor;
    private boolean gaveUp;

    boolean gaveUp() { return gaveUp; }

    /** Memory held for bytes that wait for the rest of their record: at most {@link #MAX_BUFFER}. */
    int retainedBytes() { return buf.length; }

    /** Adds in-order bytes and appends every record they complete to {@code out}. */
    void bytes(byte[] d, int off, int n, long streamOffset, List<PerftestRecord> out) {
        if (gaveUp) return;
        if (len == 0) bufStart = streamOffset;
        if (len + n > buf.length) {
            if (len + n > MAX_BUFFER) {   // no record is that long: this is not perftest's exchange
                gaveUp = true;
                buf = new byte[0];
                len = 0;
                return;
            }
            buf = java.util.Arrays.copyOf(buf, Math.min(MAX_BUFFER, Math.max(len + n, buf.length * 2)));
        }
        System.arraycopy(d, off, buf, len, n);
        len += n;
        int before = out.size();
        try {
            consume(parse(out, false));
        } catch (RuntimeException e) {
            // A record this parser cannot read must not jam the stream: what is buffered becomes unknown
            // bytes, and the next segment is read as records again.
            out.subList(before, out.size()).clear();
            out.add(new PerftestRecord(PerftestRecord.Kind.UNKNOWN, bufStart, bufStart + len, null, 0, null, null));
            consume(len);
            state = State.RECORDS;
        }
    }

    /** At the end of the stream: whatever is left becomes an unknown record. */
    void finish(List<PerftestRecord> out) {
        if (gaveUp || len == 0) return;
        consume(parse(out, true));
        if (len > 0) {
            out.add(new PerftestRecord(PerftestRecord.Kind.UNKNOWN, bufStart, bufStart + len, null, 0, null, null));
            consume(len);
        }
    }

    private void consume(int n) {
        System.arraycopy(buf, n, buf, 0, len - n);
        len -= n;
        bufStart += n;
    }

    private int parse(List<PerftestRecord> out, boolean atEnd) {
        int pos = 0;
        while (pos < len) {
            int used = next(pos, out, atEnd);
            if (used == 0) break;
            pos += used;
            unknownScanned = 0;
        }
        return pos;
    }

    /** Parses one record at {@code pos}; returns its length, or 0 to wait for more bytes. */
    private int next(int pos, List<PerftestRecord> out, boolean atEnd) {
        int avail = len - pos;
        switch (state) {
            case VERSION: {
                if (avail < FIXED_SIZE_VERSION) return 0;
                String v = ascii(pos + OFF_VERSION_TEXT, LEN_VERSION_TEXT);
                Matcher m = VERSION.matcher(v);
                // no version exchange (or a mid-stream start)
                if (!m.matches() || !TextTemplate.has(buf, pos + OFF_VERSION_TERMINATOR, CONTENTS_VERSION_TERMINATOR)) {
                    state = State.RECORDS;
                    return 0 == avail ? 0 : next(pos, out, atEnd);
                }
                major = boundedNumber(m.group(1));
                minor = boundedNumber(m.group(2));
                out.add(record(PerftestRecord.Kind.VERSION, pos, FIXED_SIZE_VERSION, v, 0, null));
                state = atLeast(CYCLE_BUFFER_SINCE_MAJOR, CYCLE_BUFFER_SINCE_MINOR) ? State.CYCLE_BUFFER
                    : atLeast(MTU_SINCE_MAJOR, MTU_SINCE_MINOR) ? State.MTU : State.RECORDS;
                return FIXED_SIZE_VERSION;
            }
            case CYCLE_BUFFER:
            case CACHE_LINE: {
                boolean cycle = state == State.CYCLE_BUFFER;
                int size = cycle ? LEN_CYCLE_BUFFER : LEN_CACHE_LINE_SIZE;
                if (avail < size) return 0;
                out.add(record(cycle ? PerftestRecord.Kind.CYCLE_BUFFER : PerftestRecord.Kind.CACHE_LINE_SIZE, pos, size, null,
                    unsigned(pos, size), null));
                state = cycle ? State.CACHE_LINE : State.MTU;
                return size;
            }
            case MTU: {
                boolean since531 = atLeast(MTU_TEXT_SINCE_MAJOR, MTU_TEXT_SINCE_MINOR);
                int size = since531 ? FIXED_SIZE_MTU : FIXED_SIZE_MTU_BEFORE_5_31;
                if (avail < size) return 0;
                state = State.RECORDS;
                String s = since531 ? ascii(pos + OFF_MTU_TEXT, LEN_MTU_TEXT) : ascii(pos + OFF_MTU_BEFORE_5_31_TEXT, LEN_MTU_BEFORE_5_31_TEXT);
                if (s.isEmpty() || !s.chars().allMatch(Character::isDigit)) return next(pos, out, atEnd);
                out.add(record(PerftestRecord.Kind.MTU, pos, size, null, Integer.parseInt(s), null));
                return size;
            }
            default:
                return recordAt(pos, avail, out, atEnd);
        }
    }

    private int recordAt(int pos, int avail, List<PerftestRecord> out, boolean atEnd) {
        if (avail >= SYNC.size() && SYNC.matches(buf, pos)) {
            out.add(record(PerftestRecord.Kind.SYNC, pos, SYNC.size(), CONTENTS_SYNC_WORD, 0, null));
            return SYNC.size();
        }
        int nul = -1;
        for (int i = pos; i < pos + Math.min(avail, MAX_KEY); i++) if (TextTemplate.has(buf, i, CONTENTS_KEY_TERMINATOR)) { nul = i; break; }
        if (nul > pos) {
            PerftestRecord.Key key = KeyMessages.read(buf, pos, nul - pos);
            if (key != null) {
                out.add(record(PerftestRecord.Kind.KEY, pos, nul + 1 - pos, null, 0, key));
                return nul + 1 - pos;
            }
        }
        if (nul < 0 && avail < MAX_KEY && !atEnd && looksLikeKeyPrefix(pos, avail)) return 0;   // wait
        // Not a record we know (a binary report, negotiation block …): unknown bytes up to the next key.
        int from = pos + 1 + unknownScanned;
        String rest = new String(buf, from, pos + avail - from, StandardCharsets.ISO_8859_1);
        Matcher k = KeyMessages.START.matcher(rest);
        int skip = k.find() ? from + k.start() - pos : (atEnd ? avail : 0);
        if (skip == 0) {
            unknownScanned = Math.max(0, avail - 1 - (KeyMessages.START_LENGTH - 1));
            return 0;
        }
        PerftestRecord.Report report = report(pos, skip);
        out.add(report != null
            ? new PerftestRecord(PerftestRecord.Kind.REPORT, bufStart + pos, bufStart + pos + skip, null, 0, null, report)
            : record(PerftestRecord.Kind.UNKNOWN, pos, skip, null, 0, null));
        return skip;
    }

    /**
     * The bandwidth report of perftest's BW tests (the .ksy's report, or report_before_5_33 with 32-bit iterations),
     * told apart from other unknown bytes by its size alone.
     */
    private PerftestRecord.Report report(int pos, int size) {
        if (size == FIXED_SIZE_REPORT) {
            return new PerftestRecord.Report(unsigned(pos + OFF_REPORT_MSG_SIZE, LEN_REPORT_MSG_SIZE),
                unsigned(pos + OFF_REPORT_ITERS, LEN_REPORT_ITERS), dbl(pos + OFF_REPORT_BW_PEAK, LEN_REPORT_BW_PEAK),
                dbl(pos + OFF_REPORT_BW_AVG, LEN_REPORT_BW_AVG), dbl(pos + OFF_REPORT_MSG_RATE, LEN_REPORT_MSG_RATE));
        }
        if (size == FIXED_SIZE_REPORT_BEFORE_5_33) {
            return new PerftestRecord.Report(unsigned(pos + OFF_REPORT_BEFORE_5_33_MSG_SIZE, LEN_REPORT_BEFORE_5_33_MSG_SIZE),
                unsigned(pos + OFF_REPORT_BEFORE_5_33_ITERS, LEN_REPORT_BEFORE_5_33_ITERS),
                dbl(pos + OFF_REPORT_BEFORE_5_33_BW_PEAK, LEN_REPORT_BEFORE_5_33_BW_PEAK),
                dbl(pos + OFF_REPORT_BEFORE_5_33_BW_AVG, LEN_REPORT_BEFORE_5_33_BW_AVG),
                dbl(pos + OFF_REPORT_BEFORE_5_33_MSG_RATE, LEN_REPORT_BEFORE_5_33_MSG_RATE));
        }
        return null;
    }

    /** {@code n} bytes big-endian, unsigned (the .ksy's u4 and u8; perftest byte-swaps them so). */
    private long unsigned(int pos, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) v = (v << 8) | (buf[pos + i] & 0xFF);
        return v;
    }

    private double dbl(int pos, int n) {
        return Double.longBitsToDouble(unsigned(pos, n));
    }

    private boolean looksLikeKeyPrefix(int pos, int avail) {
        for (int i = pos; i < pos + avail; i++) if (!KeyMessages.mayBeKeyByte(buf, i)) return false;
        return true;
    }

    private PerftestRecord record(PerftestRecord.Kind kind, int pos, int size, String text, long number, PerftestRecord.Key key) {
        return new PerftestRecord(kind, bufStart + pos, bufStart + pos + size, text, number, key, null);
    }

    /** Decimal digits as a number, capped (a 15-digit "version" must not overflow: it only compares as large). */
    static int boundedNumber(String digits) {
        long v = 0;
        for (int i = 0; i < digits.length() && v < Integer.MAX_VALUE; i++) v = v * 10 + (digits.charAt(i) - '0');
        return (int) Math.min(v, Integer.MAX_VALUE);
    }

    private boolean atLeast(long maj, long min) {
        return major > maj || (major == maj && minor >= min);
    }

    /** ASCII up to the first NUL. */
    private String ascii(int pos, int n) {
        int end = pos;
        while (end < pos + n && buf[end] != 0) end++;
        return new String(buf, pos, end - pos, StandardCharsets.ISO_8859_1);
    }
}
