package io.rocescope.dissector.filter;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.field.FieldDef;
import io.rocescope.dissector.field.Fields;
import io.rocescope.dissector.filter.Lexer.Kind;
import io.rocescope.dissector.filter.Lexer.Token;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.PatternSyntaxException;

/**
 * A recursive-descent parser for Wireshark 4.0's display-filter language, compiling as it goes.
 * <pre>
 * expr     := xor (("||" | "or") xor)*
 * xor      := and (("^^" | "xor") and)*
 * and      := not (("&amp;&amp;" | "and") not)*
 * not      := ("!" | "not") not | "(" expr ")" | test
 * test     := arith [relop arith | "contains" arith | ("matches" | "~") STRING
 *                    | ["not"] "in" "{" member ([","] member)* "}"]
 * relop    := == != === !== ~= &gt; &lt; &gt;= &lt;= | eq ne all_eq any_ne any_eq all_ne gt lt ge le
 * member   := value [".." value]
 * arith    := term (("+" | "-") term)*
 * term     := unary (("*" | "/" | "%" | "&amp;" | "bitwise_and") unary)*
 * unary    := "-" unary | primary
 * primary  := (FIELD | FUNCTION "(" arith ("," arith)* ")" | "{" arith "}") SLICE* | LITERAL
 * </pre>
 * A test that is only a field is true when the frame has it; arithmetic or a function alone is true
 * when a value is not zero. A literal takes its meaning from the other side's type. Mistakes are
 * reported with the column they are at.
 */
final class FilterParser {
    private static final Map<String, Comparison.Op> RELOPS = Map.ofEntries(
        Map.entry("==", Comparison.Op.ANY_EQ), Map.entry("eq", Comparison.Op.ANY_EQ), Map.entry("any_eq", Comparison.Op.ANY_EQ),
        Map.entry("!=", Comparison.Op.ALL_NE), Map.entry("ne", Comparison.Op.ALL_NE), Map.entry("all_ne", Comparison.Op.ALL_NE),
        Map.entry("===", Comparison.Op.ALL_EQ), Map.entry("all_eq", Comparison.Op.ALL_EQ),
        Map.entry("!==", Comparison.Op.ANY_NE), Map.entry("~=", Comparison.Op.ANY_NE), Map.entry("any_ne", Comparison.Op.ANY_NE),
        Map.entry(">", Comparison.Op.GT), Map.entry("gt", Comparison.Op.GT), Map.entry(">=", Comparison.Op.GE), Map.entry("ge", Comparison.Op.GE),
        Map.entry("<", Comparison.Op.LT), Map.entry("lt", Comparison.Op.LT), Map.entry("<=", Comparison.Op.LE), Map.entry("le", Comparison.Op.LE));

    private final String text;
    private final List<Token> tokens;
    private final Set<FieldDef> referenced = new LinkedHashSet<>();
    private int pos;

    FilterParser(String text) throws FilterSyntaxException {
        this.text = text;
        this.tokens = Lexer.tokens(text);
    }

    DisplayFilter parse() throws FilterSyntaxException {
        if (peek().kind() == Kind.END) throw new FilterSyntaxException("filter is empty");
        DisplayFilter f = or();
        if (peek().kind() != Kind.END) throw error(peek(), "unexpected '" + peek().text() + "'");
        return new Compiled(f, List.copyOf(referenced));
    }

    /** The parsed filter and the fields it reads. */
    private record Compiled(DisplayFilter root, List<FieldDef> fields) implements DisplayFilter {
        @Override
        public boolean matches(DecodedFrame f) { return root.matches(f); }
    }

    // ---- tokens ----

    private Token peek() { return tokens.get(pos); }

    private Token peek(int ahead) { return tokens.get(Math.min(pos + ahead, tokens.size() - 1)); }

    private boolean accept(String... words) {
        Token t = peek();
        for (String w : words) {
            if (t.is(w)) { pos++; return true; }
        }
        return false;
    }

    private void expect(String what) throws FilterSyntaxException {
        if (!accept(what)) throw error(peek(), "'" + what + "' expected" + found(peek()));
    }

    private static String found(Token t) {
        return t.kind() == Kind.END ? " at the end" : ", not '" + t.text() + "'";
    }

    private FilterSyntaxException error(Token t, String why) {
        return FilterSyntaxException.at(text, t.pos(), why);
    }

    private FilterSyntaxException error(int at, String why) {
        return FilterSyntaxException.at(text, at, why);
    }

