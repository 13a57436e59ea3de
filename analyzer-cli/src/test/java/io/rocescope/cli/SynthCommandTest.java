package io.rocescope.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The CLI's face of the synthesizer (its scenarios are tested in the analysis module): bad arguments are one line and exit 2. */
class SynthCommandTest {
    @TempDir
    Path dir;

    @Test
    void anMtuThatIsNotAnIbMtuIsRefused() {
        CliRunner r = CliRunner.run("synth", "clean-rc", "--mtu", "1000", "-o", dir.resolve("x.pcap").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("rocescope: --mtu must be 256, 512, 1024, 2048 or 4096 (see 'rocescope synth --help')\n");
        assertThat(Files.exists(dir.resolve("x.pcap"))).isFalse();
    }

    @Test
    void theHelpListsThePathMtusOfTheCmEnum() {
        // from ksy/ib_mad.ksy's path_mtu enum (CmNames.pathMtus), not a sentence written beside the option
        CliRunner r = CliRunner.run("synth", "--help");
        assertThat(r.exit()).isZero();
        assertThat(r.out().replaceAll("\\s+", " ")).contains("path MTU, one of 256, 512, 1024, 2048, 4096 (default 1024)");
    }

    @Test
    void moreConnectionsThanHighQpnsAreRefused() {
        // distinct-qps numbers its QPs from 0x800000 up: 0x7FFFFF of them fit below 0xFFFFFF
        for (String qps : new String[] {"8388608", "-1"}) {
            CliRunner r = CliRunner.run("synth", "distinct-qps", "--qps", qps, "-o", dir.resolve("x.pcap").toString());
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.err()).isEqualTo("rocescope: --qps must be between 0 (the scenario's own number) and 8388607 (see 'rocescope synth --help')\n");
        }
        assertThat(Files.exists(dir.resolve("x.pcap"))).isFalse();
    }

    @Test
    void anUnwritableOutputIsOneLine() {
        CliRunner r = CliRunner.run("synth", "clean-rc", "-o", "/nonexistent/dir/x.pcap");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).isEqualTo("rocescope: /nonexistent/dir/x.pcap: no such file or directory\n");
    }

    @Test
    void aScenarioWritesACaptureTheAnalysisReads() {
        Path out = dir.resolve("gap.pcap");
        assertThat(CliRunner.run("synth", "psn-gap", "--seed", "3", "-o", out.toString()).exit()).isZero();
        CliRunner flows = CliRunner.run("expert", out.toString());
        assertThat(flows.exit()).isZero();
        assertThat(flows.out()).contains("psn.gap");
    }
}
