package io.rocescope.dissector.decode;

import com.fasterxml.jackson.annotation.JsonValue;

/**
 * A per-frame remark, like Wireshark's expert info: a severity, a stable key a script can match
 * ({@code malformed}, {@code truncated}, {@code icrc.bad}, {@code opcode.unknown} …) and a sentence.
 */
public record Expert(Severity severity, String key, String message) {
    /**
     * How bad a remark or a finding is, as Wireshark's expert levels: the one severity of the whole code base
     * (the dissector's expert infos, the flow tracker's findings and rules, the front ends' tables).
     */
    public enum Severity {
        NOTE, WARNING, ERROR;

        /** "note", "warning", "error" in JSON. */
        @JsonValue
        public String json() { return name().toLowerCase(); }
    }

    public static Expert malformed(String message) { return new Expert(Severity.ERROR, "malformed", message); }
    public static Expert truncated(String message) { return new Expert(Severity.WARNING, "truncated", message); }
}
