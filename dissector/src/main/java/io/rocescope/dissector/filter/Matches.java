package io.rocescope.dissector.filter;

import io.rocescope.dissector.decode.DecodedFrame;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * {@code x matches "regex"} (also {@code ~}): a Perl-style regular expression found in some value of x,
 * case-insensitive as in Wireshark ({@code (?-i)} makes it case-sensitive). Bytes are matched as
 * ISO-8859-1 text, so {@code \x02} finds the byte 0x02.
 */
final class Matches implements DisplayFilter {
    private final Operand left;
    private final Pattern pattern;

    Matches(Operand left, Pattern pattern) {
        this.left = left;
        this.pattern = pattern;
    }

    static Pattern compile(String regex) {
        return Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
    }

    @Override
    public boolean matches(DecodedFrame f) {
        List<Object> a = new ArrayList<>(2);
        left.values(f, a);
        for (Object x : a) {
            String s = x instanceof String t ? t : new String(Operand.bytesOf(x), StandardCharsets.ISO_8859_1);
            if (pattern.matcher(s).find()) return true;
        }
        return false;
    }
}
