package io.rocescope.flow;

/** How bad a finding is, as Wireshark's expert levels. */
public enum Severity { NOTE, WARNING, ERROR }
