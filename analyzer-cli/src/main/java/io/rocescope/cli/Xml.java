package io.rocescope.cli;

import io.rocescope.dissector.text.LineBuffer;

/** Text escaped for XML attributes and elements. */
final class Xml {
    private Xml() {}

    static LineBuffer escaped(LineBuffer sb, CharSequence s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<': sb.append("&lt;"); break;
                case '>': sb.append("&gt;"); break;
                case '&': sb.append("&amp;"); break;
                case '"': sb.append("&quot;"); break;
                case '\'': sb.append("&#x27;"); break;
                default:
                    if (c < 0x20 && c != '\t') sb.append("&#x").append(Integer.toHexString(c)).append(';');
                    else sb.append(c);
            }
        }
        return sb;
    }
}
