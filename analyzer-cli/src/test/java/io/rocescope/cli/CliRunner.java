package io.rocescope.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;

/** Runs the CLI in-process and captures what it prints. */
record CliRunner(int exit, String out, String err) {
    static CliRunner run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringWriter err = new StringWriter();
        int code = RoceScope.run(args, out, new PrintWriter(err));
        return new CliRunner(code, out.toString(StandardCharsets.UTF_8), err.toString());
    }

    String[] lines() {
        if (out.isEmpty()) return new String[0];
        String body = out.endsWith("\n") ? out.substring(0, out.length() - 1) : out;
        return body.split("\n", -1);   // keep empty lines: -T fields prints one for frames without the field
    }
}
