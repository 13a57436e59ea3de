package io.rocescope.cli.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.samskivert.mustache.Escapers;
import com.samskivert.mustache.Mustache;
import com.samskivert.mustache.Template;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

/**
 * Renders a {@link ReportModel} and seals it: the document is its body followed by one last part that
 * carries the SHA-256 of the body's UTF-8 bytes, so a reader can tell whether the body was changed.
 * HTML: the body is everything before {@code <footer id="seal">}. Markdown: everything before the last
 * line. JSON: {@code {"report": BODY, "reportSha256": "…"}}, the hash over BODY's bytes as written.
 */
public final class ReportWriter {
    /** What precedes the seal in HTML; capture text is escaped, so it can never contain it. */
    public static final String HTML_SEAL = "<footer id=\"seal\">";
    public static final String MD_SEAL = "SHA-256 of the report body (every byte above this line): ";
    public static final String JSON_HEAD = "{\"report\":", JSON_SEAL = ",\n\"reportSha256\":\"";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ReportWriter() {}

    public static String render(ReportFormat format, Map<String, Object> model) {
        switch (format) {
            case HTML: {
                String body = template("report.html.mustache", Escapers.HTML).execute(model);
                return body + HTML_SEAL + "SHA-256 of the report body (every byte before this footer): <code>" + sha256(body)
                    + "</code></footer>\n</body>\n</html>\n";
            }
            case MARKDOWN: {
                String body = template("report.md.mustache", MarkdownEscaper.INSTANCE).execute(model);
                return body + MD_SEAL + sha256(body) + "\n";
            }
            default: {
                String body;
                try {
                    body = JSON.writeValueAsString(model);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return JSON_HEAD + body + JSON_SEAL + sha256(body) + "\"}\n";
            }
        }
    }

    private static Template template(String name, Mustache.Escaper escaper) {
        try (InputStream in = ReportWriter.class.getResourceAsStream("/report/" + name)) {
            if (in == null) throw new IllegalStateException("report template " + name + " missing from the jar");
            Reader r = new InputStreamReader(in, StandardCharsets.UTF_8);
            // absent and null values render as nothing and count as false in sections
            String suffix = name.substring(name.indexOf('.'));   // partials of the same format: {{> sentence}} = sentence.html.mustache
            return Mustache.compiler().withEscaper(escaper).defaultValue("").nullValue("").emptyStringIsFalse(true)
                .withLoader(partial -> {
                    InputStream p = ReportWriter.class.getResourceAsStream("/report/" + partial + suffix);
                    if (p == null) throw new IllegalStateException("report template " + partial + suffix + " missing from the jar");
                    return new InputStreamReader(p, StandardCharsets.UTF_8);
                }).compile(r);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
