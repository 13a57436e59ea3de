package io.rocescope.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.rocescope.dissector.text.Seconds;

import java.io.IOException;

/**
 * The one place a time becomes JSON: a number written as exact decimal text with nine digits
 * ({@code 1796101820.294557000}, as tshark), never through a double. Frame output calls
 * {@link #write}; the analysis reports' {@link Seconds} reach it through {@link #MODULE}.
 */
final class JsonTime {
    private JsonTime() {}

    static void write(JsonGenerator g, long nanos) throws IOException {
        g.writeNumber(Seconds.text(nanos));
    }

    /** Jackson's hook for {@link Seconds} in the report records. */
    static final SimpleModule MODULE = new SimpleModule("rocescope-times").addSerializer(Seconds.class, new JsonSerializer<>() {
        @Override
        public void serialize(Seconds s, JsonGenerator g, SerializerProvider p) throws IOException {
            write(g, s.nanos());
        }
    });
}
