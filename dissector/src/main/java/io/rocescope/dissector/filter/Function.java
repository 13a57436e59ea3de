package io.rocescope.dissector.filter;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.text.FieldText;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The display-filter functions of Wireshark 4.0: {@code len(x)} (bytes of each value), {@code count(f)}
 * (occurrences of a field), {@code lower(s)}, {@code upper(s)}, {@code string(f)} (a field's value as
 * text), {@code max(...)}, {@code min(...)} and {@code abs(x)}.
 */
final class Function extends Operand {
    static final List<String> NAMES = List.of("len", "count", "lower", "upper", "string", "max", "min", "abs");

    private final String name;
    private final List<Operand> args;

    private Function(String name, List<Operand> args, VType type, int pos) {
        super(type, pos);
        this.name = name;
        this.args = args;
    }

    /** Checks the arguments as Wireshark does and gives the function's result type. */
    static Function of(String name, List<Operand> args, int pos, String filter) throws FilterSyntaxException {
        int n = args.size();
        boolean many = name.equals("max") || name.equals("min");
        if (many ? n < 1 : n != 1) {
            throw FilterSyntaxException.at(filter, pos, name + "() takes " + (many ? "one or more arguments" : "one argument") + ", not " + n);
        }
        for (Operand a : args) {
            if (a.type == null) throw FilterSyntaxException.at(filter, a.pos, name + "() needs a field, not a constant");
        }
        VType t = args.get(0).type;
        VType result = switch (name) {
            case "len", "count" -> VType.INT;
            case "string" -> VType.STRING;
            case "lower", "upper" -> {
                if (t != VType.STRING) throw FilterSyntaxException.at(filter, args.get(0).pos, name + "() needs a string, not " + t.word());
                yield VType.STRING;
            }
            case "abs" -> {
                if (t != VType.INT && t != VType.DOUBLE && t != VType.TIME) throw FilterSyntaxException.at(filter, args.get(0).pos, "abs() needs a number, not " + t.word());
                yield t;
            }
            default -> {
                for (Operand a : args) {
                    if (a.type != t) throw FilterSyntaxException.at(filter, a.pos, name + "() needs arguments of one type");
                }
                yield t;
            }
        };
        if (name.equals("len") && (t == VType.INT || t == VType.DOUBLE || t == VType.TIME || t == VType.ABSTIME)) {
            throw FilterSyntaxException.at(filter, args.get(0).pos, "len() needs bytes, a string or an address, not " + t.word());
        }
        if ((name.equals("count") || name.equals("string")) && !(args.get(0) instanceof Operand.Field)) {
            throw FilterSyntaxException.at(filter, args.get(0).pos, name + "() needs a field");
        }
        return new Function(name, List.copyOf(args), result, pos);
    }

    @Override
    void values(DecodedFrame f, List<Object> out) {
        List<Object> in = new ArrayList<>(2);
        switch (name) {
            case "count" -> {
                args.get(0).values(f, in);
                out.add((long) in.size());
            }
            case "string" -> {
                var def = ((Operand.Field) args.get(0)).field;
                for (int i = f.find(def); i >= 0; i = f.findNext(def, i)) out.add(FieldText.value(f, i));
            }
            case "len" -> {
                args.get(0).values(f, in);
                for (Object v : in) out.add((long) bytesOf(v).length);
            }
            case "lower", "upper" -> {
                args.get(0).values(f, in);
                for (Object v : in) out.add(name.equals("lower") ? ((String) v).toLowerCase(Locale.ROOT) : ((String) v).toUpperCase(Locale.ROOT));
            }
            case "abs" -> {
                args.get(0).values(f, in);
                for (Object v : in) out.add(v instanceof Double d ? (Object) Math.abs(d) : (Object) Math.abs((Long) v));
            }
            default -> {
                for (Operand a : args) a.values(f, in);
                Object best = null;
                for (Object v : in) {
                    int c = best == null ? 0 : Values.compare(type, v, best);
                    if (best == null || (name.equals("max") ? c > 0 : c < 0)) best = v;
                }
                if (best != null) out.add(best);
            }
        }
    }
}
