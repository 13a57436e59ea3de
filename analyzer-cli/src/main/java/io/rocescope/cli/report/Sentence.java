package io.rocescope.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A sentence generated from the analysis, made of text and numbers. Each number keeps where it comes
 * from (command and JSON pointer, and a scale when it is shown in other units, e.g. nanoseconds as
 * milliseconds), so the HTML can mark it and a test can check it against the CLI's JSON like any table cell.
 */
final class Sentence {
    private final List<Map<String, Object>> parts = new ArrayList<>();
    private final StringBuilder plain = new StringBuilder();

    Sentence text(String t) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("text", t);
        parts.add(p);
        plain.append(t);
        return this;
    }

    /** A term with digits that is no number of the analysis (p99), marked so. */
    Sentence term(String t) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("term", t);
        p.put("text", "");
        p.put("isTerm", true);
        parts.add(p);
        plain.append(t);
        return this;
    }

    /** A number as the CLI's JSON holds it. */
    Sentence num(long value, String src, String ptr) {
        Map<String, Object> p = ReportModel.cell(null, value, src, ptr);
        p.put("isNum", true);
        parts.add(p);
        plain.append(value);
        return this;
    }

    /** A QP number as the set-ups show it (0x11), the JSON holding it in decimal. */
    Sentence hex(long value, String src, String ptr) {
        Map<String, Object> p = ReportModel.cell(null, value, src, ptr);
        p.put("value", "0x" + Long.toHexString(value));
        p.put("hex", true);
        p.put("isNum", true);
        parts.add(p);
        plain.append(p.get("value"));
        return this;
    }

    /** A text value of the CLI's JSON (a reason, a service), shown as it is there. */
    Sentence str(String value, String src, String ptr) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("value", value);
        p.put("src", src);
        p.put("ptr", ptr);
        p.put("isNum", true);
        parts.add(p);
        plain.append(value);
        return this;
    }

    /** A number shown scaled: {@code raw × scale} with {@code decimals} decimals, then {@code unit}. */
    Sentence scaled(double raw, double scale, int decimals, String unit, String src, String ptr) {
        Map<String, Object> p = scaledCell(null, raw, scale, decimals, unit, src, ptr);
        p.put("isNum", true);
        parts.add(p);
        plain.append(p.get("value")).append(unit.isEmpty() ? "" : " " + unit);
        return this;
    }

    /** "s" after a count other than one. */
    Sentence plural(long n, String one, String many) { return text(n == 1 ? one : many); }

    boolean isEmpty() { return parts.isEmpty(); }

    /** Another sentence's parts, as a clause of this one. */
    Sentence append(Sentence other) {
        parts.addAll(other.parts);
        plain.append(other.plain);
        return this;
    }

    static Map<String, Object> scaledCell(String label, double raw, double scale, int decimals, String unit, String src, String ptr) {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("label", label);
        p.put("value", String.format(Locale.ROOT, "%." + decimals + "f", raw * scale));
        p.put("unit", unit);
        p.put("scale", Double.toString(scale));
        p.put("decimals", decimals);
        p.put("src", src);
        p.put("ptr", ptr);
        p.put("zero", raw == 0);
        return p;
    }

    Map<String, Object> model() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("parts", parts);
        m.put("plain", plain.toString());
        return m;
    }

    @Override
    public String toString() { return plain.toString(); }
}
