package io.rocescope.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * -T json, ek, pdml and psml in tshark's layouts: for every field both tools print in a frame, the
 * values (every occurrence, in order) equal tshark 4.0's, on the real captures.
 */
class TsharkJsonTest {
    /**
     * Where the tools deliberately differ. prim/alt flowlabel and pktrate: tshark 4.0 reads the REQ flow-label
     * word from 3 bytes (see TsharkOracleTest); alt GIDs: tshark prints an all-zero GID as bytes; immdt: tshark
     * nests a second infiniband.immdt under the first; infiniband.mad: tshark's node spans the whole 256-byte MAD,
     * RoCEscope's the 24-byte common header it names.
     */
    static final Set<String> DIFFERENT = Set.of("infiniband.cm.req.prim_flowlabel", "infiniband.cm.req.prim_pktrate",
        "infiniband.cm.req.alt_flowlabel", "infiniband.cm.req.alt_pktrate", "infiniband.cm.req.alt_localgid",
        "infiniband.cm.req.alt_remotegid", "infiniband.immdt", "infiniband.mad");

    private static final List<String[]> CAPTURES = List.of(new String[] {"rping"}, new String[] {"send_write_imm"},
        new String[] {"udaddy_sidr"}, new String[] {"atomic_bw_fetch_add"}, new String[] {"nak_remote_access_write"},
        new String[] {"send_bw_ud"}, new String[] {"cm_reject_no_listener"}, new String[] {"rnr_nak"},
        new String[] {"send_bw_ipv6", "-c", "300"}, new String[] {"send_bw_vlan100", "-c", "300"}, new String[] {"read_bw_rc", "-c", "300"});

