package io.rocescope.cli;

import java.util.List;
import java.util.regex.Pattern;

/**
 * tshark's {@code -E} options of {@code -T fields}: header=y|n, separator=/t|/s|C, quote=d|s|n,
 * occurrence=f|l|a, aggregator=,|/s|C, bom=y|n, escape=y|n. One {@code -E} may carry several,
 * comma-separated ({@code -E header=y,separator=,}): a comma starts a new option only where an option
 * name and '=' follow, so {@code separator=,} and {@code aggregator=,} keep their comma.
 */
final class FieldsFormat {
    boolean header;
    char separator = '\t';
    /** 0 for none, else the quote character. */
    char quote;
    /** 0: all occurrences; 1: the first; -1: the last. */
    int occurrence;
    char aggregator = ',';
    boolean bom;
    boolean escape = true;

    private static final Pattern SPLIT = Pattern.compile(",(?=(?:header|separator|quote|occurrence|aggregator|bom|escape)=)");

    static FieldsFormat parse(List<String> options) {
        FieldsFormat f = new FieldsFormat();
        for (String o : options) for (String one : SPLIT.split(o)) f.option(one);
        return f;
    }

    private void option(String o) {
        int eq = o.indexOf('=');
        if (eq < 0) throw bad(o);
        String key = o.substring(0, eq), v = o.substring(eq + 1);
        switch (key) {
            case "header": header = yesNo(o, v); break;
            case "bom": bom = yesNo(o, v); break;
            case "escape": escape = yesNo(o, v); break;
            case "separator": separator = character(o, v); break;
            case "aggregator": aggregator = character(o, v); break;
            case "quote":
                switch (v) {
                    case "d": quote = '"'; break;
                    case "s": quote = '\''; break;
                    case "n": quote = 0; break;
                    default: throw bad(o);
                }
                break;
            case "occurrence":
                switch (v) {
                    case "f": occurrence = 1; break;
                    case "l": occurrence = -1; break;
                    case "a": occurrence = 0; break;
                    default: throw bad(o);
                }
                break;
            default: throw bad(o);
        }
    }

    private static boolean yesNo(String o, String v) {
        if (v.equals("y")) return true;
        if (v.equals("n")) return false;
        throw bad(o);
    }

    /** tshark's /t and /s, or one character. */
    private static char character(String o, String v) {
        if (v.equals("/t")) return '\t';
        if (v.equals("/s")) return ' ';
        if (v.length() == 1) return v.charAt(0);
        throw bad(o);
    }

    private static IllegalArgumentException bad(String o) {
        return new IllegalArgumentException("invalid -E option '" + o + "' (header=y|n, separator=/t|/s|C, quote=d|s|n, "
            + "occurrence=f|l|a, aggregator=,|/s|C, bom=y|n, escape=y|n)");
    }
}
