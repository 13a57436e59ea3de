import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Build step (run by Maven before compiling, with the Java source launcher): turns the {@code enums:} of each
 * .ksy named on the command line into a Java class of value-name tables and code constants, so that the names
 * Wireshark shows for a value, and the values themselves, are written once, in ksy/.
 * <p>
 * {@code ksy/ib_mad.ksy} becomes {@code IbMadEnums}; its enum {@code rej_reason} becomes the table
 * {@code REJ_REASON} (a {@code ValueNames}: the value's {@code doc}, or its {@code id} without one) and the
 * constants {@code REJ_REASON_INVALID_SERVICE_ID = 8} and so on.
 * <p>
 * Usage: {@code java -cp snakeyaml.jar KsyEnums.java OUT_DIR PACKAGE FILE.ksy...}
 */
public final class KsyEnums {
    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[0]);
        String pkg = args[1];
        Path dir = out.resolve(pkg.replace('.', '/'));
        Files.createDirectories(dir);
        for (int i = 2; i < args.length; i++) {
            Path ksy = Path.of(args[i]);
            Map<String, Object> spec;
            try (Reader r = Files.newBufferedReader(ksy, StandardCharsets.UTF_8)) {
                spec = new Yaml(new SafeConstructor(new LoaderOptions())).load(r);
            }
            Object enums = spec.get("enums");
            if (!(enums instanceof Map)) continue;
            String id = (String) ((Map<?, ?>) spec.get("meta")).get("id");
            String cls = camel(id) + "Enums";
            Files.writeString(dir.resolve(cls + ".java"), source(pkg, cls, ksy.getFileName().toString(), (Map<?, ?>) enums),
                StandardCharsets.UTF_8);
        }
    }

    private record Value(long code, String id, String label) {}

    private static String source(String pkg, String cls, String file, Map<?, ?> enums) {
        StringBuilder sb = new StringBuilder();
        sb.append("// Generated from ksy/").append(file).append(" by dissector/src/build/KsyEnums.java: edit the .ksy, not this.\n");
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
        }
        return sb.append("}\n").toString();
    }

    private static List<Value> values(String file, String name, Map<?, ?> spec) {
        Map<Long, Value> byCode = new TreeMap<>();
        for (Map.Entry<?, ?> e : spec.entrySet()) {
            long code = e.getKey() instanceof Number n ? n.longValue() : Long.decode(e.getKey().toString());
            String id, label;
            if (e.getValue() instanceof Map<?, ?> m) {
                id = m.get("id").toString();
                label = m.get("doc") != null ? m.get("doc").toString().strip() : id;
            } else {
                id = label = e.getValue().toString();
            }
            if (!id.matches("[a-z][a-z0-9_]*")) throw new IllegalArgumentException(file + ": enum " + name + ": bad id " + id);
            if (byCode.put(code, new Value(code, id, label)) != null) {
                throw new IllegalArgumentException(file + ": enum " + name + ": two values for " + code);
            }
        }
        return new ArrayList<>(byCode.values());
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
}
