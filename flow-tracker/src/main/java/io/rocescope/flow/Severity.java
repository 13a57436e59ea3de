package io.rocescope.flow;

import com.fasterxml.jackson.annotation.JsonValue;

/** How bad a finding is, as Wireshark's expert levels. */
public enum Severity {
    NOTE, WARNING, ERROR;

    /** "note", "warning", "error" in JSON. */
    @JsonValue
    public String json() { return name().toLowerCase(); }
}
