package io.rocescope.cli.report;

import com.samskivert.mustache.Mustache;

/**
 * Makes capture text inert in Markdown: HTML that renderers pass through, emphasis, links, code and
 * table cells. Line breaks become spaces so a comment cannot end a table row or start a heading.
 */
final class MarkdownEscaper implements Mustache.Escaper {
    static final MarkdownEscaper INSTANCE = new MarkdownEscaper();

    @Override
    public String escape(String raw) {
        StringBuilder sb = new StringBuilder(raw.length() + 8);
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '\r', '\n', '\t' -> sb.append(' ');
                case '\\', '`', '*', '_', '[', ']', '|', '#', '!', '~' -> sb.append('\\').append(c);
                default -> sb.append(c < 0x20 || c == 0x7F ? ' ' : c);
            }
        }
        return sb.toString();
    }
}
