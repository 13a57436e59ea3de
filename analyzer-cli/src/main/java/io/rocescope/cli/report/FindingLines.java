package io.rocescope.cli.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.flow.Finding;
import io.rocescope.flow.Reports;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The findings as JSON Lines, one event per line as Suricata's eve.json has them: {@code timestamp} (of the
 * finding's first frame), {@code event_type} "finding", {@code flow_id}, the input file and its SHA-256,
 * and the finding itself. The flow id is stable: a 63-bit number from the SHA-256 of the connection's two
 * endpoints (address and QPN, in sorted order) and transport, so the same connection gets the same id in
 * every capture and every run; a finding of no connection (the capture, a set-up that failed) has none.
 */
final class FindingLines {
    private static final ObjectMapper JSON = new ObjectMapper().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
    private static final DateTimeFormatter EVE = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSSXX", Locale.ROOT)
        .withZone(ZoneOffset.UTC);

    private FindingLines() {}


    /** The stable flow id of a connection. */
    static long flowId(Reports.ConnectionReport c) {
        String a = endpoint(c.a()), b = endpoint(c.b());
        String key = (a.compareTo(b) <= 0 ? a + "|" + b : b + "|" + a) + "|" + c.transport();
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            long v = 0;
            for (int i = 0; i < 8; i++) v = v << 8 | (h[i] & 0xFF);
            return v & Long.MAX_VALUE;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String endpoint(Reports.EndpointReport e) {
        return e == null ? "?" : e.ip() + "/" + (e.qpn() == null ? "?" : e.qpn());
    }

    /** The listed connections by number. */
    static Map<Integer, Reports.ConnectionReport> byId(Reports.Analysis a) {
        Map<Integer, Reports.ConnectionReport> m = new HashMap<>();
        for (Reports.ConnectionReport c : a.connections()) m.put(c.id(), c);
        return m;
    }

    /** The connection a finding is about (the number it carries), or null: one of the capture, a host, a failed set-up. */
    static Reports.ConnectionReport connectionOf(Finding f, Map<Integer, Reports.ConnectionReport> byId) {
        return f.connection() == Finding.NO_CONNECTION ? null : byId.get(f.connection());
    }

    static void write(OutputStream out, Evidence e, Reports.Analysis a, Map<Long, Long> timeOf, Map<Integer, String> extractOf) throws IOException {
        Map<Integer, Reports.ConnectionReport> byId = byId(a);
        for (int i = 0; i < a.findings().size(); i++) {
            Finding f = a.findings().get(i);
            Map<String, Object> line = new LinkedHashMap<>();
            Long ts = f.frames().isEmpty() ? null : timeOf.get(f.frames().get(0));
            line.put("timestamp", ts == null ? null : EVE.format(Instant.ofEpochSecond(Math.floorDiv(ts, 1_000_000_000L), Math.floorMod(ts, 1_000_000_000L))));
            line.put("event_type", "finding");
            Reports.ConnectionReport c = connectionOf(f, byId);
            line.put("flow_id", c == null ? null : flowId(c));
            line.put("connection", c == null ? null : c.id());
            line.put("pcap_filename", e.name());
            line.put("pcap_sha256", e.sha256());
            line.put("index", i);
            Map<String, Object> finding = new LinkedHashMap<>();
            finding.put("kind", f.kind());
            finding.put("severity", f.severity().json());
            var kind = io.rocescope.flow.FindingKind.of(f.kind());
            finding.put("group", kind == null ? null : kind.group().label());
            finding.put("flow", f.flow());
            finding.put("message", f.message());
            finding.put("count", f.count());
            finding.put("frames", f.frames());
            finding.put("caused_by", f.causedBy());
            line.put("finding", finding);
            line.put("evidence", extractOf.get(i));
            out.write(JSON.writeValueAsBytes(line));
            out.write('\n');
        }
    }
}
