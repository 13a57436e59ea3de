package io.rocescope.dissector.decode;

/**
 * A per-frame remark, like Wireshark's expert info: a severity, a stable key a script can match
 * ({@code malformed}, {@code truncated}, {@code icrc.bad}, {@code opcode.unknown} …) and a sentence.
 */
public record Expert(Severity severity, String key, String message) {
    public enum Severity { NOTE, WARNING, ERROR }

    public static Expert malformed(String message) { return new Expert(Severity.ERROR, "malformed", message); }
    public static Expert truncated(String message) { return new Expert(Severity.WARNING, "truncated", message); }
}
