package io.rocescope.dissector.perftest;

import io.rocescope.dissector.value.Gid;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cuts one direction of perftest's TCP exchange into records: the version string (16 bytes), the
 * cycle-buffer and cache-line sizes (4 bytes each, from version 5.32), the MTU ("3\0"), then ASCII key
 * messages ("%04x:%04x:%06x:%06x:%08x:%016llx:" + GID + "%08x:" + NUL) repeated as syncs, "done\0",
 * the binary bandwidth report of BW tests, and anything else as unknown bytes up to the next key message.
 */
final class PerftestStreamParser {
    /** Key messages longer than this are not looked for (the longest variant is 125 bytes). */
    static final int MAX_KEY = 130;
    private static final Pattern KEY = Pattern.compile(
        "([0-9a-f]{4}):([0-9a-f]{4}):([0-9a-f]{6}):([0-9a-f]{6}):([0-9a-f]{8}):([0-9a-f]{16})"
            + "(?::([0-9a-f]{16}))?"                                 // data-validation builds: tail-marker VA
            + "(?::((?:[0-9a-f]{2}:){15}[0-9a-f]{2}))?"             // GID
            + "(?::([0-9a-f]{8}))?:?");                              // SRQN (absent in very old builds)
    private static final Pattern KEY_START = Pattern.compile("[0-9a-f]{4}:[0-9a-f]{4}:[0-9a-f]{6}:");
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
    /** Length of the text KEY_START matches. */
    private static final int KEY_START_LENGTH = 17;
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
                if (avail < 16) return 0;
                String v = ascii(pos, 16);
                Matcher m = VERSION.matcher(v);
                if (!m.matches() || buf[pos + 15] != 0) {   // no version exchange (or a mid-stream start)
                    state = State.RECORDS;
                    return 0 == avail ? 0 : next(pos, out, atEnd);
                }
                major = boundedNumber(m.group(1));
                minor = boundedNumber(m.group(2));
                out.add(record(PerftestRecord.Kind.VERSION, pos, 16, v, 0, null));
                state = atLeast(5, 32) ? State.CYCLE_BUFFER : atLeast(5, 1) ? State.MTU : State.RECORDS;
                return 16;
            }
            case CYCLE_BUFFER:
            case CACHE_LINE: {
                if (avail < 4) return 0;
                long v = ((buf[pos] & 0xFFL) << 24) | ((buf[pos + 1] & 0xFF) << 16) | ((buf[pos + 2] & 0xFF) << 8) | (buf[pos + 3] & 0xFF);
                boolean cycle = state == State.CYCLE_BUFFER;
                out.add(record(cycle ? PerftestRecord.Kind.CYCLE_BUFFER : PerftestRecord.Kind.CACHE_LINE_SIZE, pos, 4, null, v, null));
                state = cycle ? State.CACHE_LINE : State.MTU;
                return 4;
            }
            case MTU: {
                int size = atLeast(5, 31) ? 2 : 4;
                if (avail < size) return 0;
                state = State.RECORDS;
                String s = ascii(pos, size);
                if (s.isEmpty() || !s.chars().allMatch(Character::isDigit)) return next(pos, out, atEnd);
                out.add(record(PerftestRecord.Kind.MTU, pos, size, null, Integer.parseInt(s), null));
                return size;
            }
            default:
                return recordAt(pos, avail, out, atEnd);
        }
    }

    private int recordAt(int pos, int avail, List<PerftestRecord> out, boolean atEnd) {
        if (avail >= 5 && buf[pos] == 'd' && ascii(pos, 5).equals("done") && buf[pos + 4] == 0) {
            out.add(record(PerftestRecord.Kind.SYNC, pos, 5, "done", 0, null));
            return 5;
        }
        int nul = -1;
        for (int i = pos; i < pos + Math.min(avail, MAX_KEY); i++) if (buf[i] == 0) { nul = i; break; }
        if (nul > pos) {
            PerftestRecord.Key fast = fixedKey(pos, nul - pos);
            if (fast != null) {
                out.add(record(PerftestRecord.Kind.KEY, pos, nul + 1 - pos, null, 0, fast));
                return nul + 1 - pos;
            }
            Matcher m = KEY.matcher(new String(buf, pos, nul - pos, StandardCharsets.ISO_8859_1));
            if (m.matches()) {
                out.add(record(PerftestRecord.Kind.KEY, pos, nul + 1 - pos, null, 0, key(m)));
                return nul + 1 - pos;
            }
        }
        if (nul < 0 && avail < MAX_KEY && !atEnd && looksLikeKeyPrefix(pos, avail)) return 0;   // wait
        // Not a record we know (a binary report, negotiation block …): unknown bytes up to the next key.
        int from = pos + 1 + unknownScanned;
        String rest = new String(buf, from, pos + avail - from, StandardCharsets.ISO_8859_1);
        Matcher k = KEY_START.matcher(rest);
        int skip = k.find() ? from + k.start() - pos : (atEnd ? avail : 0);
        if (skip == 0) {
            unknownScanned = Math.max(0, avail - 1 - (KEY_START_LENGTH - 1));
            return 0;
        }
        PerftestRecord.Report report = report(pos, skip);
        out.add(report != null
            ? new PerftestRecord(PerftestRecord.Kind.REPORT, bufStart + pos, bufStart + pos + skip, null, 0, null, report)
            : record(PerftestRecord.Kind.UNKNOWN, pos, skip, null, 0, null));
        return skip;
    }

    /**
     * The bandwidth report of perftest's BW tests: message size (u64), iterations (u64; u32 before 5.33),
     * peak and average bandwidth and message rate (IEEE doubles), all big-endian; 40 (36) bytes.
     */
    private PerftestRecord.Report report(int pos, int size) {
        boolean oldIters = size == 36;
        if (size != 40 && !oldIters) return null;
        long msgSize = u64(pos);
        long iters = oldIters ? u64(pos + 4) & 0xFFFFFFFFL : u64(pos + 8);
        int d = pos + (oldIters ? 12 : 16);
        return new PerftestRecord.Report(msgSize, iters, Double.longBitsToDouble(u64(d)),
            Double.longBitsToDouble(u64(d + 8)), Double.longBitsToDouble(u64(d + 16)));
    }

    private long u64(int pos) {
        long v = 0;
        for (int i = 0; i < 8; i++) v = (v << 8) | (buf[pos + i] & 0xFF);
        return v;
    }

    private boolean looksLikeKeyPrefix(int pos, int avail) {
        for (int i = pos; i < pos + avail; i++) {
            byte b = buf[i];
            if (!(b == ':' || (b >= '0' && b <= '9') || (b >= 'a' && b <= 'f'))) return false;
        }
        return true;
    }

    /**
     * The two common layouts (107 characters with a GID, 58 without) read by position, without a regex:
     * "llll:oooo:qqqqqq:pppppp:rrrrrrrr:vvvvvvvvvvvvvvvv:" then 16 "gg:" and "ssssssss:" (or just "ssssssss").
     */
    private PerftestRecord.Key fixedKey(int pos, int n) {
        boolean gid = n == 107;
        if (!gid && n != 58) return null;
        int[] colons = {4, 9, 16, 23, 32, 49};
        for (int c : colons) if (buf[pos + c] != ':') return null;
        long lid = hex(pos, 4), out = hex(pos + 5, 4), qpn = hex(pos + 10, 6), psn = hex(pos + 17, 6), rkey = hex(pos + 24, 8);
        long vaHi = hex(pos + 33, 8), vaLo = hex(pos + 41, 8);
        if ((lid | out | qpn | psn | rkey | vaHi | vaLo) < 0) return null;
        Gid g = null;
        int at = pos + 50;
        if (gid) {
            long hi = 0, lo = 0;
            for (int i = 0; i < 16; i++, at += 3) {
                long b = hex(at, 2);
                if (b < 0 || buf[at + 2] != ':') return null;
                if (i < 8) hi = hi << 8 | b; else lo = lo << 8 | b;
            }
            if (buf[pos + n - 1] != ':') return null;
            g = new Gid(hi, lo);
        }
        long srqn = hex(at, 8);
        if (srqn < 0) return null;
        return new PerftestRecord.Key((int) lid, (int) out, (int) qpn, (int) psn, rkey, vaHi << 32 | vaLo, -1, g, srqn);
    }

    /** Lower-case hex digits at pos, or -1. */
    private long hex(int pos, int n) {
        long v = 0;
        for (int i = 0; i < n; i++) {
            int c = buf[pos + i];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
            if (d < 0) return -1;
            v = (v << 4) | d;
        }
        return v;
    }

    private static PerftestRecord.Key key(Matcher m) {
        Gid gid = null;
        if (m.group(8) != null) {
            String[] parts = m.group(8).split(":");
            long hi = 0, lo = 0;
            for (int i = 0; i < 8; i++) hi = hi << 8 | Integer.parseInt(parts[i], 16);
            for (int i = 8; i < 16; i++) lo = lo << 8 | Integer.parseInt(parts[i], 16);
            gid = new Gid(hi, lo);
        }
        return new PerftestRecord.Key(Integer.parseInt(m.group(1), 16), Integer.parseInt(m.group(2), 16),
            Integer.parseInt(m.group(3), 16), Integer.parseInt(m.group(4), 16), Long.parseLong(m.group(5), 16),
            Long.parseUnsignedLong(m.group(6), 16), m.group(7) == null ? -1 : Long.parseUnsignedLong(m.group(7), 16), gid,
            m.group(9) == null ? 0 : Long.parseLong(m.group(9), 16));
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

    private boolean atLeast(int maj, int min) {
        return major > maj || (major == maj && minor >= min);
    }

    /** ASCII up to the first NUL. */
    private String ascii(int pos, int n) {
        int end = pos;
        while (end < pos + n && buf[end] != 0) end++;
        return new String(buf, pos, end - pos, StandardCharsets.ISO_8859_1);
    }
}
