package io.rocescope.analysis;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.rocescope.dissector.decode.Expert.Severity;
import io.rocescope.flow.rules.Comparison;
import io.rocescope.flow.rules.Metric;
import io.rocescope.flow.rules.Rule;
import io.rocescope.flow.rules.Scope;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Reads YAML rule packs (Jackson), checking every field so that a mistake gets a sentence, not a stack trace. */
public final class RulePackLoader {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Set<String> FIELDS = Set.of("id", "description", "severity", "metric", "scope", "comparison",
        "threshold", "window", "filter");
    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s)");

    private RulePackLoader() {}

    public static List<Rule> load(Path file) throws RuleFileException {
        try {
            return load(Files.readAllBytes(file), file.toString());
        } catch (java.nio.file.NoSuchFileException e) {
            throw new RuleFileException(file + ": no such rule file");
        } catch (IOException e) {
            throw new RuleFileException(file + ": cannot be read: " + e.getMessage());
        }
    }

    /** Parses a rule pack's bytes; {@code name} is how messages call it. */
    public static List<Rule> load(byte[] yaml, String name) throws RuleFileException {
        JsonNode root;
        try {
            root = YAML.readTree(yaml);
        } catch (IOException e) {
            String msg = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
            throw new RuleFileException(name + ": not valid YAML: " + msg);
        }
        if (root == null || !root.has("rules") || !root.get("rules").isArray()) {
            throw new RuleFileException(name + ": expected a top-level 'rules:' list");
        }
        List<Rule> rules = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        int index = 0;
        for (JsonNode n : root.get("rules")) {
            index++;
            String where = name + ": rule " + (n.hasNonNull("id") ? "'" + n.get("id").asText() + "'" : "#" + index);
            if (!n.isObject()) throw new RuleFileException(where + ": a rule is a mapping of fields");
            for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!FIELDS.contains(f)) throw new RuleFileException(where + ": unknown field '" + f + "' (fields: " + String.join(", ", sorted(FIELDS)) + ")");
            }
            String id = text(n, "id", where);
            if (!ids.add(id)) throw new RuleFileException(where + ": the id is used twice");
            String description = text(n, "description", where);
            String sev = text(n, "severity", where).toLowerCase(Locale.ROOT);
            Severity severity = Arrays.stream(Severity.values()).filter(s -> s.json().equals(sev)).findFirst()
                .orElseThrow(() -> new RuleFileException(where + ": field 'severity': '" + sev + "' is not one of error, warning, note"));
            String metricName = text(n, "metric", where);
            Metric metric = Metric.parse(metricName);
            if (metric == null) {
                throw new RuleFileException(where + ": field 'metric': unknown metric '" + metricName + "' (known: "
                    + Arrays.stream(Metric.values()).map(Metric::word).collect(Collectors.joining(", ")) + ")");
            }
            String scopeName = text(n, "scope", where);
            Scope scope = Scope.parse(scopeName);
            if (scope == null) throw new RuleFileException(where + ": field 'scope': unknown scope '" + scopeName + "' (capture, connection, flow)");
            if (!metric.scopes().contains(scope)) {
                throw new RuleFileException(where + ": field 'scope': metric " + metric.word() + " is measured per "
                    + metric.scopes().stream().map(Scope::word).collect(Collectors.joining(" or ")) + ", not per " + scope.word());
            }
            String cmp = text(n, "comparison", where);
            Comparison comparison = Comparison.parse(cmp);
            if (comparison == null) throw new RuleFileException(where + ": field 'comparison': '" + cmp + "' is not one of >, >=, <, <=, ==, !=");
            JsonNode t = n.get("threshold");
            if (t == null || !t.isNumber()) throw new RuleFileException(where + ": field 'threshold': a number is required" + (t == null ? "" : ", not '" + t.asText() + "'"));
            long window = 0;
            if (n.has("window")) {
                if (!metric.windowed()) throw new RuleFileException(where + ": field 'window': metric " + metric.word() + " is a total, it takes no window");
                window = duration(n.get("window").asText(), where);
            } else if (metric.windowed()) {
                throw new RuleFileException(where + ": field 'window': metric " + metric.word() + " needs a window (e.g. 10ms)");
            }
            String filter = n.hasNonNull("filter") ? n.get("filter").asText() : null;
            rules.add(new Rule(id, description, severity, metric, scope, comparison, t.asDouble(), window, filter));
        }
        if (rules.isEmpty()) throw new RuleFileException(name + ": the 'rules:' list is empty");
        return rules;
    }

    private static List<String> sorted(Set<String> s) {
        List<String> l = new ArrayList<>(s);
        l.sort(null);
        return l;
    }

    private static String text(JsonNode n, String field, String where) throws RuleFileException {
        JsonNode v = n.get(field);
        if (v == null || v.isNull() || v.asText().isBlank()) throw new RuleFileException(where + ": field '" + field + "' is missing");
        if (!v.isValueNode()) throw new RuleFileException(where + ": field '" + field + "' must be a single value");
        return v.asText();
    }

    /** "10ms", "1.5 s", "500us", "100ns". */
    static long duration(String s, String where) throws RuleFileException {
        Matcher m = DURATION.matcher(s.trim());
        if (!m.matches()) throw new RuleFileException(where + ": field 'window': '" + s + "' is not a duration like 10ms, 500us or 1s");
        double v = Double.parseDouble(m.group(1));
        double unit = switch (m.group(2)) {
            case "ns" -> 1;
            case "us", "µs" -> 1e3;
            case "ms" -> 1e6;
            default -> 1e9;
        };
        long nanos = Math.round(v * unit);
        if (nanos <= 0) throw new RuleFileException(where + ": field 'window': must be longer than 0");
        return nanos;
    }
}
