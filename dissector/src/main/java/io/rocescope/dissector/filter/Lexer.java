package io.rocescope.dissector.filter;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a display filter into tokens, each with the column it starts at (for error messages), as
 * Wireshark's scanner does: operators and punctuation, quoted strings ({@code "..."} with C escapes,
 * {@code r"..."} raw), character constants ({@code 'a'}), slice ranges ({@code [0:2]}, kept as one
 * token) and words. A word is a field name or an unquoted literal: numbers in any base, addresses,
 * CIDR blocks, byte strings ({@code 00:11:22}); it never includes {@code ..} (a set range).
 */
final class Lexer {
    enum Kind { WORD, STRING, CHAR, SLICE, PUNCT, END }

    /** One token; {@code pos} is its 0-based offset in the filter text. */
    record Token(Kind kind, String text, int pos) {
        boolean is(String s) { return (kind == Kind.PUNCT || kind == Kind.WORD) && text.equals(s); }
    }

    private static final String[] PUNCTUATION = {
        "===", "!==", "==", "!=", "~=", ">=", "<=", "&&", "||", "^^", "..",
        "(", ")", "{", "}", ",", "!", "<", ">", "~", "&", "+", "-", "*", "/", "%"};

    private final String text;
    private int at;

    private Lexer(String text) { this.text = text; }

    static List<Token> tokens(String text) throws FilterSyntaxException {
        return new Lexer(text).all();
    }

    /** The blanks Wireshark's scanner skips between tokens; other control characters are errors, not spaces. */
    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\u000B';
    }

    private List<Token> all() throws FilterSyntaxException {
        List<Token> out = new ArrayList<>();
        while (true) {
            while (at < text.length() && isBlank(text.charAt(at))) at++;
            if (at >= text.length()) {
                out.add(new Token(Kind.END, "", text.length()));
                return out;
            }
            out.add(next());
        }
    }

    private Token next() throws FilterSyntaxException {
        int start = at;
        char c = text.charAt(at);
        if (c == '"' || ((c == 'r' || c == 'R') && at + 1 < text.length() && text.charAt(at + 1) == '"')) {
            return new Token(Kind.STRING, string(c != '"'), start);
        }
        if (c == '\'') return new Token(Kind.CHAR, charConstant(), start);
        if (c == '[') {
            int end = text.indexOf(']', at);
            if (end < 0) throw FilterSyntaxException.at(text, start, "the slice is missing its ']'");
            at = end + 1;
            return new Token(Kind.SLICE, text.substring(start + 1, end), start);
        }
        if (isWordStart(c) || (c == ':' && at + 1 < text.length() && text.charAt(at + 1) == ':')) {
            at++;
            while (at < text.length() && isWordPart(text.charAt(at))
                && !(text.charAt(at) == '.' && at + 1 < text.length() && text.charAt(at + 1) == '.')) at++;
            return new Token(Kind.WORD, text.substring(start, at), start);
        }
        for (String p : PUNCTUATION) {
            if (text.startsWith(p, at)) {
                at += p.length();
                return new Token(Kind.PUNCT, p, start);
            }
        }
        throw FilterSyntaxException.at(text, start, "unexpected character '" + c + "'");
    }

    private static boolean isWordStart(char c) {
        return Character.isLetterOrDigit(c) || c == '_';
    }

    private static boolean isWordPart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '.' || c == ':' || c == '-' || c == '/';
    }

    /** A quoted string, its escapes resolved (none in a raw string); {@code at} is on the r or the quote. */
    private String string(boolean raw) throws FilterSyntaxException {
        int start = at;
        if (raw) at++;
        at++;
        StringBuilder sb = new StringBuilder();
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') return sb.toString();
            if (c == '\\' && raw) {
                sb.append(c);
                if (at < text.length()) sb.append(text.charAt(at++));   // a raw \" does not end the string
            } else if (c == '\\') {
                sb.append(escape());
            } else {
                sb.append(c);
            }
        }
        throw FilterSyntaxException.at(text, start, "the string is missing its closing '\"'");
    }

    private String charConstant() throws FilterSyntaxException {
        int start = at++;
        if (at >= text.length()) throw FilterSyntaxException.at(text, start, "the character constant is not closed");
        char c = text.charAt(at++);
        String value = c == '\\' ? escape() : String.valueOf(c);
        if (at >= text.length() || text.charAt(at) != '\'' || value.length() != 1) {
            throw FilterSyntaxException.at(text, start, "a character constant holds one character, e.g. 'a' or '\\x41'");
        }
        at++;
        return value;
    }

    /** The character after a backslash: C escapes, \xHH, \ooo and \\uHHHH. */
    private String escape() throws FilterSyntaxException {
        if (at >= text.length()) throw FilterSyntaxException.at(text, at - 1, "a '\\' ends the filter");
        int start = at - 1;
        char c = text.charAt(at++);
        switch (c) {
            case 'n': return "\n";
            case 't': return "\t";
            case 'r': return "\r";
            case 'a': return "\u0007";
            case 'b': return "\b";
            case 'f': return "\f";
            case 'v': return "\u000b";
            case 'x': return String.valueOf((char) digits(start, 16, 1, 2));
            case 'u': return String.valueOf((char) digits(start, 16, 4, 4));
            default:
                if (c >= '0' && c <= '7') {
                    at--;
                    return String.valueOf((char) digits(start, 8, 1, 3));
                }
                return String.valueOf(c);   // \" \\ \' and any other character stand for themselves
        }
    }

    private int digits(int start, int radix, int min, int max) throws FilterSyntaxException {
        int v = 0, n = 0;
        while (n < max && at < text.length() && Character.digit(text.charAt(at), radix) >= 0) {
            v = v * radix + Character.digit(text.charAt(at++), radix);
            n++;
        }
        if (n < min) throw FilterSyntaxException.at(text, start, "a bad escape sequence");
        return v;
    }
}
