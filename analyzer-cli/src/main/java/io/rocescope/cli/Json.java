package io.rocescope.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

import java.io.IOException;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/** Writes result objects as indented JSON (QPNs, PSNs, keys and VAs as plain numbers; times exact, see {@link JsonTime}). */
final class Json {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
        .configure(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET, false)
        .registerModule(JsonTime.MODULE);

    private Json() {}

    /**
     * A JSON object with these keys in this order ({@code key, value, key, value …}). Map.of would do,
     * but its order changes from run to run, and a script diffing two runs' output should see none.
     */
    static Map<String, Object> object(Object... keysAndValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        return m;
    }

    static void write(OutputStream out, Object value) throws IOException {
        MAPPER.writeValue(out, value);
        out.write('\n');
        out.flush();
    }
}
