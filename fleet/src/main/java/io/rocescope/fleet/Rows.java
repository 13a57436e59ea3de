package io.rocescope.fleet;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import io.rocescope.dissector.text.Seconds;
import io.rocescope.flow.Finding;
import io.rocescope.flow.Reports;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fleet's JSON Lines rows: the object {@code rocescope flows -T json} (or {@code expert -T json}) prints for
 * a connection (a finding), compact, led by where it comes from: the capture, the host and interface where
 * known, and the stable connection id.
 */
final class Rows {
    /** The report records as the CLI writes them; a time as exact decimal text, never through a double. */
    private static final ObjectMapper MAPPER = new ObjectMapper().registerModule(new SimpleModule("rocescope-times")
        .addSerializer(Seconds.class, new JsonSerializer<>() {
            @Override
            public void serialize(Seconds s, JsonGenerator g, SerializerProvider p) throws IOException {
                g.writeNumber(Seconds.text(s.nanos()));
            }
        }));
    /** A finding's flow names its connection's number: "… (connection 1 (10.0.0.1 QP 0x000011 ↔ …))". */
    private static final Pattern CONNECTION = Pattern.compile("\\(connection (\\d+) ");

    private Rows() {}

    static String connection(String capture, String host, String iface, String connectionId, Reports.ConnectionReport c) {
        return row(capture, host, iface, connectionId, c);
    }

    /** A finding's row; its connection id when the finding names one of {@code ids} (connection number → id). */
    static String finding(String capture, String host, String iface, Map<Integer, String> ids, Finding f) {
        String id = null;
        Matcher m = CONNECTION.matcher(f.flow() == null ? "" : f.flow());
        if (m.find()) id = ids.get(Integer.parseInt(m.group(1)));
        return row(capture, host, iface, id, f);
    }

    private static String row(String capture, String host, String iface, String connectionId, Object value) {
        try {
            String body = MAPPER.writeValueAsString(value);
            StringBuilder sb = new StringBuilder(body.length() + 160).append("{\"capture\":").append(MAPPER.writeValueAsString(capture))
                .append(",\"host\":").append(MAPPER.writeValueAsString(host))
                .append(",\"interface\":").append(MAPPER.writeValueAsString(iface))
                .append(",\"connectionId\":").append(MAPPER.writeValueAsString(connectionId));
            if (body.length() > 2) sb.append(',');
            return sb.append(body, 1, body.length()).toString();
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String json(Object value) {
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The stable connection id: the transport and the two ends (address and QPN, in sorted order), hashed.
     * It does not depend on the capture, the run or the connection's number in a capture, so the captures
     * of the two hosts of one connection give it the same id and a fleet's tables join on it. A QP pair
     * reused later for a new connection keeps the id (the capture and times tell them apart).
     */
    static String connectionId(Reports.ConnectionReport c) {
        String a = end(c.a()), b = end(c.b());
        String key = c.transport() + "|" + (a.compareTo(b) <= 0 ? a + "|" + b : b + "|" + a);
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String end(Reports.EndpointReport e) {
        if (e == null) return "?";
        return e.ip() + "/" + (e.qpn() == null ? "?" : Integer.toString(e.qpn()));
    }
}
