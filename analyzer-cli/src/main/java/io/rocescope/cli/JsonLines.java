package io.rocescope.cli;

import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.OutputStream;

/** JSON Lines: one compact JSON value per line, flushed at once (a live stream's reader gets each as it comes). */
final class JsonLines {
    private static final ObjectMapper MAPPER = new ObjectMapper()
        .configure(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET, false)
        .registerModule(JsonTime.MODULE);

    private JsonLines() {}

    static void write(OutputStream out, Object value) throws IOException {
        out.write(MAPPER.writeValueAsBytes(value));
        out.write('\n');
        out.flush();
    }
}
