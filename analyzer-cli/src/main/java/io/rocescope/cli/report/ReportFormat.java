package io.rocescope.cli.report;

import java.util.Locale;

/** The output formats, chosen by the output file's extension. */
public enum ReportFormat {
    HTML, MARKDOWN, JSON;

    /** The format a file name asks for, or null when its extension is none of .html/.htm, .md, .json. */
    public static ReportFormat ofFileName(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (n.endsWith(".html") || n.endsWith(".htm")) return HTML;
        if (n.endsWith(".md") || n.endsWith(".markdown")) return MARKDOWN;
        if (n.endsWith(".json")) return JSON;
        return null;
    }
}
