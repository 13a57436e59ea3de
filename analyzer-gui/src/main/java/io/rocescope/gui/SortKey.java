package io.rocescope.gui;

/**
 * A table cell's text with the number it sorts by (a VLAN column sorts 5 before 100, a count column
 * numerically), the text breaking ties; blank cells sort first. The table shows {@link #toString()}.
 */
record SortKey(String text, double key) implements Comparable<SortKey> {
    static final SortKey BLANK = new SortKey("", Double.NEGATIVE_INFINITY);

    @Override
    public int compareTo(SortKey o) {
        int c = Double.compare(key, o.key);
        return c != 0 ? c : text.compareTo(o.text);
    }

    @Override
    public String toString() { return text; }
}
