import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Build step (run by Maven before compiling, with the Java source launcher): turns what the decoder needs of
 * each .ksy named on the command line into a Java class, so that it is written once, in ksy/:
 * <ul>
 * <li>its {@code enums:}: {@code ksy/ib_mad.ksy}'s enum {@code rej_reason} becomes the table {@code REJ_REASON}
 *     in {@code IbMadKsy} (a {@code ValueNames}: each value's {@code doc}, or its {@code id} without one) and the
 *     constants {@code REJ_REASON_INVALID_SERVICE_ID = 8} and so on;</li>
 * <li>for a top-level {@code seq} entry marked {@code -rocescope-table: NAME} and {@code -rocescope-bits: P}, whose
 *     type is a switch, the types each case reads as bits in wire order: {@code NAME[case]} (0 for values without
 *     a case), a constant {@code P_<TYPE>} a type, and each type's {@code -abbrev} and size by bit;</li>
 * <li>for a type marked {@code -opcodes:}, an extended header described whole ({@code <Type>HeaderKsy}, an
 *     {@code ExtendedHeader}) and its line in {@code META-INF/services} under the directory the system property
 *     {@code ksy.services} names: the registry, the decoder and the encoder take it from there.</li>
 * </ul>
 * <p>
 * Usage: {@code java [-Dksy.services=DIR] -cp snakeyaml.jar KsyTables.java OUT_DIR PACKAGE FILE.ksy...}
 */
public final class KsyTables {
    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        String pkg = args[1];
        Path dir = out.resolve(pkg.replace('.', '/'));
        Files.createDirectories(dir);
        List<String> described = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            Path ksy = Path.of(args[i]);
            Map<String, Object> spec;
            try (Reader r = Files.newBufferedReader(ksy, StandardCharsets.UTF_8)) {
                spec = new Yaml(new SafeConstructor(new LoaderOptions())).load(r);
            }
            String id = (String) ((Map<?, ?>) spec.get("meta")).get("id");
            String cls = camel(id) + "Ksy";
            Files.writeString(dir.resolve(cls + ".java"), source(pkg, cls, ksy.getFileName().toString(), spec),
                StandardCharsets.UTF_8);
            String fieldsCls = camel(id) + "FieldsKsy";
            Files.writeString(dir.resolve(fieldsCls + ".java"), fields(pkg, fieldsCls, cls, ksy.getFileName().toString(), spec),
                StandardCharsets.UTF_8);
            described.addAll(describedHeaders(dir, pkg, fieldsCls, ksy.getFileName().toString(), spec));
        }
        describedServices(described);
    }

    /**
     * An enum entry: its code, id, label (its doc), the number it stands for ({@code -value:}; null without), its
     * short name ({@code -abbrev:}, as IBTA abbreviates a CM message: REQ, REP …; null without) and the classes its
     * other {@code -} keys put it in ({@code -packet: first} → "PACKET_FIRST", {@code -fatal: true} → "FATAL").
     */
    private record Value(long code, String id, String label, Long number, String abbrev, List<String> classes) {}

    private static String source(String pkg, String cls, String file, Map<?, ?> spec) {
        Map<?, ?> enums = spec.get("enums") instanceof Map<?, ?> m ? m : Map.of();
        StringBuilder sb = new StringBuilder();
        sb.append("// Generated from ksy/").append(file).append(" by dissector/src/build/KsyTables.java: edit the .ksy, not this.\n");
        sb.append("package ").append(pkg).append(";\n\n");
        sb.append("import io.rocescope.dissector.field.ValueNames;\n\n");
        sb.append("/** The value names and codes of ksy/").append(file).append("'s enums. */\n");
        sb.append("public final class ").append(cls).append(" {\n    private ").append(cls).append("() {}\n");
        for (Map.Entry<?, ?> e : enums.entrySet()) {
            String name = e.getKey().toString();
            String constant = name.toUpperCase(Locale.ROOT);
            List<Value> values = values(file, name, (Map<?, ?>) e.getValue());
            sb.append("\n    // ---- ").append(name).append(" ----\n");
            for (Value v : values) {
                sb.append("    public static final int ").append(constant).append('_').append(v.id.toUpperCase(Locale.ROOT))
                    .append(" = ").append(v.code).append(";\n");
            }
            sb.append("    /** The names of ").append(name).append(" values; null for a value it does not name. */\n");
            sb.append("    public static final ValueNames ").append(constant).append(" = v -> {\n");
            sb.append("        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) return null;\n");
            sb.append("        switch ((int) v) {\n");
            for (Value v : values) sb.append("            case ").append(v.code).append(": return ").append(literal(v.label)).append(";\n");
            sb.append("            default: return null;\n        }\n    };\n");
            numbers(sb, file, name, constant, values);
            abbrevs(sb, name, constant, values);
            classes(sb, name, constant, values);
        }
        // offsets, sizes and masks are not here: KsyLayouts writes them, for every .ksy, into <Id>Layout
        Map<?, ?> types = spec.get("types") instanceof Map<?, ?> m ? m : Map.of();
        if (spec.get("seq") instanceof List<?> seq) {
            for (Object o : seq) {
                Map<?, ?> attr = (Map<?, ?>) o;
                if (attr.get("-rocescope-table") == null) continue;
                table(sb, file, camel((String) ((Map<?, ?>) spec.get("meta")).get("id")) + "Layout", attr, types);
            }
        }
        return sb.append("}\n").toString();
    }

    /**
     * The types each case of a switch reads, by case value, as bits: each type the cases read gets one bit, lowest
     * first in wire order (an order in which every case reads its types, found from the cases themselves; the build
     * fails if there is none), so that a decoder walking a case's bits lowest first reads its types in wire order.
     * Written as {@code NAME[case]} (0: no case) and, with prefix P the seq entry's {@code -rocescope-bits}, the
     * constants {@code P_<TYPE>}, {@code P_COUNT}, and by bit index {@code P_NAMES} (each type's {@code -abbrev})
     * and {@code P_SIZES} (each type's {@code FIXED_SIZE_} in {@code <Id>Layout}, which KsyLayouts writes).
     * A case type without a seq of types is read itself.
     */
    private static void table(StringBuilder sb, String file, String layoutCls, Map<?, ?> attr, Map<?, ?> types) {
        String name = attr.get("-rocescope-table").toString().toUpperCase(Locale.ROOT);
        String prefix = attr.get("-rocescope-bits").toString().toUpperCase(Locale.ROOT);
        Map<?, ?> type = (Map<?, ?>) attr.get("type");
        Map<?, ?> cases = (Map<?, ?>) type.get("cases");
        Map<Long, List<String>> rows = new TreeMap<>();
        for (Map.Entry<?, ?> c : cases.entrySet()) {
            long code = c.getKey() instanceof Number n ? n.longValue() : Long.decode(c.getKey().toString());
            String caseType = c.getValue().toString();
            Map<?, ?> def = (Map<?, ?>) types.get(caseType);
            if (def == null) throw new IllegalArgumentException(file + ": case type " + caseType + " is not defined");
            List<String> read = new ArrayList<>();
            boolean allTypes = def.get("seq") instanceof List<?> l && !l.isEmpty()
                && l.stream().allMatch(x -> ((Map<?, ?>) x).get("type") instanceof String t && types.containsKey(t));
            if (allTypes) {
                for (Object x : (List<?>) def.get("seq")) read.add(((Map<?, ?>) x).get("type").toString());
            } else {
                read.add(caseType);
            }
            rows.put(code, read);
        }
        List<String> order = wireOrder(file, rows.values());
        if (order.size() > 31) throw new IllegalArgumentException(file + ": more than 31 types for " + name + "'s bits");
        sb.append("\n    // ---- the types read by the cases of seq ").append(attr.get("id")).append(" (switch-on ")
            .append(type.get("switch-on")).append("), one bit each, lowest first in wire order ----\n");
        for (int i = 0; i < order.size(); i++) {
            sb.append("    public static final int ").append(prefix).append('_').append(order.get(i).toUpperCase(Locale.ROOT))
                .append(" = 1 << ").append(i).append(";\n");
        }
        sb.append("    public static final int ").append(prefix).append("_COUNT = ").append(order.size()).append(";\n");
        sb.append("    /** Each type's {@code -abbrev}, by bit index. */\n");
        sb.append("    public static final java.util.List<String> ").append(prefix).append("_NAMES = java.util.List.of(");
        for (int i = 0; i < order.size(); i++) {
            Object abbrev = ((Map<?, ?>) types.get(order.get(i))).get("-abbrev");
            if (abbrev == null) throw new IllegalArgumentException(file + ": type " + order.get(i) + " has no -abbrev");
            sb.append(i > 0 ? ", " : "").append(literal(abbrev.toString()));
        }
        sb.append(");\n");
        sb.append("    /** Each type's size in bytes, by bit index. */\n");
        sb.append("    public static final java.util.List<Integer> ").append(prefix).append("_SIZES = java.util.List.of(");
        for (int i = 0; i < order.size(); i++) {
            sb.append(i > 0 ? ", " : "").append(layoutCls).append(".FIXED_SIZE_").append(order.get(i).toUpperCase(Locale.ROOT));
        }
        sb.append(");\n");
        long max = rows.isEmpty() ? -1 : ((TreeMap<Long, List<String>>) rows).lastKey();
        sb.append("    /** The bits of the types each case reads, by case value; 0: no case. */\n");
        sb.append("    public static final int[] ").append(name).append(" = new int[").append(max + 1).append("];\n");
        sb.append("    static {\n");
        for (Map.Entry<Long, List<String>> r : rows.entrySet()) {
            sb.append("        ").append(name).append('[').append(r.getKey()).append("] = ");
            for (int i = 0; i < r.getValue().size(); i++) {
                sb.append(i > 0 ? " | " : "").append(prefix).append('_').append(r.getValue().get(i).toUpperCase(Locale.ROOT));
            }
            sb.append(";\n");
        }
        sb.append("    }\n");
    }

    /**
     * An order of the types in which each sequence reads its types (a topological order of "read right before");
     * among the types free to come next, the first to appear in the sequences, so that the order is the same on
     * every build.
     */
    private static List<String> wireOrder(String file, Collection<List<String>> sequences) {
        Map<String, Set<String>> after = new LinkedHashMap<>();
        Map<String, Integer> before = new HashMap<>();
        for (List<String> s : sequences) {
            for (String t : s) {
                after.computeIfAbsent(t, k -> new LinkedHashSet<>());
                before.putIfAbsent(t, 0);
            }
            for (int i = 1; i < s.size(); i++) {
                if (after.get(s.get(i - 1)).add(s.get(i))) before.merge(s.get(i), 1, Integer::sum);
            }
        }
        List<String> order = new ArrayList<>();
        while (order.size() < after.size()) {
            String next = null;
            for (String t : after.keySet()) {
                if (before.get(t) == 0 && !order.contains(t)) { next = t; break; }
            }
            if (next == null) throw new IllegalArgumentException(file + ": the cases read their types in no one order");
            order.add(next);
            for (String t : after.get(next)) before.merge(t, -1, Integer::sum);
        }
        return order;
    }

    /**
     * The registry entries of a .ksy's types that carry {@code -wireshark:} (the protocol node's filter name) and
     * {@code -fields:} (the fields in registry order, each {@code {wireshark, label, base: dec|hex|bytes|ipv4|ipv6|ether|bool|string|double,
     * digits, names}}; {@code names} is an enum of the same .ksy, a table of InfinibandNames in capitals, or another
     * table of the field package as {@code Class.NAME}), as
     * {@code FieldSpec}s in the class {@code <Id>FieldsKsy}, and {@code ALL}, every one in wire order.
     */
    private static String fields(String pkg, String cls, String enumsCls, String file, Map<?, ?> spec) {
        Map<?, ?> types = spec.get("types") instanceof Map<?, ?> m ? m : Map.of();
        Map<?, ?> enums = spec.get("enums") instanceof Map<?, ?> m ? m : Map.of();
        StringBuilder sb = new StringBuilder();
        sb.append("// Generated from ksy/").append(file).append(" by dissector/src/build/KsyTables.java: edit the .ksy, not this.\n");
        sb.append("package ").append(pkg).append(";\n\n");
        sb.append("import io.rocescope.dissector.field.FieldSpec;\n");
        sb.append("import io.rocescope.dissector.field.HeaderField;\n\n");
        sb.append("import java.util.List;\n\n");
        sb.append("/** The registry entries (Wireshark names, labels, bases, value names) of ksy/").append(file).append("'s headers. */\n");
        sb.append("public final class ").append(cls).append(" {\n    private ").append(cls).append("() {}\n\n");
        List<String> all = new ArrayList<>();
        for (Map.Entry<?, ?> t : registryTypes(spec, types).entrySet()) {
            Map<?, ?> type = (Map<?, ?>) t.getValue();
            String typeId = t.getKey().toString().toUpperCase(Locale.ROOT);
            if (type.get("-wireshark") != null) {
                all.add(typeId);
                // a type with -base is one field (ImmDt, IETH); without, the protocol node its -fields sit in
                Map<String, Object> node = new HashMap<>();
                node.put("wireshark", type.get("-wireshark"));
                node.put("label", type.get("-label"));
                node.put("base", type.get("-base") == null ? "protocol" : type.get("-base"));
                node.put("digits", type.get("-digits"));
                node.put("names", type.get("-names"));
                node.put("ws-base", type.get("-ws-base"));
                spec(sb, file, typeId, node, enums, enumsCls);
            }
            if (!(type.get("-fields") instanceof List<?> list)) continue;
            for (Object o : list) {
                Map<?, ?> fd = (Map<?, ?>) o;
                String id = typeId + "_" + fd.get("id").toString().toUpperCase(Locale.ROOT);
                all.add(id);
                spec(sb, file, id, fd, enums, enumsCls);
            }
        }
        sb.append("\n    /** Every entry, in registry order. */\n    public static final List<FieldSpec> ALL = List.of(");
        for (int i = 0; i < all.size(); i++) sb.append(i > 0 ? ", " : "").append(i % 6 == 0 ? "\n        " : "").append(all.get(i));
        sb.append(");\n");
        String layoutCls = cls.substring(0, cls.length() - "FieldsKsy".length()) + "Layout";
        for (Map.Entry<?, ?> t : types.entrySet()) {
            Map<?, ?> type = (Map<?, ?>) t.getValue();
            if (!"layout".equals(type.get("-tree")) || !(type.get("-fields") instanceof List<?> list)) continue;
            String typeId = t.getKey().toString().toUpperCase(Locale.ROOT);
            sb.append("\n    /** ").append(t.getKey()).append("'s fields where its layout puts them: its tree is these, in this order. */\n");
            sb.append("    public static final List<HeaderField> ").append(typeId).append("_LAYOUT = List.of(");
            int n = 0;
            for (Object o : list) {
                Map<?, ?> fd = (Map<?, ?>) o;
                String at = typeId + "_" + (fd.get("seq") != null ? fd.get("seq") : fd.get("id")).toString().toUpperCase(Locale.ROOT);
                sb.append(n++ > 0 ? "," : "").append("\n        new HeaderField(").append(typeId).append('_')
                    .append(fd.get("id").toString().toUpperCase(Locale.ROOT));
                for (String c : new String[] {"OFF_", "LEN_", "SHIFT_", "MASK_"}) sb.append(", ").append(layoutCls).append('.').append(c).append(at);
                sb.append(')');
            }
            sb.append(");\n");
        }
        return sb.append("}\n").toString();
    }

    /**
     * The types whose registry entries a .ksy gives, in its order: the top-level seq first, under the .ksy's id, when
     * the file itself carries {@code -wireshark} or {@code -fields} (the MAD header of ksy/ib_mad.ksy), then every
     * type with either. A type with {@code -fields} but no {@code -wireshark} adds fields to a node named elsewhere
     * (each CM message's, under the CM node).
     */
    private static Map<Object, Object> registryTypes(Map<?, ?> spec, Map<?, ?> types) {
        Map<Object, Object> out = new LinkedHashMap<>();
        if (spec.get("-wireshark") != null || spec.get("-fields") != null) out.put(((Map<?, ?>) spec.get("meta")).get("id"), spec);
        for (Map.Entry<?, ?> t : types.entrySet()) {
            Map<?, ?> type = (Map<?, ?>) t.getValue();
            if (type.get("-wireshark") != null || type.get("-fields") != null) out.put(t.getKey(), type);
        }
        return out;
    }

    private static void spec(StringBuilder sb, String file, String id, Map<?, ?> fd, Map<?, ?> enums, String enumsCls) {
        String base = fd.get("base") == null ? "dec" : fd.get("base").toString();
        String kind = switch (base) {
            case "dec" -> "DEC"; case "hex" -> "HEX"; case "bytes" -> "BYTES"; case "protocol" -> "PROTOCOL";
            case "ipv4" -> "IPV4"; case "ipv6" -> "IPV6"; case "bool" -> "BOOL"; case "ether" -> "ETHER";
            case "string" -> "STRING"; case "double" -> "DOUBLE";
            default -> throw new IllegalArgumentException(file + ": " + id + ": base " + base);
        };
        String names = "null";
        if (fd.get("names") instanceof String n) {
            // an enum of this .ksy; another .ksy's, as Kaitai names it (ether_payload::ether_type; its class is
            // generated into the same package); a table of the field package named by class (CmNames.IBA_TIME, for
            // a formatted value no enum can hold); or one of InfinibandNames
            int sep = n.indexOf("::");
            names = enums.containsKey(n) ? enumsCls + "." + n.toUpperCase(Locale.ROOT)
                : sep > 0 ? camel(n.substring(0, sep)) + "Ksy." + n.substring(sep + 2).toUpperCase(Locale.ROOT)
                : n.contains(".") ? "io.rocescope.dissector.field." + n : "io.rocescope.dissector.field.InfinibandNames." + n;
        }
        if (fd.get("wireshark") == null || fd.get("label") == null) throw new IllegalArgumentException(file + ": " + id + " needs wireshark and label");
        // ws-base: how Wireshark's hf shows the value where RoCEscope's text differs (tshark's -T json prints it so)
        String wsKind = "null";
        Object wsDigits = fd.get("ws-digits") == null ? 0 : fd.get("ws-digits");
        if (fd.get("ws-base") != null) {
            wsKind = switch (fd.get("ws-base").toString()) {
                case "dec" -> "FieldSpec.Kind.DEC"; case "hex" -> "FieldSpec.Kind.HEX"; case "bytes" -> "FieldSpec.Kind.BYTES";
                default -> throw new IllegalArgumentException(file + ": " + id + ": ws-base " + fd.get("ws-base"));
            };
            if (wsKind.endsWith("HEX") != (fd.get("ws-digits") != null)) {
                throw new IllegalArgumentException(file + ": " + id + ": ws-digits goes with ws-base: hex, and only with it");
            }
        }
        sb.append("    public static final FieldSpec ").append(id).append(" = new FieldSpec(")
            .append(literal(fd.get("wireshark").toString())).append(", ").append(literal(fd.get("label").toString()))
            .append(", FieldSpec.Kind.").append(kind).append(", ").append(fd.get("digits") == null ? 0 : fd.get("digits"))
            .append(", ").append(names).append(", ").append(wsKind).append(", ").append(wsDigits).append(");\n");
    }

    /** Whether a type is of fixed size (for a described header's check; its size is KsyLayouts' FIXED_SIZE_): the size in bytes of a type made only of fixed-size integers, bit fields and sized blobs; -1 otherwise. */
    private static int size(Map<?, ?> type) {
        if (!(type.get("seq") instanceof List<?> seq) || seq.isEmpty()) return -1;
        long bits = 0;
        for (Object o : seq) {
            Map<?, ?> attr = (Map<?, ?>) o;
            if (attr.containsKey("repeat") || attr.containsKey("if")) return -1;
            Object t = attr.get("type"), size = attr.get("size");
            if (t == null && size instanceof Integer n) bits += 8L * n;
            else if (t instanceof String s && s.matches("[us][1248](be|le)?")) bits += 8L * (s.charAt(1) - '0');
            else if (t instanceof String s && s.matches("b[0-9]+")) bits += Integer.parseInt(s.substring(1));
            else return -1;
        }
        return bits % 8 == 0 ? (int) (bits / 8) : -1;
    }

    private static List<Value> values(String file, String name, Map<?, ?> spec) {
        Map<Long, Value> byCode = new TreeMap<>();
        for (Map.Entry<?, ?> e : spec.entrySet()) {
            long code = e.getKey() instanceof Number n ? n.longValue() : Long.decode(e.getKey().toString());
            String id, label, abbrev = null;
            Long number = null;
            List<String> classes = new ArrayList<>();
            if (e.getValue() instanceof Map<?, ?> m) {
                if (m.get("-abbrev") != null) abbrev = m.get("-abbrev").toString();
                for (Map.Entry<?, ?> k : m.entrySet()) {
                    String key = k.getKey().toString();
                    if (!key.startsWith("-") || key.equals("-abbrev") || key.equals("-value")) continue;
                    if (!key.matches("-[a-z][a-z0-9_]*")) throw new IllegalArgumentException(file + ": enum " + name + ": bad key " + key);
                    String cls = key.substring(1);
                    if (k.getValue() instanceof String w && w.matches("[a-z][a-z0-9_]*")) cls += "_" + w;
                    else if (!Boolean.TRUE.equals(k.getValue())) {
                        throw new IllegalArgumentException(file + ": enum " + name + ": " + key + " of " + m.get("id") + " is neither true nor a word");
                    }
                    classes.add(cls.toUpperCase(Locale.ROOT));
                }
                id = m.get("id").toString();
                label = m.get("doc") != null ? m.get("doc").toString().strip() : id;
                if (m.get("-value") instanceof Number n) number = n.longValue();
                else if (m.get("-value") != null) throw new IllegalArgumentException(file + ": enum " + name + ": -value of " + id + " is no number");
            } else {
                id = label = e.getValue().toString();
            }
            if (!id.matches("[a-z][a-z0-9_]*")) throw new IllegalArgumentException(file + ": enum " + name + ": bad id " + id);
            if (byCode.put(code, new Value(code, id, label, number, abbrev, classes)) != null) {
                throw new IllegalArgumentException(file + ": enum " + name + ": two values for " + code);
            }
        }
        return new ArrayList<>(byCode.values());
    }

    /**
     * An enum whose entries carry {@code -value:} (the number a code stands for: the credits an AETH credit code
     * grants, an RNR timer code's microseconds) gets {@code <ENUM>_VALUES}, indexed by code from 0, -1 where an
     * entry has none (code 31 of the credits: unlimited).
     */
    private static void numbers(StringBuilder sb, String file, String name, String constant, List<Value> values) {
        if (values.stream().noneMatch(v -> v.number != null)) return;
        long last = values.get(values.size() - 1).code;
        if (values.get(0).code < 0 || last > 4096) throw new IllegalArgumentException(file + ": enum " + name + ": -value needs codes 0-4096");
        long[] byCode = new long[(int) last + 1];
        java.util.Arrays.fill(byCode, -1);
        for (Value v : values) {
            if (v.number == null) continue;
            if (v.number < 0 || v.number > Integer.MAX_VALUE) throw new IllegalArgumentException(file + ": enum " + name + ": -value " + v.number);
            byCode[(int) v.code] = v.number;
        }
        sb.append("    /** The number each code of ").append(name).append(" stands for (its -value), by code; -1 for none. */\n");
        sb.append("    public static int[] ").append(constant).append("_VALUES() { return ").append(constant).append("_VALUES.clone(); }\n");
        sb.append("    private static final int[] ").append(constant).append("_VALUES = {");
        for (int i = 0; i < byCode.length; i++) sb.append(i == 0 ? "" : ", ").append(byCode[i]);
        sb.append("};\n");
    }

    /** An enum whose entries carry {@code -abbrev:} gets {@code <ENUM>_ABBREVS}: each code's short name. */
    private static void abbrevs(StringBuilder sb, String name, String constant, List<Value> values) {
        if (values.stream().noneMatch(v -> v.abbrev != null)) return;
        sb.append("    /** The short names of ").append(name).append(" values (their -abbrev); null for a value without one. */\n");
        sb.append("    public static final ValueNames ").append(constant).append("_ABBREVS = v -> {\n");
        sb.append("        if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) return null;\n");
        sb.append("        switch ((int) v) {\n");
        for (Value v : values) {
            if (v.abbrev != null) sb.append("            case ").append(v.code).append(": return ").append(literal(v.abbrev)).append(";\n");
        }
        sb.append("            default: return null;\n        }\n    };\n");
    }

    /**
     * An enum whose entries carry other {@code -} keys (facts about a value, which Kaitai ignores: an opcode's
     * {@code -packet: first}, a NAK code's {@code -fatal: true}) gets a set of codes per class,
     * {@code <ENUM>_PACKET_FIRST}, {@code <ENUM>_FATAL}: the entries with that key and word, or with that key true.
     */
    private static void classes(StringBuilder sb, String name, String constant, List<Value> values) {
        Map<String, List<Long>> byClass = new TreeMap<>();
        for (Value v : values) for (String c : v.classes) byClass.computeIfAbsent(c, k -> new ArrayList<>()).add(v.code);
        for (Map.Entry<String, List<Long>> c : byClass.entrySet()) {
            sb.append("    /** The ").append(name).append(" values of class ").append(c.getKey())
                .append(" (their .ksy entry's -key: word, or -key: true), in code order. */\n");
            sb.append("    public static final java.util.Set<Integer> ").append(constant).append('_').append(c.getKey())
                .append(" = java.util.Collections.unmodifiableSet(new java.util.LinkedHashSet<>(java.util.List.of(");
            for (int i = 0; i < c.getValue().size(); i++) sb.append(i == 0 ? "" : ", ").append(c.getValue().get(i));
            sb.append(")));\n");
        }
    }

    private static String camel(String snake) {
        StringBuilder sb = new StringBuilder();
        for (String part : snake.split("_")) sb.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
        return sb.toString();
    }

    private static String literal(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') sb.append('\\');
            sb.append(c);
        }
        return sb.append('"').toString();
    }

    // ---- described extended headers: found through ServiceLoader, decoded and encoded from their layout ----

    private static final String DESCRIBED = "io.rocescope.dissector.field.ExtendedHeader";

    /**
     * For each type carrying {@code -opcodes:} (the opcodes that put it right after the BTH, outside
     * ksy/ib_transport.ksy's switch), a class {@code <Type>HeaderKsy} implementing {@code ExtendedHeader}: its
     * {@code -fields} (each the seq attribute of the same id, or the one its {@code seq:} key names) with their
     * layout, its size, and its Info text from the class its {@code -info:} key names (an {@code ExtendedHeader.Info}
     * of the same package), the only Java such a header needs. Returns the classes' full names.
     */
    private static List<String> describedHeaders(Path dir, String pkg, String fieldsCls, String file, Map<?, ?> spec)
            throws IOException {
        Map<?, ?> types = spec.get("types") instanceof Map<?, ?> m ? m : Map.of();
        List<String> made = new ArrayList<>();
        for (Map.Entry<?, ?> t : types.entrySet()) {
            Map<?, ?> type = (Map<?, ?>) t.getValue();
            if (type.get("-opcodes") == null) continue;
            String typeName = t.getKey().toString();
            String where = file + ": " + typeName;
            if (type.get("-wireshark") == null || !(type.get("-fields") instanceof List<?> list)) {
                throw new IllegalArgumentException(where + ": a described header needs -wireshark and -fields");
            }
            if (size(type) < 0) throw new IllegalArgumentException(where + ": a described header is of fixed size");
            Set<String> seqIds = new HashSet<>();
            for (Object o : (List<?>) type.get("seq")) seqIds.add(((Map<?, ?>) o).get("id").toString());
            // where each field sits is KsyLayouts' (the one routine that computes layouts), referenced, not recomputed
            String layoutCls = fieldsCls.substring(0, fieldsCls.length() - "FieldsKsy".length()) + "Layout";
            String typeId = typeName.toUpperCase(Locale.ROOT);
            String cls = camel(typeName) + "HeaderKsy";
            StringBuilder sb = new StringBuilder();
            sb.append("// Generated from ").append(file).append(" by dissector/src/build/KsyTables.java: edit the .ksy, not this.\n");
            sb.append("package ").append(pkg).append(";\n\n");
            sb.append("import io.rocescope.dissector.field.ExtendedHeader;\n");
            sb.append("import io.rocescope.dissector.field.FieldSpec;\n");
            sb.append("import io.rocescope.dissector.field.HeaderField;\n\n");
            sb.append("import java.util.List;\n\n");
            sb.append("/** ").append(file).append("'s ").append(typeName)
                .append(", described for the generic decoder and encoder (listed in META-INF/services). */\n");
            sb.append("public final class ").append(cls).append(" implements ExtendedHeader {\n");
            sb.append("    private static final List<HeaderField> FIELDS = List.of(");
            int n = 0;
            for (Object o : list) {
                Map<?, ?> fd = (Map<?, ?>) o;
                String seqId = (fd.get("seq") != null ? fd.get("seq") : fd.get("id")).toString();
                if (!seqIds.contains(seqId)) throw new IllegalArgumentException(where + ": field " + fd.get("id") + ": no seq attribute " + seqId);
                String at = typeId + "_" + seqId.toUpperCase(Locale.ROOT);
                sb.append(n++ > 0 ? "," : "").append("\n        new HeaderField(").append(fieldsCls).append('.').append(typeId)
                    .append('_').append(fd.get("id").toString().toUpperCase(Locale.ROOT));
                for (String c : new String[] {"OFF_", "LEN_", "SHIFT_", "MASK_"}) sb.append(", ").append(layoutCls).append('.').append(c).append(at);
                sb.append(')');
            }
            sb.append(");\n");
            List<Integer> opcodes = new ArrayList<>();
            for (Object o : (List<?>) type.get("-opcodes")) {
                opcodes.add(o instanceof Number x ? x.intValue() : Integer.decode(o.toString()));
            }
            if (type.get("-info") != null) {
                sb.append("    private static final ExtendedHeader.Info INFO = new ").append(type.get("-info")).append("();\n");
            }
            sb.append("\n    @Override public String name() { return ").append(literal(typeId)).append("; }\n");
            sb.append("    @Override public int[] opcodes() { return new int[] {");
            for (int i = 0; i < opcodes.size(); i++) sb.append(i > 0 ? ", " : "").append(String.format("0x%02x", opcodes.get(i)));
            sb.append("}; }\n");
            sb.append("    @Override public int size() { return ").append(layoutCls).append(".FIXED_SIZE_").append(typeId).append("; }\n");
            sb.append("    @Override public FieldSpec protocol() { return ").append(fieldsCls).append('.').append(typeId).append("; }\n");
            sb.append("    @Override public List<HeaderField> fields() { return FIELDS; }\n");
            if (type.get("-info") != null) sb.append("    @Override public String info(long[] values) { return INFO.text(values); }\n");
            sb.append("}\n");
            Files.writeString(dir.resolve(cls + ".java"), sb.toString(), StandardCharsets.UTF_8);
            made.add(pkg + "." + cls);
        }
        return made;
    }

    /** The ServiceLoader list of the described headers, into the directory the system property ksy.services names. */
    private static void describedServices(List<String> classes) throws IOException {
        String services = System.getProperty("ksy.services");
        if (services == null) {
            if (classes.isEmpty()) return;
            throw new IllegalArgumentException("described headers " + classes + " need -Dksy.services=DIR");
        }
        Path list = Path.of(services, "META-INF", "services", DESCRIBED);
        if (classes.isEmpty()) {   // none (the product today): no list at all, not an empty one
            Files.deleteIfExists(list);
            return;
        }
        Files.createDirectories(list.getParent());
        Files.writeString(list, String.join("\n", classes) + "\n", StandardCharsets.UTF_8);
    }
}
