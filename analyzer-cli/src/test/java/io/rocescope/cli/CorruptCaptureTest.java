package io.rocescope.cli;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.dissector.TestPcapWriter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The corrupt-capture corpus (src/test/resources/corrupt, made from a real capture by
 * scripts/corrupt-corpus.py, whose MANIFEST.tsv says where each file is damaged, counted by that
 * script's own walk of the records) through {@code dissect} and {@code flows}: every frame before the
 * damage prints exactly as the undamaged capture prints it, the damage is one line on stderr, and the
 * exit code is 0 when frames were read, 2 when none could be (or the file header is bad).
 */
class CorruptCaptureTest {
    @TempDir
    static Path tmp;

    private record Case(String file, String source, int framesBefore, String message, int exit, String damage) {
        static Case parse(String line) {
            String[] c = line.split("\t");
            return new Case(c[0], c[1], c[2].equals("-") ? -1 : Integer.parseInt(c[2]), c[3].equals("-") ? null : c[3],
                Integer.parseInt(c[4]), c[5]);
        }
    }

    private static Path corpus() throws URISyntaxException {
        return Path.of(CorruptCaptureTest.class.getResource("/corrupt/MANIFEST.tsv").toURI()).getParent();
    }

    @TestFactory
    Stream<DynamicTest> everyDamagedFile() throws IOException, URISyntaxException {
        Path dir = corpus();
        List<Case> cases = Files.readAllLines(dir.resolve("MANIFEST.tsv")).stream()
            .filter(l -> !l.startsWith("#") && !l.isBlank()).map(Case::parse).toList();
        assertThat(cases).hasSizeGreaterThanOrEqualTo(15);
        return cases.stream().map(c -> DynamicTest.dynamicTest(c.file() + ": " + c.damage(), () -> check(dir.resolve(c.file()), c)));
    }

    private static void check(Path file, Case c) throws IOException {
        String original = TestCaptures.file(c.source()).toString();
        for (String command : new String[] {"dissect", "flows"}) {
            CliRunner r = CliRunner.run(command, file.toString());
            assertThat(r.exit()).as(command + " exit").isEqualTo(c.exit());
            List<String> err = r.err().lines().toList();
            if (c.message() == null) {
                assertThat(err).as(command + " stderr").isEmpty();
            } else {
                assertThat(err).as(command + " stderr: one line").hasSize(1);
                assertThat(err.get(0)).startsWith("rocescope: ").contains(c.message()).doesNotContain("Exception");
                if (c.framesBefore() > 0 && !c.file().contains("link-type-odd")) assertThat(err.get(0)).contains(c.framesBefore() + " frames were read before it");
            }
            if (c.framesBefore() < 0 || (c.framesBefore() == 0 && c.exit() != 0)) {
                assertThat(r.out()).as(command + " prints nothing for a file it cannot read").isEmpty();
                continue;
            }
            if (command.equals("dissect")) {
                String[] lines = r.lines();
                assertThat(lines).hasSize(c.framesBefore());
                if (c.file().contains("link-type-odd")) {
                    for (int i = 0; i < lines.length; i++) assertThat(lines[i].trim()).startsWith((i + 1) + " ");
                } else {
                    String[] whole = CliRunner.run("dissect", original).lines();
                    assertThat(lines).containsExactly(Arrays.copyOf(whole, c.framesBefore()));
                }
            } else if (!c.file().contains("link-type-odd")) {
                // flows over the damaged file = flows over a clean file of the frames before the damage
                Path clean = tmp.resolve(c.file() + ".clean.pcap");
                List<TestCaptures.RawFrame> frames = TestCaptures.records(TestCaptures.file(c.source()));
                Files.write(clean, TestPcapWriter.pcap(frames.subList(0, c.framesBefore()), 1, ByteOrder.LITTLE_ENDIAN, false, 65535));
                assertThat(r.out()).isEqualTo(CliRunner.run("flows", clean.toString()).out());
            }
        }
    }
}
