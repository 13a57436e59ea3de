package io.rocescope.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.Tshark;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Wireshark files AtomicETH's VA and R_Key as infiniband.reth.va / infiniband.reth.r_key: those names
 * select the atomic values in -e, -Y and JSON, as in tshark, and infiniband.atomiceth.* still work.
 */
class AtomicEthAliasTest {
    private static final Path FILE = TestCaptures.file("atomic_bw_fetch_add");

    @Test
    void wiresharkNamesSelectTheAtomicValuesAsTsharkDoes() {
        Assumptions.assumeTrue(Tshark.available(), "tshark is not installed");
        List<String> tshark = new ArrayList<>();
        for (String[] row : Tshark.fields(FILE, null, "frame.number", "infiniband.reth.va", "infiniband.reth.r_key")) {
            tshark.add(String.join("\t", row));
        }
        CliRunner ours = CliRunner.run("dissect", "-T", "fields", "-e", "frame.number", "-e", "infiniband.reth.va",
            "-e", "infiniband.reth.r_key", FILE.toString());
        assertThat(ours.exit()).isZero();
        assertThat(ours.lines()).containsExactlyElementsOf(tshark);
        long atomics = tshark.stream().filter(l -> !l.endsWith("\t\t")).count();
        assertThat(atomics).as("FETCH_ADD requests in the capture").isGreaterThan(40);

        // our own names give the same values
        CliRunner own = CliRunner.run("dissect", "-T", "fields", "-e", "frame.number", "-e", "infiniband.atomiceth.va",
            "-e", "infiniband.atomiceth.r_key", FILE.toString());
        assertThat(own.lines()).containsExactlyElementsOf(tshark);

        // -Y with the Wireshark name picks the frames tshark picks
        String rkey = tshark.stream().filter(l -> !l.endsWith("\t\t")).findFirst().orElseThrow().split("\t")[2];
        String filter = "infiniband.reth.r_key == " + rkey;
        List<String> tsharkFrames = Tshark.fields(FILE, filter, "frame.number").stream().map(r -> r[0]).toList();
        CliRunner filtered = CliRunner.run("dissect", "-Y", filter, "-T", "fields", "-e", "frame.number", FILE.toString());
        assertThat(filtered.lines()).containsExactlyElementsOf(tsharkFrames);
        assertThat(tsharkFrames).hasSize((int) atomics);
    }

    @Test
    void jsonCarriesBothNamesAndTheTreeShowsTheValueOnce() throws Exception {
        CliRunner json = CliRunner.run("dissect", "-T", "rocescope-json", "-c", "30", FILE.toString());
        JsonNode frames = new ObjectMapper().readTree(json.out());
        int checked = 0;
        for (JsonNode f : frames) {
            JsonNode atomic = find(f, "infiniband.atomiceth");
            if (atomic == null) continue;
            JsonNode va = child(atomic, "infiniband.atomiceth.va"), alias = child(atomic, "infiniband.reth.va");
            assertThat(alias).isNotNull();
            assertThat(alias.get("value")).isEqualTo(va.get("value"));
            assertThat(alias.get("offset")).isEqualTo(va.get("offset"));
            assertThat(child(atomic, "infiniband.reth.r_key").get("value")).isEqualTo(child(atomic, "infiniband.atomiceth.r_key").get("value"));
            checked++;
        }
        assertThat(checked).isGreaterThan(0);
        String tree = CliRunner.run("dissect", "-V", "-c", "30", FILE.toString()).out();
        int atomicNodes = tree.split("\\[infiniband\\.atomiceth @", -1).length - 1;
        assertThat(atomicNodes).isEqualTo(checked);
        assertThat(tree.split("Virtual Address: ", -1).length - 1).as("one VA line per AtomicETH").isEqualTo(atomicNodes);
        assertThat(CliRunner.run("fields", "atomiceth.va").out()).contains("also selected as infiniband.reth.va");
    }

    private static JsonNode find(JsonNode n, String name) {
        if (n.has("name") && n.get("name").asText().equals(name)) return n;
        for (JsonNode c : n.has("layers") ? n.get("layers") : n.path("children")) {
            JsonNode r = find(c, name);
            if (r != null) return r;
        }
        return null;
    }

    private static JsonNode child(JsonNode node, String name) {
        for (JsonNode c : node.path("children")) if (c.get("name").asText().equals(name)) return c;
        return null;
    }
}
