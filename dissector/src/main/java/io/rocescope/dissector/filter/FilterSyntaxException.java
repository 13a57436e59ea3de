package io.rocescope.dissector.filter;

/** A display filter that cannot be compiled; the message says where (the column) and why. */
public final class FilterSyntaxException extends Exception {
    private final int column;

    public FilterSyntaxException(String message) {
        this(message, 0);
    }

    private FilterSyntaxException(String message, int column) {
        super(message);
        this.column = column;
    }

    /** The mistake at 0-based offset {@code pos} of {@code filter}: "filter "…" column N: why". */
    static FilterSyntaxException at(String filter, int pos, String why) {
        return new FilterSyntaxException("filter \"" + filter + "\" column " + (pos + 1) + ": " + why, pos + 1);
    }

    /** The 1-based column of the mistake (0 when it concerns the whole filter). */
    public int column() { return column; }
}
