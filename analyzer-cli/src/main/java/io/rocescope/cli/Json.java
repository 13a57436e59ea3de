package io.rocescope.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.OutputStream;

/** Writes result objects as indented JSON (QPNs, PSNs, keys and VAs as plain numbers). */
final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
        .configure(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);

    private Json() {}

    static void write(OutputStream out, Object value) throws IOException {
        MAPPER.writeValue(out, value);
        out.write('\n');
        out.flush();
    }
}