    /** Per frame: every scalar under "layers", by key, in document order (duplicate keys kept, as tshark writes them). */
    static List<Map<String, List<String>>> leaves(String json) throws IOException {
        List<Map<String, List<String>>> frames = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(json)) {
            assertThat(p.nextToken()).isEqualTo(JsonToken.START_ARRAY);
            while (p.nextToken() == JsonToken.START_OBJECT) {
                Map<String, List<String>> m = new LinkedHashMap<>();
                int depth = 1;
                boolean inLayers = false;
                int layersDepth = -1;
                String key = null;
                while (depth > 0) {
                    JsonToken t = p.nextToken();
                    if (t == JsonToken.FIELD_NAME) {
                        key = p.currentName();
                        if (key.equals("layers") && !inLayers) { inLayers = true; layersDepth = depth + 1; }
                    } else if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
                        depth++;
                    } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
                        depth--;
                    } else if (inLayers && depth >= layersDepth) {
                        m.computeIfAbsent(key, k -> new ArrayList<>()).add(p.getText());
                    }
                }
                frames.add(m);
            }
        }
        return frames;
    }

    private static String[] args(String tool, String format, String[] c) {
        List<String> a = new ArrayList<>(tool.equals("ours") ? List.of("dissect") : List.of());
        a.addAll(List.of("-r", TestCaptures.file(c[0]).toString(), "-T", format));
        for (int k = 1; k < c.length; k++) a.add(c[k]);
        return a.toArray(String[]::new);
    }

    /** Asserts that every key of ours that tshark also has in the frame has tshark's values; returns how many were compared. */
    private static int compare(String what, List<Map<String, List<String>>> ours, List<Map<String, List<String>>> theirs) {
        assertThat(ours).as(what + " frames").hasSameSizeAs(theirs);
        int compared = 0;
        for (int i = 0; i < ours.size(); i++) {
            for (Map.Entry<String, List<String>> e : ours.get(i).entrySet()) {
                List<String> t = theirs.get(i).get(e.getKey());
                if (t == null || DIFFERENT.contains(e.getKey())) continue;
                assertThat(e.getValue()).as(what + " frame " + (i + 1) + " " + e.getKey()).isEqualTo(t);
                compared++;
            }
        }
        return compared;
    }

    @Test
    void jsonLeavesEqualTsharksForEveryFieldBothPrint() throws Exception {
        Tshark.assume();
        int compared = 0;
        Set<String> keys = new java.util.TreeSet<>();
        for (String[] c : CAPTURES) {
            CliRunner r = CliRunner.run(args("ours", "json", c));
            assertThat(r.exit()).isZero();
            JsonNode tree = new ObjectMapper().readTree(r.out());
            assertThat(tree.get(0).get("_index").asText()).startsWith("packets-");
            assertThat(tree.get(0).get("_source").get("layers").get("frame").get("frame.number").asText()).isEqualTo("1");
            List<Map<String, List<String>>> ours = leaves(r.out()), theirs = leaves(Tshark.run(args("tshark", "json", c)));
            compared += compare(c[0] + " json", ours, theirs);
            for (int i = 0; i < ours.size(); i++) for (String k : ours.get(i).keySet()) if (theirs.get(i).containsKey(k)) keys.add(k);
        }
        assertThat(compared).isGreaterThan(10_000);
        // the InfiniBand transport and CM fields are among them
        assertThat(keys).contains("infiniband.bth.psn", "infiniband.bth.destqp", "infiniband.aeth.syndrome", "infiniband.reth.va",
            "infiniband.cm.req.serviceid", "infiniband.cm.rej.reason", "infiniband.deth.srcqp", "ip.src", "udp.dstport", "eth.src");
    }

    @Test
    void jqStyleSubtreesAreWhereTsharkPutsThem() throws Exception {
        Tshark.assume();
        String[] c = {"send_write_imm"};
        JsonNode ours = new ObjectMapper().readTree(CliRunner.run(args("ours", "json", c)).out());
        JsonNode theirs = new ObjectMapper().readTree(Tshark.run(args("tshark", "json", c)));
        // .[]._source.layers.infiniband["infiniband.bth_tree"]["infiniband.bth.psn"], as a jq script would ask
        for (int i = 0; i < theirs.size(); i++) {
            JsonNode t = theirs.get(i).at("/_source/layers/infiniband/infiniband.bth_tree/infiniband.bth.psn");
            JsonNode o = ours.get(i).at("/_source/layers/infiniband/infiniband.bth_tree/infiniband.bth.psn");
            assertThat(o.isMissingNode() ? null : o.asText()).as("frame " + (i + 1)).isEqualTo(t.isMissingNode() ? null : t.asText());
            JsonNode tr = theirs.get(i).at("/_source/layers/infiniband/infiniband.reth_tree/infiniband.reth.va");
            JsonNode orr = ours.get(i).at("/_source/layers/infiniband/infiniband.reth_tree/infiniband.reth.va");
            assertThat(orr.isMissingNode() ? null : orr.asText()).isEqualTo(tr.isMissingNode() ? null : tr.asText());
        }
    }

    @Test
    void ekLinesPdmlShowValuesAndPsmlColumnsEqualTsharks() throws Exception {
        Tshark.assume();
        String[] c = {"rping"};
        // ek: an index line and a document line per frame; the document's flattened leaves equal tshark's
        List<String> ours = CliRunner.run(args("ours", "ek", c)).out().lines().toList();
        List<String> theirs = Tshark.run(args("tshark", "ek", c)).lines().toList();
        assertThat(ours).hasSameSizeAs(theirs);
        ObjectMapper om = new ObjectMapper();
        List<Map<String, List<String>>> ek = new ArrayList<>(), tek = new ArrayList<>();
        for (int i = 0; i < ours.size(); i += 2) {
            assertThat(om.readTree(ours.get(i))).isEqualTo(om.readTree(theirs.get(i)));
            JsonNode o = om.readTree(ours.get(i + 1)), t = om.readTree(theirs.get(i + 1));
            assertThat(o.get("timestamp")).isEqualTo(t.get("timestamp"));
            ek.add(leaves("[{\"layers\":" + o.get("layers") + "}]").get(0));
            tek.add(leaves("[{\"layers\":" + t.get("layers") + "}]").get(0));
        }
        compareEk(ek, tek);
        // pdml: well-formed, and every field's show attribute as tshark's
        List<Map<String, List<String>>> pdml = pdml(CliRunner.run(args("ours", "pdml", c)).out());
        List<Map<String, List<String>>> tpdml = pdml(Tshark.run(args("tshark", "pdml", c)));
        assertThat(compare("pdml", pdml, tpdml)).isGreaterThan(500);
        // psml: number, time and length columns as tshark's
        List<List<String>> psml = psml(CliRunner.run(args("ours", "psml", c)).out());
        List<List<String>> tpsml = psml(Tshark.run(args("tshark", "psml", c)));
        assertThat(psml).hasSameSizeAs(tpsml);
        for (int i = 0; i < psml.size(); i++) {
            for (int col : new int[] {0, 1, 4, 5}) assertThat(psml.get(i).get(col)).isEqualTo(tpsml.get(i).get(col));
        }
    }

    private static void compareEk(List<Map<String, List<String>>> ours, List<Map<String, List<String>>> theirs) {
        int compared = 0;
        for (int i = 0; i < ours.size(); i++) {
            for (Map.Entry<String, List<String>> e : ours.get(i).entrySet()) {
                List<String> t = theirs.get(i).get(e.getKey());
                String name = e.getKey().substring(e.getKey().indexOf('_') + 1).replace('_', '.');
                // ek prints frame.time in ISO 8601 (2026-12-01T05:04:12.673917000Z); RoCEscope keeps the -T fields text
                // a field repeated in a layer (ip.addr): tshark's ek gathers it into one array, in its own order
                if (t != null && t.size() > 1) continue;
                if (t == null || name.equals("frame.time") || DIFFERENT.stream().anyMatch(d -> d.replace('_', '.').equals(name))) continue;
                // flags Wireshark declares FT_BOOLEAN and RoCEscope as 1-bit numbers: ek has false/true for 0/1 (README)
                List<String> expected = t.stream().map(v -> v.equals("false") ? "0" : v.equals("true") ? "1" : v).toList();
                List<String> got = e.getValue().stream().map(v -> v.equals("false") ? "0" : v.equals("true") ? "1" : v).toList();
                assertThat(got).as("ek frame " + (i + 1) + " " + e.getKey()).isEqualTo(expected);
                compared++;
            }
        }
        assertThat(compared).isGreaterThan(500);
    }

    private static List<Map<String, List<String>>> pdml(String xml) throws Exception {
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        List<Map<String, List<String>>> out = new ArrayList<>();
        NodeList packets = doc.getElementsByTagName("packet");
        for (int i = 0; i < packets.getLength(); i++) {
            Map<String, List<String>> m = new LinkedHashMap<>();
            NodeList fields = ((Element) packets.item(i)).getElementsByTagName("field");
            for (int k = 0; k < fields.getLength(); k++) {
                Element f = (Element) fields.item(k);
                if (f.hasAttribute("show")) m.computeIfAbsent(f.getAttribute("name"), x -> new ArrayList<>()).add(f.getAttribute("show"));
            }
            out.add(m);
        }
        return out;
    }

    private static List<List<String>> psml(String xml) throws Exception {
        var doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
        List<List<String>> out = new ArrayList<>();
        NodeList packets = doc.getElementsByTagName("packet");
        for (int i = 0; i < packets.getLength(); i++) {
            List<String> cols = new ArrayList<>();
            NodeList s = ((Element) packets.item(i)).getElementsByTagName("section");
            for (int k = 0; k < s.getLength(); k++) cols.add(s.item(k).getTextContent());
            out.add(cols);
        }
        return out;
    }
}
