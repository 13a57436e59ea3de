package io.rocescope.dissector.filter;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.FieldType;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.text.FieldText;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Grammar (as Wireshark's, reduced): {@code expr := and (("||"|"or") and)*},
 * {@code and := not (("&&"|"and") not)*}, {@code not := ("!"|"not") not | "(" expr ")" | test},
 * {@code test := FIELD [op VALUE]} with op one of {@code == != > < >= <=} (or eq ne gt lt ge le).
 * A bare field is true when the frame has it; a comparison is true when an occurrence satisfies it
 * ({@code !=}: when every occurrence differs). Numbers may be decimal or 0x-hex; addresses and words
 * compare with the field's text ({@code ip.src == 10.0.0.1}, {@code infiniband.icrc.status == bad}).
 */
final class FilterParser {
    private static final Pattern TOKEN = Pattern.compile(
        "\\s*(\\|\\||&&|==|!=|>=|<=|[()!<>]|\"[^\"]*\"|[A-Za-z0-9_.:\\-]+)");

    private static final Pattern BLANK = Pattern.compile("\\s*");

    private final String text;
    private final List<String> tokens = new ArrayList<>();
    private final List<FieldDef> referenced = new ArrayList<>();
    private int pos;

    FilterParser(String text) throws FilterSyntaxException {
        this.text = text;
        Matcher m = TOKEN.matcher(text);
        int at = 0;
        while (at < text.length()) {
            if (!m.find(at) || m.start() != at) {
                // only the spaces the tokens may have between them may end the filter (isBlank() also took
                // control characters and Unicode spaces, which are an error anywhere else: "ip\u001f" parsed, "(ip\u001f)" not)
                if (BLANK.matcher(text).region(at, text.length()).matches()) break;
                throw new FilterSyntaxException("filter \"" + text + "\": unexpected character at position " + (at + 1));
            }
            tokens.add(m.group(1));
            at = m.end();
        }
    }

    DisplayFilter parse() throws FilterSyntaxException {
        if (tokens.isEmpty()) throw new FilterSyntaxException("filter is empty");
        DisplayFilter f = or();
        if (pos < tokens.size()) throw error("unexpected '" + tokens.get(pos) + "'");
        return new Compiled(f, List.copyOf(referenced));
    }

    /** The parsed filter and the fields it names. */
    private record Compiled(DisplayFilter root, List<FieldDef> fields) implements DisplayFilter {
        @Override
        public boolean matches(DecodedFrame f) { return root.matches(f); }
    }

    private FilterSyntaxException error(String why) {
        return new FilterSyntaxException("filter \"" + text + "\": " + why);
    }

    private boolean accept(String... words) {
        if (pos < tokens.size()) {
            for (String w : words) {
                if (tokens.get(pos).equals(w)) { pos++; return true; }
            }
        }
        return false;
    }

    /**
     * How deep parentheses and negations may nest. Parsing and matching recurse once per level, so
     * without a bound a long enough filter ends in a StackOverflowError; no filter a person writes
     * comes near it. Chains of || and && do not nest: they are matched in a loop, however long.
     */
    static final int MAX_NESTING = 200;
    private int nesting;

    private DisplayFilter or() throws FilterSyntaxException {
        DisplayFilter first = and();
        if (!accept("||", "or")) return first;
        List<DisplayFilter> any = new ArrayList<>(List.of(first));
        do any.add(and()); while (accept("||", "or"));
        DisplayFilter[] terms = any.toArray(DisplayFilter[]::new);
        return f -> {
            for (DisplayFilter t : terms) if (t.matches(f)) return true;
            return false;
        };
    }

    private DisplayFilter and() throws FilterSyntaxException {
        DisplayFilter first = not();
        if (!accept("&&", "and")) return first;
        List<DisplayFilter> all = new ArrayList<>(List.of(first));
        do all.add(not()); while (accept("&&", "and"));
        DisplayFilter[] terms = all.toArray(DisplayFilter[]::new);
        return f -> {
            for (DisplayFilter t : terms) if (!t.matches(f)) return false;
            return true;
        };
    }

    private DisplayFilter not() throws FilterSyntaxException {
        if (accept("!", "not")) {
            deeper();
            DisplayFilter inner = not();
            nesting--;
            return f -> !inner.matches(f);
        }
        if (accept("(")) {
            deeper();
            DisplayFilter inner = or();
            if (!accept(")")) throw error("missing ')'");
            nesting--;
            return inner;
        }
        return test();
    }

    private void deeper() throws FilterSyntaxException {
        if (++nesting > MAX_NESTING) throw error("parentheses and negations nest more than " + MAX_NESTING + " deep");
    }

    private DisplayFilter test() throws FilterSyntaxException {
        if (pos >= tokens.size()) throw error("a field name is missing at the end");
        String name = tokens.get(pos++);
        FieldDef def = Fields.byName(name);
        if (def == null) throw error("unknown field '" + name + "' (rocescope fields lists them)");
        referenced.add(def);
        String op = null;
        String[][] ops = {{"==", "eq"}, {"!=", "ne"}, {">=", "ge"}, {"<=", "le"}, {">", "gt"}, {"<", "lt"}};
        for (String[] o : ops) if (accept(o)) { op = o[0]; break; }
        if (op == null) return f -> f.has(def);
        if (pos >= tokens.size()) throw error("a value is missing after " + name + " " + op);
        String value = tokens.get(pos++);
        if (value.startsWith("\"")) value = value.substring(1, value.length() - 1);
        return comparison(def, op, value);
    }

    private DisplayFilter comparison(FieldDef def, String op, String value) throws FilterSyntaxException {
        boolean numeric = def.type() == FieldType.UINT || def.type() == FieldType.BOOLEAN;
        if (numeric) {
            long v;
            try {
                v = value.startsWith("0x") ? Long.parseUnsignedLong(value.substring(2), 16) : Long.parseUnsignedLong(value);
            } catch (NumberFormatException e) {
                throw error(def.abbrev() + " is a number; '" + value + "' is not");
            }
            String o = op;
            return f -> test(f, def, o, x -> Long.compareUnsigned(f.value(x), v));
        }
        if (!op.equals("==") && !op.equals("!=")) throw error(def.abbrev() + " can only be compared with == or !=");
        String o = op;
        return f -> test(f, def, o, x -> FieldText.value(f, x).equalsIgnoreCase(value) ? 0 : 1);
    }

    private interface Compare {
        int at(int index);
    }

    private static boolean test(DecodedFrame f, FieldDef def, String op, Compare cmp) {
        int i = f.find(def);
        if (i < 0) return false;
        if (op.equals("!=")) {
            for (; i >= 0; i = f.findNext(def, i)) if (cmp.at(i) == 0) return false;
            return true;
        }
        for (; i >= 0; i = f.findNext(def, i)) {
            int c = cmp.at(i);
            boolean ok = switch (op) {
                case "==" -> c == 0;
                case ">" -> c > 0;
                case "<" -> c < 0;
                case ">=" -> c >= 0;
                default -> c <= 0;
            };
            if (ok) return true;
        }
        return false;
    }
}