    // ---- logic ----

    private DisplayFilter or() throws FilterSyntaxException {
        List<DisplayFilter> terms = new ArrayList<>(List.of(xor()));
        while (accept("||", "or")) terms.add(xor());
        if (terms.size() == 1) return terms.get(0);
        // matched in a loop, not as nested lambdas: a 100,000-term chain must not overflow the stack
        DisplayFilter[] any = terms.toArray(DisplayFilter[]::new);
        return f -> {
            for (DisplayFilter t : any) if (t.matches(f)) return true;
            return false;
        };
    }

    private DisplayFilter xor() throws FilterSyntaxException {
        DisplayFilter left = and();
        while (accept("^^", "xor")) {
            DisplayFilter a = left, b = and();
            left = f -> a.matches(f) ^ b.matches(f);
        }
        return left;
    }

    private DisplayFilter and() throws FilterSyntaxException {
        List<DisplayFilter> terms = new ArrayList<>(List.of(not()));
        while (accept("&&", "and")) terms.add(not());
        if (terms.size() == 1) return terms.get(0);
        DisplayFilter[] all = terms.toArray(DisplayFilter[]::new);
        return f -> {
            for (DisplayFilter t : all) if (!t.matches(f)) return false;
            return true;
        };
    }

    /** Nesting deeper than this is refused: 10,000 nested parentheses or negations overflowed the parser's stack. */
    static final int MAX_NESTING = 200;
    private int depth;

    private void nest(Token at) throws FilterSyntaxException {
        if (++depth > MAX_NESTING) throw error(at, "parentheses and negations nest more than " + MAX_NESTING + " levels deep");
    }

    private DisplayFilter not() throws FilterSyntaxException {
        if (peek().is("!") || peek().is("not")) {
            nest(peek());
            pos++;
            DisplayFilter inner = not();
            depth--;
            return f -> !inner.matches(f);
        }
        if (peek().is("(")) {
            Token open = peek();
            nest(open);
            pos++;
            DisplayFilter inner = or();
            if (!accept(")")) throw error(peek().kind() == Kind.END ? open : peek(), "missing ')'" + (peek().kind() == Kind.END ? " for this '('" : found(peek())));
            depth--;
            return inner;
        }
        return test();
    }

    // ---- tests ----

    private DisplayFilter test() throws FilterSyntaxException {
        Token start = peek();
        if (start.kind() == Kind.END) throw error(start, "a field name is missing at the end");
        Operand left = arith();
        Token op = peek();
        Comparison.Op rel = op.kind() == Kind.PUNCT || op.kind() == Kind.WORD ? RELOPS.get(op.text()) : null;
        if (rel != null) {
            pos++;
            if (peek().kind() == Kind.END) throw error(peek(), "a value is missing after '" + op.text() + "'");
            Operand right = arith();
            Operand[] both = resolve(left, right, op);
            VType type = VType.common(both[0].type, both[1].type);
            if (type == null) throw error(op, incompatible(both[0], both[1]));
            return Comparison.of(both[0], rel, both[1], type);
        }
        if (accept("contains")) return contains(left, op);
        if (accept("matches", "~")) return matches(left, op);
        if (op.is("in") || (op.is("not") && peek(1).is("in"))) {
            boolean negated = accept("not");
            pos++;
            DisplayFilter in = membership(left, op);
            return negated ? f -> !in.matches(f) : in;
        }
        return existence(left, start);
    }

    private DisplayFilter existence(Operand o, Token start) throws FilterSyntaxException {
        if (o.type == null) throw unknownField(firstToken(o));
        if (o instanceof Operand.Field fo) {
            FieldDef def = fo.field;
            if (io.rocescope.dissector.text.ComputedFields.isComputed(def)) return f -> io.rocescope.dissector.text.ComputedFields.count(def, f) > 0;
            return f -> f.has(def);
        }
        if (o instanceof Slice) {
            return f -> {
                List<Object> v = new ArrayList<>(1);
                o.values(f, v);
                return !v.isEmpty();
            };
        }
        if (o.type != VType.INT && o.type != VType.DOUBLE && o.type != VType.TIME) {
            throw error(start, "this is " + o.type.word() + ", not a test: compare it with something");
        }
        return f -> {
            List<Object> v = new ArrayList<>(2);
            o.values(f, v);
            for (Object x : v) if (!(x instanceof Long l ? l == 0 : ((Double) x) == 0)) return true;
            return false;
        };
    }

