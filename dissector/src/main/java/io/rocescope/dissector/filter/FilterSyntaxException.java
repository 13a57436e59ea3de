package io.rocescope.dissector.filter;

/** A display filter that cannot be compiled; the message says where and why. */
public final class FilterSyntaxException extends Exception {
    public FilterSyntaxException(String message) {
        super(message);
    }
}
