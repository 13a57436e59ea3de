package io.rocescope.analysis;

/**
 * A rule file that cannot be used: the message names the file, the rule and the field. It is one line
 * whatever the file holds: control characters of quoted values (a newline inside a metric's name …)
 * are written as escapes, so that nothing from the file reaches the terminal raw.
 */
public final class RuleFileException extends Exception {
    public RuleFileException(String message) {
        super(escapeControls(message));
    }

    static String escapeControls(String s) {
        StringBuilder sb = null;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean control = c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == '\u2028' || c == '\u2029';
            if (control && sb == null) sb = new StringBuilder(s.length() + 8).append(s, 0, i);
            if (sb == null) continue;
            if (!control) sb.append(c);
            else if (c == '\n') sb.append("\\n");
            else if (c == '\r') sb.append("\\r");
            else if (c == '\t') sb.append("\\t");
            else sb.append(String.format("\\x%02x", (int) c));
        }
        return sb == null ? s : sb.toString();
    }
}