    private FilterSyntaxException unknownField(Token t) {
        if (t.kind() == Kind.WORD && Character.isLetter(t.text().charAt(0))) {
            return error(t, "unknown field '" + t.text() + "' (rocescope fields lists them)");
        }
        return error(t, "'" + t.text() + "' is a value, not a field: a test needs a field on one side");
    }

    private static String incompatible(Operand a, Operand b) {
        return name(a) + " (" + a.type.word() + ") and " + name(b) + " (" + b.type.word() + ") are not of compatible types";
    }

    private static String name(Operand o) {
        return o.def() != null ? o.def().abbrev() : o instanceof Slice ? "the slice" : "the expression";
    }

    /** Reads a literal on either side as the other side's type. */
    private Operand[] resolve(Operand left, Operand right, Token op) throws FilterSyntaxException {
        boolean litL = left.type == null, litR = right.type == null;
        if (litL && litR) throw unknownField(firstToken(left));
        if (litL) return new Operand[] {read(left, right), right};
        if (litR) return new Operand[] {left, read(right, left)};
        return new Operand[] {left, right};
    }

    private static Token firstToken(Operand o) {
        return o instanceof Operand.Literal l ? l.token : firstToken(((Operand.Deferred) o).left);
    }

    /** A literal, or arithmetic of literals, read as the type of what it is compared with. */
    private Operand.Constant read(Operand lit, Operand against) throws FilterSyntaxException {
        if (lit instanceof Operand.Literal l) return read(l.token, against.type, against);
        Operand.Deferred d = (Operand.Deferred) lit;
        Operand a = read(d.left, against), b = read(d.right, against);
        Operand result = arithmetic(d.op, a, b);
        List<Object> v = new ArrayList<>(1);
        result.values(null, v);   // constants only: no frame needed
        if (v.size() != 1) throw error(d.op, "the constant expression has no value (a division by zero?)");
        return new Operand.Constant(result.type, v.get(0), d.pos);
    }

    private Operand.Constant read(Token t, VType type, Operand against) throws FilterSyntaxException {
        Object v = Literals.parse(type, against.def(), t);
        if (v == null) {
            String what = against.def() != null ? against.def().abbrev() : name(against);
            if (type == VType.INT) throw error(t, what + " is a number; '" + t.text() + "' is not one (decimal, 0x hex, 0 octal, 0b binary or 'c')");
            throw error(t, what + " is " + type.word() + "; '" + t.text() + "' is not one");
        }
        return new Operand.Constant(type, v, t.pos());
    }

    private DisplayFilter contains(Operand left, Token op) throws FilterSyntaxException {
        if (left.type == null) throw unknownField(firstToken(left));
        if (left.type != VType.STRING && !left.type.bytesLike()) {
            throw error(left.pos, name(left) + " is " + left.type.word() + ": 'contains' needs bytes, a protocol or a string");
        }
        if (peek().kind() == Kind.END) throw error(peek(), "a value is missing after 'contains'");
        Operand right = arith();
        if (right instanceof Operand.Literal l) {
            right = read(l.token, left.type == VType.STRING ? VType.STRING : VType.BYTES, left);
        } else if (right.type == null) {
            throw error(right.pos, "'contains' needs a string or bytes, not arithmetic");
        } else if (VType.common(left.type, right.type) == null) {
            throw error(op, incompatible(left, right));
        }
        return new Contains(left, right);
    }

    private DisplayFilter matches(Operand left, Token op) throws FilterSyntaxException {
        if (left.type == null) throw unknownField(firstToken(left));
        if (left.type != VType.STRING && !left.type.bytesLike()) {
            throw error(left.pos, name(left) + " is " + left.type.word() + ": 'matches' needs bytes, a protocol or a string");
        }
        Token t = peek();
        if (t.kind() != Kind.STRING) throw error(t, "'matches' needs a regular expression in quotes" + found(t));
        pos++;
        try {
            return new Matches(left, Matches.compile(t.text()));
        } catch (PatternSyntaxException e) {
            throw error(t, "bad regular expression: " + e.getDescription());
        }
    }

