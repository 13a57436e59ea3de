package io.rocescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.cli.report.ReportWriter;
import io.rocescope.dissector.TestCaptures;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code rocescope report}: evidence against capinfos, every number against the CLI's JSON, escaping, the seal. */
class ReportCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] CAPTURES = {"send_bw_loss2pct", "rnr_nak", "cm_reject_no_listener"};

    @TempDir
    Path tmp;

    private Path report(String ext, Path... files) {
        Path out = tmp.resolve("report." + ext);
        List<String> args = new ArrayList<>(List.of("report"));
        for (Path f : files) args.add(f.toString());
        args.addAll(List.of("-o", out.toString()));
        CliRunner r = CliRunner.run(args.toArray(String[]::new));
        assertThat(r.exit()).as(r.err()).isZero();
        return out;
    }

    private static JsonNode cli(String command, Path file) throws IOException {
        CliRunner r = CliRunner.run(command, "-T", "json", file.toString());
        assertThat(r.exit()).as(r.err()).isIn(0, 1);
        return JSON.readTree(r.out());
    }

    private static String run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return out;
    }

    /** The JSON report's body, after checking that the seal is the SHA-256 of exactly those bytes. */
    private static JsonNode sealedJson(Path file) throws IOException {
        String doc = Files.readString(file);
        assertThat(doc).startsWith(ReportWriter.JSON_HEAD);
        int seal = doc.lastIndexOf(ReportWriter.JSON_SEAL);
        String body = doc.substring(ReportWriter.JSON_HEAD.length(), seal);
        assertThat(JSON.readTree(doc).get("reportSha256").asText()).isEqualTo(sha256(body));
        return JSON.readTree(body);
    }

    private static String sha256(String s) {
        try {
            return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void evidenceIdentityMatchesCapinfos() throws Exception {
        Assumptions.assumeTrue(ExternalTool.installed("capinfos"), "capinfos is not installed");
        Path[] files = Arrays.stream(CAPTURES).map(TestCaptures::file).toArray(Path[]::new);
        JsonNode report = sealedJson(report("json", files));
        assertThat(report.get("files")).hasSize(files.length);
        for (int i = 0; i < files.length; i++) {
            // capinfos' machine-readable table: a header row of names, a row of values
            String[] rows = run("capinfos", "-T", "-m", "-Q", "-S", "-t", "-E", "-l", "-c", "-s", "-u", "-a", "-e", "-H", files[i].toString()).split("\n");
            Map<String, String> cap = new HashMap<>();
            String[] names = rows[0].split(","), values = rows[1].split(",");
            for (int k = 0; k < names.length; k++) cap.put(names[k].replace("\"", "").trim(), values[k].replace("\"", "").trim());
            JsonNode e = report.get("files").get(i).get("evidence");
            assertThat(e.get("name").asText()).isEqualTo(files[i].getFileName().toString());
            assertThat(e.get("sizeBytes").asLong()).isEqualTo(Long.parseLong(cap.get("File size (bytes)")));
            assertThat(e.get("sha256").asText()).isEqualTo(cap.get("SHA256"));
            assertThat(e.get("sha1").asText()).isEqualTo(cap.get("SHA1"));
            assertThat(e.get("frames").asLong()).isEqualTo(Long.parseLong(cap.get("Number of packets")));
            assertThat(e.get("interfaces").get(0).get("snaplen").asText()).isEqualTo(cap.get("Packet size limit"));
            assertThat(e.get("format").asText()).isEqualTo(cap.get("File type"));
            assertThat(cap.get("File encapsulation")).isEqualTo("ether");
            assertThat(e.get("interfaces").get(0).get("linkType").asInt()).isEqualTo(1);
            assertThat(new BigDecimal(e.get("durationSeconds").asText())).isEqualByComparingTo(cap.get("Capture duration (seconds)"));
            assertThat(new BigDecimal(e.get("firstEpoch").asText())).isEqualByComparingTo(cap.get("Start time"));
            assertThat(new BigDecimal(e.get("lastEpoch").asText())).isEqualByComparingTo(cap.get("End time"));
        }
        assertThat(report.get("commandLine").asText()).startsWith("rocescope report ").contains(files[0].toString());
        assertThat(report.get("tool").asText()).startsWith("rocescope ");
    }

    /** A real capture, or one the synthesizer writes (PFC and ECN/CNP, which the real captures lack). */
    private Path capture(String name) {
        if (name.startsWith("sample:")) return TestCaptures.sample(name.substring(7));
        if (!name.startsWith("synth:")) return TestCaptures.file(name);
        Path out = tmp.resolve(name.substring(6) + ".pcap");
        CliRunner r = CliRunner.run("synth", name.substring(6), "-o", out.toString());
        assertThat(r.exit()).as(r.err()).isZero();
        return out;
    }

    /** capinfos' "Name: value" lines (the first of each name), and the interface blocks' "Name = value" lines as "Interface #N Name". */
    private static Map<String, String> capinfos(Path file) throws Exception {
        Map<String, String> out = new HashMap<>();
        String iface = null;
        for (String line : run("capinfos", "-M", file.toString()).split("\n")) {
            Matcher m = Pattern.compile("^(Interface #\\d+) info:").matcher(line);
            if (m.find()) { iface = m.group(1); continue; }
            int eq = line.indexOf(" = ");
            if (iface != null && line.startsWith(" ") && eq > 0) { out.putIfAbsent(iface + " " + line.substring(0, eq).trim(), line.substring(eq + 3).trim()); continue; }
            int colon = line.indexOf(':');
            if (colon > 0 && !line.startsWith(" ")) out.putIfAbsent(line.substring(0, colon).trim(), line.substring(colon + 1).trim());
        }
        return out;
    }

    /**
     * The review's case: evidence identity of a gzip- and a zstd-compressed pcap and of a pcapng, each
     * against capinfos -H -M: hashes of the file as stored, frames, link type and snaplen per interface,
     * and the pcapng's application comment.
     */
    @Test
    void evidenceIdentityOfCompressedAndPcapngCapturesMatchesCapinfos() throws Exception {
        Assumptions.assumeTrue(ExternalTool.installed("capinfos") && ExternalTool.installed("editcap") && ExternalTool.installed("gzip") && ExternalTool.installed("zstd"), "capinfos/editcap/gzip/zstd missing");
        Path pcap = tmp.resolve("rnr.pcap");
        Files.copy(TestCaptures.file("rnr_nak"), pcap);
        run("gzip", "-k", pcap.toString());
        run("zstd", "-q", pcap.toString(), "-o", tmp.resolve("rnr.pcap.zst").toString());
        run("editcap", "-F", "pcapng", TestCaptures.file("send_bw_loss2pct").toString(), tmp.resolve("loss.pcapng").toString());
        Path[] files = {tmp.resolve("rnr.pcap.gz"), tmp.resolve("rnr.pcap.zst"), tmp.resolve("loss.pcapng")};
        String[] compression = {"gzip", "zstd", null};
        JsonNode report = sealedJson(report("json", files));
        for (int i = 0; i < files.length; i++) {
            Map<String, String> cap = capinfos(files[i]);
            Map<String, String> hashes = new HashMap<>();
            for (String line : run("capinfos", "-H", "-M", files[i].toString()).split("\n")) {
                String[] kv = line.split(":\\s+", 2);
                if (kv.length == 2) hashes.put(kv[0].trim(), kv[1].trim());
            }
            JsonNode e = report.get("files").get(i).get("evidence");
            assertThat(e.get("sha256").asText()).as(files[i].toString()).isEqualTo(hashes.get("SHA256"));
            assertThat(e.get("sha1").asText()).isEqualTo(hashes.get("SHA1"));
            assertThat(e.get("sizeBytes").asText()).isEqualTo(cap.get("File size").replace(" bytes", ""));
            assertThat(e.get("frames").asText()).isEqualTo(cap.get("Number of packets"));
            // "pcap (gzip compressed)", "pcapng"
            Matcher type = Pattern.compile("^(\\S+)(?: \\((\\S+) compressed\\))?$").matcher(cap.get("File type"));
            assertThat(type.matches()).as(cap.get("File type")).isTrue();
            assertThat(e.get("format").asText()).isEqualTo(type.group(1));
            assertThat(e.get("compression").isNull() ? null : e.get("compression").asText()).isEqualTo(type.group(2)).isEqualTo(compression[i]);
            assertThat(e.get("interfaces")).hasSize(Integer.parseInt(cap.getOrDefault("Number of interfaces in file", "1")));
            JsonNode i0 = e.get("interfaces").get(0);
            if (cap.containsKey("Interface #0 Encapsulation")) {
                // "Ethernet (1 - ether)" and "Capture length = 262144"
                assertThat(cap.get("Interface #0 Encapsulation")).contains("(" + i0.get("linkType").asText() + " - ");
                assertThat(i0.get("snaplen").asText()).isEqualTo(cap.get("Interface #0 Capture length"));
            } else {
                assertThat(cap.get("Packet size limit")).isEqualTo("file hdr: " + i0.get("snaplen").asText() + " bytes");
            }
            if (cap.containsKey("Capture application")) {
                assertThat(e.get("comments").toString()).contains("Application: " + cap.get("Capture application"));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"send_bw_loss2pct", "rnr_nak", "cm_reject_no_listener", "rping", "synth:pfc-storm", "synth:congestion",
        "send_bw_rc_rdmacm", "send_bw_vlan100", "sample:send_bw_vlan_tclass106", "sample:send_bw_tclass106_ce", "sample:retry_exhausted"})
    void everyNumberInTheHtmlEqualsTheCliJson(String name) throws Exception {
        Path file = capture(name);
        Path html = report("html", file);
        String doc = Files.readString(html);
        int seal = doc.indexOf(ReportWriter.HTML_SEAL);
        assertThat(doc.substring(seal)).contains(sha256(doc.substring(0, seal)));
        Document d = Jsoup.parse(doc);
        assertThat(d.select("link[href], script, img[src], iframe")).as("nothing external").isEmpty();
        Map<String, JsonNode> cli = Map.of("flows", cli("flows", file), "expert", cli("expert", file), "stats", cli("stats", file),
            "timeline", cli("timeline", file));

        Element section = d.selectFirst("section.file");
        int checked = 0;
        for (Element el : section.select("[data-src]")) {
            JsonNode v = cli.get(el.attr("data-src")).at(el.attr("data-ptr"));
            assertThat(v.isMissingNode()).as(el.attr("data-src") + " " + el.attr("data-ptr")).isFalse();
            checkNumber(el, v);
            checked++;
        }
        // each filter selects the finding's frames, no more
        for (Element el : section.select("[data-frames-of]")) {
            List<Long> inFilter = new ArrayList<>();
            Matcher m = Pattern.compile("\\d+").matcher(el.ownText());
            while (m.find()) inFilter.add(Long.parseLong(m.group()));
            List<Long> frames = new ArrayList<>();
            String src = el.hasAttr("data-frames-src") ? el.attr("data-frames-src") : "expert";
            cli.get(src).at(el.attr("data-frames-of")).forEach(n -> frames.add(n.isObject() ? n.get("frame").asLong() : n.asLong()));
            assertThat(inFilter).isEqualTo(frames);
        }
        // the counts independently: one cell per finding kind and per listed finding, two cells per connection's direction
        JsonNode expert = cli.get("expert");
        assertThat(section.select("td[data-ptr^=/counts/]")).hasSize(expert.get("counts").size());
        assertThat(section.select("[data-finding]")).hasSize(expert.get("findings").size());
        assertThat(section.select("[data-finding] [data-finding], section.connection section.connection")).as("well-formed: no card inside another").isEmpty();
        assertThat(section.select("section.connection")).hasSize(cli.get("flows").size());
        assertThat(checked).isGreaterThan(20);

        // every other number shown comes from the evidence table, a label, or a finding's filter
        List<String> unaccounted = new ArrayList<>();
        NodeTraversor.traverse((NodeVisitor) (node, depth) -> {
            if (!(node instanceof TextNode t) || !t.text().matches("(?s).*\\d.*")) return;
            for (Element p = (Element) t.parent(); p != null; p = p.parent()) {
                if (p.hasAttr("data-src") || p.hasAttr("data-frames-of") || p.hasClass("evidence") || p.tagName().equals("th")
                    || p.hasClass("l") || p.hasClass("label") || p.hasAttr("data-ev") || p.tagName().equals("figure")
                    || p.hasClass("explain")) return;
            }
            unaccounted.add(t.text());
        }, section);
        assertThat(unaccounted).isEmpty();
    }

    /**
     * A number shown as the CLI's JSON holds it, or scaled into other units ({@code data-scale}): then it
     * must be the JSON value times the scale, rounded to the decimals shown.
     */
    static void checkNumber(Element el, JsonNode v) {
        if (el.hasAttr("data-hex")) {
            assertThat(el.text()).as(el.attr("data-ptr")).isEqualTo("0x" + Long.toHexString(v.asLong()));
            return;
        }
        if (!el.hasAttr("data-scale")) {
            assertThat(el.text()).as(el.attr("data-ptr")).isEqualTo(v.asText());
            return;
        }
        BigDecimal shown = new BigDecimal(el.text());
        BigDecimal expected = new BigDecimal(v.asText()).multiply(new BigDecimal(el.attr("data-scale")));
        assertThat(shown.subtract(expected).abs()).as(el.attr("data-ptr") + " " + el.text() + " vs " + expected)
            .isLessThanOrEqualTo(BigDecimal.ONE.movePointLeft(shown.scale()).divide(BigDecimal.valueOf(2)));
    }

    /** Each finding's Wireshark filter, run by tshark on the real capture, selects exactly the frames the finding names. */
    @ParameterizedTest
    @ValueSource(strings = {"rnr_nak", "send_bw_loss2pct", "cm_reject_no_listener", "send_bw_corrupt1pct"})
    void wiresharkFilterOfEveryFindingSelectsItsFrames(String name) throws Exception {
        Assumptions.assumeTrue(ExternalTool.installed("tshark"), "tshark is not installed");
        Path file = TestCaptures.file(name);
        Document d = Jsoup.parse(report("html", file).toFile(), "UTF-8");
        JsonNode expert = cli("expert", file);
        List<Element> findings = d.select("[data-finding]:has([data-filter=wireshark])");
        assertThat(findings).isNotEmpty();
        // every finding of the small captures; of the large ones the first 6 (each tshark run reads the whole file)
        int max = Files.size(file) < 100_000 ? Integer.MAX_VALUE : 6;
        boolean sawSet = false;
        for (Element finding : findings.subList(0, Math.min(max, findings.size()))) {
            String filter = finding.selectFirst("[data-filter=wireshark]").ownText();
            sawSet |= filter.contains(" in {");
            String frames = run("tshark", "-n", "-r", file.toString(), "-Y", filter, "-T", "fields", "-e", "frame.number").trim();
            List<String> expected = new ArrayList<>();
            expert.get("findings").get(Integer.parseInt(finding.attr("data-finding"))).get("frames").forEach(n -> expected.add(n.asText()));
            assertThat(frames.split("\n")).as(filter).containsExactlyElementsOf(expected);
            // and RoCEscope's own filter language takes its form
            String ours = finding.selectFirst("[data-filter=rocescope]").ownText();
            CliRunner r = CliRunner.run("dissect", "-Y", ours, "-T", "fields", "-e", "frame.number", file.toString());
            assertThat(r.lines()).as(ours).containsExactlyElementsOf(expected);
        }
        if (name.equals("rnr_nak")) assertThat(sawSet).as("a filter with a set of frames").isTrue();
    }

    @Test
    void markdownAndJsonCarryTheSameNumbers() throws Exception {
        Path file = TestCaptures.file("send_bw_loss2pct");
        String md = Files.readString(report("md", file));
        int seal = md.lastIndexOf(ReportWriter.MD_SEAL);
        assertThat(md.substring(seal + ReportWriter.MD_SEAL.length()).trim()).isEqualTo(sha256(md.substring(0, seal)));
        JsonNode json = sealedJson(report("json", file));
        JsonNode flows = cli("flows", file), expert = cli("expert", file);
        JsonNode conn = json.get("files").get(0).get("connections").get(0);
        for (JsonNode cell : conn.get("directions").get(0).get("cells")) {
            assertThat(cell.get("value").asText()).isEqualTo(flows.at(cell.get("ptr").asText()).asText());
            assertThat(md).contains("| " + cell.get("label").asText() + " | " + cell.get("value").asText() + " |");
        }
        expert.get("counts").fields().forEachRemaining(e ->
            assertThat(md).containsPattern("\\| " + Pattern.quote(e.getKey().replace("_", "\\_")) + " \\| " + e.getValue().asText() + " \\|"));
        assertThat(md).contains(json.get("files").get(0).get("evidence").get("sha256").asText());
    }

    /** A pcapng with an HTML/JS comment, made from the real capture's frames (section header, one interface, EPBs). */
    private static byte[] pcapngWithComment(Path pcap, String comment) throws IOException {
        ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(pcap)).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(in.getInt(0)).isEqualTo(0xa1b2c3d4);   // little-endian microsecond pcap, as the ground truth is
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] c = comment.getBytes(StandardCharsets.UTF_8);
        int optLen = 4 + ((c.length + 3) & ~3) + 4;
        ByteBuffer shb = ByteBuffer.allocate(28 + optLen).order(ByteOrder.LITTLE_ENDIAN);
        shb.putInt(0x0A0D0D0A).putInt(28 + optLen).putInt(0x1A2B3C4D).putShort((short) 1).putShort((short) 0).putLong(-1);
        shb.putShort((short) 1).putShort((short) c.length).put(c).position(shb.position() + ((4 - c.length % 4) % 4));
        shb.putInt(0).putInt(28 + optLen);
        out.write(shb.array());
        ByteBuffer idb = ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN);
        idb.putInt(1).putInt(20).putShort((short) in.getInt(20)).putShort((short) 0).putInt(in.getInt(16)).putInt(20);
        out.write(idb.array());
        int p = 24;
        while (p + 16 <= in.limit()) {
            long usec = (in.getInt(p) & 0xFFFFFFFFL) * 1_000_000L + (in.getInt(p + 4) & 0xFFFFFFFFL);
            int incl = in.getInt(p + 8), orig = in.getInt(p + 12);
            int padded = (incl + 3) & ~3;
            ByteBuffer epb = ByteBuffer.allocate(32 + padded).order(ByteOrder.LITTLE_ENDIAN);
            epb.putInt(6).putInt(32 + padded).putInt(0).putInt((int) (usec >>> 32)).putInt((int) usec).putInt(incl).putInt(orig);
            epb.put(in.array(), p + 16, incl).position(28 + padded);
            epb.putInt(32 + padded);
            out.write(epb.array());
            p += 16 + incl;
        }
        return out.toByteArray();
    }

    @Test
    void fileNamesAndCommentsAreEscaped() throws Exception {
        String evilName = "<img src=x onerror=alert(1)>&\"'.pcapng";
        String evilComment = "</td></tr></table><script>alert(\"pwned\")</script> *bold* | [x](javascript:alert(2))\n# heading";
        Path evil = tmp.resolve(evilName);
        Files.write(evil, pcapngWithComment(TestCaptures.file("rnr_nak"), evilComment));

        Path html = report("html", evil);
        String raw = Files.readString(html);
        assertThat(raw).doesNotContain("<script", "<img", "onerror=alert(1)>");
        Document d = Jsoup.parse(raw);
        assertThat(d.select("script, img, [onerror]")).isEmpty();
        assertThat(d.select("td.comment").eachText()).contains(evilComment.replace("\n", " "));
        assertThat(d.select("h2").text()).isEqualTo(evilName);
        assertThat(d.select("header .meta.mono").text()).contains("<img src=x onerror=alert(1)>");

        String md = Files.readString(report("md", evil));
        assertThat(md).doesNotContain("<script", "<img", "\n# heading", "[x](javascript");
        JsonNode json = sealedJson(report("json", evil));
        assertThat(json.at("/files/0/evidence/name").asText()).isEqualTo(evilName);
        assertThat(json.at("/files/0/evidence/comments/0").asText()).isEqualTo(evilComment);
        assertThat(json.at("/files/0/evidence/format").asText()).isEqualTo("pcapng");
        // the same frames as the pcap they came from
        assertThat(json.at("/files/0/evidence/frames").asLong()).isEqualTo(cli("stats", TestCaptures.file("rnr_nak")).at("/summary/frames").asLong());
    }

    @Test
    void badOutputNameIsOneLineAndExit2() {
        CliRunner r = CliRunner.run("report", TestCaptures.file("rnr_nak").toString(), "-o", tmp.resolve("x.pdf").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("must end in .html, .md or .json").doesNotContain("Exception");
        r = CliRunner.run("report", tmp.resolve("missing.pcap").toString(), "-o", tmp.resolve("x.html").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err().lines().count()).isEqualTo(1);
    }

    @Test
    void rendersInHeadlessChromium() throws Exception {
        Assumptions.assumeTrue(ExternalTool.installed("chromium"), "chromium is not installed");
        Path html = report("html", TestCaptures.file("send_bw_loss2pct"), TestCaptures.file("cm_reject_no_listener"));
        Path target = Path.of("target").toAbsolutePath();
        Files.createDirectories(target);
        for (String[] shot : new String[][] {{"report-desktop.png", "1200,2600"}, {"report-phone.png", "390,2400"}}) {
            Path png = target.resolve(shot[0]);
            Files.deleteIfExists(png);
            run("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
                "--hide-scrollbars", "--window-size=" + shot[1], "--screenshot=" + png, html.toUri().toString());
            byte[] b = Files.readAllBytes(png);
            assertThat(Arrays.copyOf(b, 4)).isEqualTo(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        }
        // the per-connection fabric, parameters and ending (issues 18, 19) and the per-priority table, in one shot
        Path conn = report("html", TestCaptures.sample("send_bw_tclass106_ce"), TestCaptures.sample("retry_exhausted"));
        Path shot = target.resolve("report-connection.png");
        Files.deleteIfExists(shot);
        run("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
            "--hide-scrollbars", "--window-size=1200,9000", "--screenshot=" + shot, conn.toUri().toString());
        assertThat(Arrays.copyOf(Files.readAllBytes(shot), 4)).isEqualTo(new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        Path pdf = target.resolve("report.pdf");
        Files.deleteIfExists(pdf);
        run("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run",
            "--no-pdf-header-footer", "--print-to-pdf=" + pdf, html.toUri().toString());
        assertThat(new String(Arrays.copyOf(Files.readAllBytes(pdf), 5), StandardCharsets.US_ASCII)).isEqualTo("%PDF-");
    }

    /**
     * retry_exhausted: three timeout resends of one packet each. An episode of one packet has no span, so
     * the summary must not call it "lasting 0.000 ms" (it read as if nothing had happened); the resends'
     * count still equals tshark's count of repeated PSNs.
     */
    @Test
    void singlePacketResendsAreNotSaidToLastZeroMilliseconds() throws Exception {
        Path file = TestCaptures.sample("retry_exhausted");
        JsonNode summary = sealedJson(report("json", file)).at("/files/0/summary");
        StringBuilder plain = new StringBuilder();
        summary.forEach(s -> plain.append(s.get("plain").asText()).append('\n'));
        List<String> psns = List.of(run("tshark", "-r", file.toString(), "-Y", "infiniband.bth.opcode == 4", "-T", "fields",
            "-e", "infiniband.bth.psn").trim().split("\n"));
        long resent = psns.size() - psns.stream().distinct().count();
        assertThat(plain.toString()).contains("resent " + resent + " packets in " + resent + " Go-Back-N episodes")
            .doesNotContain("0.000 ms");
    }
}
