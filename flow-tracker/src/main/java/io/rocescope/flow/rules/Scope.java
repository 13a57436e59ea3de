package io.rocescope.flow.rules;

import java.util.Locale;

/** What a rule measures over: the whole capture, each connection, or each direction of each connection. */
public enum Scope {
    CAPTURE, CONNECTION, FLOW;

    public String word() { return name().toLowerCase(Locale.ROOT); }

    public static Scope parse(String s) {
        for (Scope x : values()) if (x.word().equals(s)) return x;
        return null;
    }
}