    private DisplayFilter membership(Operand left, Token op) throws FilterSyntaxException {
        if (left.type == null) throw unknownField(firstToken(left));
        Token open = peek();
        expect("{");
        List<Object[]> members = new ArrayList<>();
        while (!peek().is("}")) {
            if (peek().kind() == Kind.END) throw error(open, "the set is missing its '}'");
            Object low = member(left);
            if (accept("..")) {
                Object high = member(left);
                members.add(new Object[] {low, high});
            } else {
                members.add(new Object[] {low});
            }
            accept(",");   // members may also be separated by spaces; a missing '}' is found at the loop's head
        }
        pos++;
        if (members.isEmpty()) throw error(open, "the set is empty");
        return new Membership(left, left.type, members);
    }

    private Object member(Operand left) throws FilterSyntaxException {
        Token t = peek();
        boolean negative = false;
        if (t.is("-")) { negative = true; pos++; t = peek(); }
        if (t.kind() != Kind.WORD && t.kind() != Kind.STRING && t.kind() != Kind.CHAR) throw error(t, "a value expected in the set" + found(t));
        pos++;
        Object v = read(t, left.type, left).value;
        if (negative) {
            if (v instanceof Long l) return -l;
            if (v instanceof Double d) return -d;
            throw error(t, "'-' before a value that is not a number");
        }
        return v;
    }

    // ---- values ----

    private Operand arith() throws FilterSyntaxException {
        Operand left = term();
        while (peek().is("+") || peek().is("-")) {
            Token op = tokens.get(pos++);
            left = arithmetic(op, left, term());
        }
        return left;
    }

    private Operand term() throws FilterSyntaxException {
        Operand left = unary();
        while (peek().is("*") || peek().is("/") || peek().is("%") || peek().is("&") || peek().is("bitwise_and")) {
            Token op = tokens.get(pos++);
            left = arithmetic(op, left, unary());
        }
        return left;
    }

    private Operand arithmetic(Token op, Operand left, Operand right) throws FilterSyntaxException {
        if (left.type == null && right.type == null) return new Operand.Deferred(op, left, right);
        char c = op.text().equals("bitwise_and") ? '&' : op.text().charAt(0);
        Operand[] both = resolve(left, right, op);
        VType type = VType.common(both[0].type, both[1].type);
        if (type == null) throw error(op, incompatible(both[0], both[1]));
        boolean ok = type == VType.INT || (type == VType.DOUBLE && c != '&' && c != '%')
            || ((type == VType.TIME) && (c == '+' || c == '-'));
        if (!ok) throw error(op, "'" + op.text() + "' does not apply to " + type.word());
        return new Arithmetic(c, both[0], both[1], type, both[0].pos);
    }

    private Operand unary() throws FilterSyntaxException {
        if (peek().is("-")) {
            nest(peek());
            Token minus = tokens.get(pos++);
            Operand inner = unary();
            depth--;
            if (inner instanceof Operand.Literal l && l.token.kind() == Kind.WORD) {
                return new Operand.Literal(new Token(Kind.WORD, "-" + l.token.text(), minus.pos()));
            }
            if (inner.type == null) throw error(minus, "'-' before a constant expression: put it in the constant");
            if (inner.type != VType.INT && inner.type != VType.DOUBLE) throw error(minus, "'-' needs a number");
            return new Arithmetic('-', null, inner, inner.type, minus.pos());
        }
        return primary();
    }

    private Operand primary() throws FilterSyntaxException {
        Token t = peek();
        Operand o;
        if (t.is("{")) {
            nest(t);
            pos++;
            o = arith();
            expect("}");
            depth--;
        } else if (t.kind() == Kind.WORD && peek(1).is("(") && Function.NAMES.contains(t.text())) {
            nest(t);
            pos += 2;
            List<Operand> args = new ArrayList<>();
            if (!peek().is(")")) {
                args.add(arith());
                while (accept(",")) args.add(arith());
            }
            expect(")");
            depth--;
            o = Function.of(t.text(), args, t.pos(), text);
        } else if (t.kind() == Kind.WORD) {
            pos++;
            FieldDef def = Fields.byName(t.text());
            if (def == null) return new Operand.Literal(t);
            referenced.add(def);
            o = new Operand.Field(def, t.pos());
        } else if (t.kind() == Kind.STRING || t.kind() == Kind.CHAR) {
            pos++;
            return new Operand.Literal(t);
        } else {
            throw error(t, t.kind() == Kind.END ? "a field or value is missing at the end" : "a field or value expected, not '" + t.text() + "'");
        }
        while (peek().kind() == Kind.SLICE) o = Slice.of(o, tokens.get(pos++), text);
        return o;
    }
}
