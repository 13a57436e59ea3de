package io.rocescope.dissector.text;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * The Time column as tshark's {@code -t} and {@code -u} choose it: relative to the first frame (r,
 * the default), absolute local or UTC time of day (a, u), with the date (ad, ud) or the day of the
 * year (adoy, udoy), seconds since the epoch (e), or the delta from the previous captured (d) or
 * displayed (dd) frame; relative and delta times in seconds or as hours, minutes and seconds
 * ({@code -u hms}, "1h 2m 3.000000s"). Microseconds, as tshark shows the captures' precision.
 */
public final class TimeColumn {
    public enum Kind { RELATIVE, ABSOLUTE, ABSOLUTE_DATE, ABSOLUTE_DOY, UTC, UTC_DATE, UTC_DOY, EPOCH, DELTA, DELTA_DISPLAYED }

    private static final int DECIMALS = 6;
    private final Kind kind;
    private final boolean hms;
    private final ZoneId zone;

    private TimeColumn(Kind kind, boolean hms, ZoneId zone) {
        this.kind = kind;
        this.hms = hms;
        this.zone = zone;
    }

    /** The default: seconds since the first frame. */
    public static final TimeColumn RELATIVE = new TimeColumn(Kind.RELATIVE, false, ZoneOffset.UTC);

    /** From tshark's words: {@code -t a|ad|adoy|d|dd|e|r|u|ud|udoy}, {@code -u s|hms}; null values take the defaults. */
    public static TimeColumn parse(String t, String u) {
        Kind kind;
        switch (t == null ? "r" : t) {
            case "r": kind = Kind.RELATIVE; break;
            case "a": kind = Kind.ABSOLUTE; break;
            case "ad": kind = Kind.ABSOLUTE_DATE; break;
            case "adoy": kind = Kind.ABSOLUTE_DOY; break;
            case "u": kind = Kind.UTC; break;
            case "ud": kind = Kind.UTC_DATE; break;
            case "udoy": kind = Kind.UTC_DOY; break;
            case "e": kind = Kind.EPOCH; break;
            case "d": kind = Kind.DELTA; break;
            case "dd": kind = Kind.DELTA_DISPLAYED; break;
            default: throw new IllegalArgumentException("invalid -t format '" + t + "' (a, ad, adoy, d, dd, e, r, u, ud, udoy)");
        }
        boolean hms;
        switch (u == null ? "s" : u) {
            case "s": hms = false; break;
            case "hms": hms = true; break;
            default: throw new IllegalArgumentException("invalid -u format '" + u + "' (s, hms)");
        }
        return new TimeColumn(kind, hms, ZoneId.systemDefault());
    }

    public Kind kind() { return kind; }

    /** True for the default column (relative seconds), which the line view writes on its fast path. */
    public boolean isDefault() { return kind == Kind.RELATIVE && !hms; }

    /** True when the column needs the previous frames (d, dd): they must come in capture order. */
    public boolean needsPrevious() { return kind == Kind.DELTA || kind == Kind.DELTA_DISPLAYED; }

    /**
     * Appends the column's text for a frame at {@code ts} ({@code relative} since the first frame);
     * {@code previousCaptured} and {@code previousDisplayed} are the timestamps of the frames before
     * (Long.MIN_VALUE for none).
     */
    public LineBuffer append(LineBuffer sb, long ts, long relative, long previousCaptured, long previousDisplayed) {
        switch (kind) {
            case RELATIVE: return span(sb, relative);
            case DELTA: return span(sb, previousCaptured == Long.MIN_VALUE ? 0 : ts - previousCaptured);
            case DELTA_DISPLAYED: return span(sb, previousDisplayed == Long.MIN_VALUE ? 0 : ts - previousDisplayed);
            case EPOCH: return Text.seconds(sb, ts, DECIMALS);
            default: return clock(sb, ts);
        }
    }

    private LineBuffer span(LineBuffer sb, long nanos) {
        if (!hms) return Text.seconds(sb, nanos, DECIMALS);
        // Wireshark's set_time_hour_min_sec: "%dh %2dm %2d.%06ds", leading units only when not zero
        if (nanos < 0) { sb.append('-'); nanos = -nanos; }
        long secs = nanos / 1_000_000_000L;
        int frac = (int) ((nanos % 1_000_000_000L) / 1000);
        long h = secs / 3600, m = secs / 60 % 60, s = secs % 60;
        if (h > 0) sb.append(h).append("h ").append(two(m)).append("m ").append(two(s));
        else if (m > 0) sb.append(m).append("m ").append(two(s));
        else sb.append(s);
        return sb.append('.').appendZeroPadded(frac, DECIMALS).append('s');
    }

    private static String two(long v) { return v < 10 ? " " + v : Long.toString(v); }

    private LineBuffer clock(LineBuffer sb, long ts) {
        boolean utc = kind == Kind.UTC || kind == Kind.UTC_DATE || kind == Kind.UTC_DOY;
        Instant at = Instant.ofEpochSecond(Math.floorDiv(ts, 1_000_000_000L), Math.floorMod(ts, 1_000_000_000L));
        LocalDateTime t = LocalDateTime.ofInstant(at, utc ? ZoneOffset.UTC : zone);
        switch (kind) {
            case ABSOLUTE_DATE:
            case UTC_DATE:
                sb.appendZeroPadded(t.getYear(), 4).append('-').appendZeroPadded(t.getMonthValue(), 2).append('-')
                    .appendZeroPadded(t.getDayOfMonth(), 2).append(' ');
                break;
            case ABSOLUTE_DOY:
            case UTC_DOY:
                sb.appendZeroPadded(t.getYear(), 4).append('/').appendZeroPadded(t.getDayOfYear(), 3).append(' ');
                break;
            default:
        }
        return sb.appendZeroPadded(t.getHour(), 2).append(':').appendZeroPadded(t.getMinute(), 2).append(':')
            .appendZeroPadded(t.getSecond(), 2).append('.').appendZeroPadded(t.getNano() / 1000, DECIMALS);
    }
}
