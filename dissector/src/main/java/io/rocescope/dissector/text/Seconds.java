package io.rocescope.dissector.text;

/**
 * A time in seconds, held as nanoseconds and written exactly: {@code 1796101820.294557000}, nine
 * decimals as tshark prints {@code frame.time_epoch}. A double cannot: an epoch time in nanoseconds
 * needs 19 significant digits, a double has 17 ({@code .294557000} came out as {@code .2945569}).
 * Every time that reaches JSON goes through {@link #text}.
 */
public record Seconds(long nanos) implements Comparable<Seconds> {
    public static Seconds ofNanos(long nanos) { return new Seconds(nanos); }

    /** The exact decimal text: seconds, a point, nine digits (a minus sign before negative times). */
    public static String text(long nanos) { return Text.seconds(new LineBuffer(24), nanos, 9).toString(); }

    /** For arithmetic and printf-style text; not for JSON (see {@link #text}). */
    public double toDouble() { return nanos / 1e9; }

    @Override
    public int compareTo(Seconds o) { return Long.compare(nanos, o.nanos); }

    @Override
    public String toString() { return text(nanos); }
}
