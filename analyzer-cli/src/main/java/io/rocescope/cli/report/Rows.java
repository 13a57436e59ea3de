package io.rocescope.cli.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.rocescope.cli.report.ReportModel.cell;

/**
 * Table rows of the per-connection sections: a label and one or more values, each value a cell that names
 * its place in the CLI's JSON, optionally after a key (the PCP of a count, "CE" of an ECN count) and
 * followed by a note (what an IBA exponent means). Templates render {@code rows} the same way everywhere.
 */
final class Rows {
    private final List<Object> rows = new ArrayList<>();

    List<Object> list() { return rows; }

    boolean isEmpty() { return rows.isEmpty(); }

    /** A row of one number. */
    Rows number(String label, Number value, String src, String ptr) {
        return value == null ? this : row(label, List.of(item(null, cell(label, value.longValue(), src, ptr))), null);
    }

    /** A row of one number and a note after it. */
    Rows number(String label, Number value, String src, String ptr, String note) {
        return value == null ? this : row(label, List.of(item(null, cell(label, value.longValue(), src, ptr))), note);
    }

    /** A row of one number shown in hex (0x…), as the JSON's decimal value. */
    Rows hex(String label, Number value, String src, String ptr) {
        if (value == null) return this;
        Map<String, Object> c = cell(label, value.longValue(), src, ptr);
        c.put("value", "0x" + Long.toHexString(value.longValue()));
        c.put("hex", true);
        return row(label, List.of(item(null, c)), null);
    }

    /** A row of words (yes/no), no number. */
    Rows words(String label, String text) {
        return text == null ? this : row(label, List.of(), text);
    }

    /** Per key its count: "3 × 80, 5 × 2" for {3: 80, 5: 2} at {@code ptr}/3, {@code ptr}/5. */
    Rows counts(String label, Map<Integer, Long> counts, String src, String ptr) {
        if (counts == null || counts.isEmpty()) return this;
        List<Object> items = new ArrayList<>();
        counts.forEach((k, n) -> items.add(item(String.valueOf(k), cell(label + " " + k, n, src, ptr + "/" + k))));
        return row(label, items, null);
    }

    /** A row of several keyed numbers, e.g. the four ECN codepoints. */
    Rows keyed(String label, List<Object> items, String note) {
        return items.isEmpty() && note == null ? this : row(label, items, note);
    }

    static Map<String, Object> item(String key, Map<String, Object> cell) {
        Map<String, Object> m = new LinkedHashMap<>(cell);
        m.put("key", key);
        return m;
    }

    Rows row(String label, List<Object> items, String note) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("label", label);
        r.put("items", items);
        r.put("note", note);
        rows.add(r);
        return this;
    }
}
