package io.rocescope.cli;

import io.rocescope.dissector.TestCaptures;
import io.rocescope.synth.Synthesizer;
import io.rocescope.synth.Truth;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** rules/security.yaml: each synthesized scan fails its rule with the ground truth's count; real captures pass. */
class SecurityPackTest {
    @TempDir
    Path dir;

    private static String pack() {
        for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p.resolve("rules/security.yaml"))) return p.resolve("rules/security.yaml").toString();
        }
        throw new IllegalStateException("rules/security.yaml not found");
    }

    @Test
    void eachScanFailsItsRuleWithItsGroundTruthCount() throws Exception {
        String[][] cases = {{"qpn-scan", "qpn-enumeration", "unsolicited_qpns_per_source", "scan.qpn"},
            {"cm-scan", "cm-service-scan", "cm_services_per_source", "scan.cm_service"},
            {"rkey-probe", "rkey-probing", "refused_rkeys_per_source", "scan.rkey"},
            {"gid-spoof", "cm-gid-spoofing", "cm_gid_mismatch_count", "cm.gid_mismatch"}};
        for (String[] c : cases) {
            Path file = dir.resolve(c[0] + ".pcap");
            Truth t = Synthesizer.write(c[0], file, 11, 100, 100);
            long count = t.faults.stream().filter(f -> f.kind().equals(c[3])).mapToLong(Truth.Fault::count).sum();
            CliRunner r = CliRunner.run("check", "--rules", pack(), file.toString());
            assertThat(r.exit()).as(c[0] + "\n" + r.out()).isEqualTo(1);
            assertThat(r.out()).contains("[error] " + c[1]).contains("capture: " + c[2] + " = " + count + ",")
                .contains("4 of 5 rules passed");
        }
    }

    @Test
    void realCapturesWithoutAbusePass() {
        for (String name : List.of("rping", "send_bw_rc_rdmacm", "cm_reject_no_listener", "nak_remote_access_write", "send_bw_loss2pct")) {
            CliRunner r = CliRunner.run("check", "--rules", pack(), TestCaptures.file(name).toString());
            assertThat(r.exit()).as(name + "\n" + r.out()).isZero();
        }
    }
}
