package io.rocescope.gui;

import io.rocescope.dissector.decode.DecodedFrame;
import io.rocescope.dissector.filter.DisplayFilter;
import io.rocescope.dissector.filter.FilterSyntaxException;
import io.rocescope.dissector.text.InfoColumn;
import javafx.scene.control.TreeItem;

import java.io.ByteArrayOutputStream;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * What Find Packet looks for, as Wireshark's find bar: frames a display filter keeps, a run of bytes
 * ("00 11 22", "00:11:22", "001122", "0x00 0x11"), or a string in the Info column or anywhere in the
 * details tree (the field lines the details pane shows), with or without case.
 */
final class FindCriterion {
    static final String DISPLAY_FILTER = "Display filter", HEX = "Hex value", STRING = "String";
    static final String INFO = "Packet list (Info)", DETAILS = "Packet details";

    private FindCriterion() {}

    /** The test a frame passes; an IllegalArgumentException of one line when {@code text} is not one of {@code mode}. */
    static Predicate<DecodedFrame> of(String mode, String where, String text, boolean caseSensitive) {
        if (text.isBlank()) throw new IllegalArgumentException("nothing to find");
        switch (mode) {
            case DISPLAY_FILTER: {
                try {
                    DisplayFilter f = DisplayFilter.parse(text);
                    return f::matches;
                } catch (FilterSyntaxException e) {
                    throw new IllegalArgumentException(e.getMessage());
                }
            }
            case HEX: {
                byte[] needle = hex(text);
                return d -> indexOf(d.data(), d.capturedLength(), needle) >= 0;
            }
            default: {
                String s = caseSensitive ? text : text.toLowerCase(Locale.ROOT);
                if (INFO.equals(where)) return d -> fold(InfoColumn.of(d), caseSensitive).contains(s);
                return d -> inTree(FieldTree.build(d), s, caseSensitive);
            }
        }
    }

    /** Bytes from hex digits, separated by spaces, colons, dashes or nothing; "0x" prefixes allowed. */
    static byte[] hex(String text) {
        String t = text.strip().replaceAll("0[xX]", "").replaceAll("[\\s:.-]", "");
        if (t.isEmpty() || t.length() % 2 != 0 || !t.matches("[0-9a-fA-F]+")) {
            throw new IllegalArgumentException("'" + text.strip() + "' is not a hex byte string (e.g. 00:11:22 or 00 11 22)");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < t.length(); i += 2) out.write(Integer.parseInt(t.substring(i, i + 2), 16));
        return out.toByteArray();
    }

    static int indexOf(byte[] hay, int length, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= Math.min(length, hay.length); i++) {
            for (int k = 0; k < needle.length; k++) if (hay[i + k] != needle[k]) continue outer;
            return i;
        }
        return -1;
    }

    private static String fold(String s, boolean caseSensitive) { return caseSensitive ? s : s.toLowerCase(Locale.ROOT); }

    private static boolean inTree(TreeItem<FieldTree.Node> item, String s, boolean caseSensitive) {
        if (fold(item.getValue().text(), caseSensitive).contains(s)) return true;
        for (TreeItem<FieldTree.Node> c : item.getChildren()) if (inTree(c, s, caseSensitive)) return true;
        return false;
    }
}
