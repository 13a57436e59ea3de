package io.rocescope.cli;

import io.rocescope.dissector.TestCaptures;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code rocescope fleet} is listed, and without the fleet jar says so in one line (its own tests are in fleet/). */
class FleetCommandTest {
    @Test
    void listedInHelpAndAMissingFleetJarIsOneLine() {
        assertThat(CliRunner.run("--help").out()).containsPattern("(?m)^  fleet ");
        String before = System.getProperty(FleetCommand.JAR_PROPERTY);
        System.setProperty(FleetCommand.JAR_PROPERTY, "/nonexistent/rocescope-fleet.jar");
        try {
            CliRunner r = CliRunner.run("fleet", TestCaptures.dir().toString(), "--out", "/nonexistent/out", "--rules", "x.yaml");
            assertThat(r.exit()).isEqualTo(2);
            assertThat(r.err().lines()).containsExactly("rocescope: fleet mode is not built (no /nonexistent/rocescope-fleet.jar):"
                + " mvn -B -DskipTests package -pl fleet -am, or set ROCESCOPE_FLEET_JAR to rocescope-fleet.jar");
        } finally {
            if (before == null) System.clearProperty(FleetCommand.JAR_PROPERTY);
            else System.setProperty(FleetCommand.JAR_PROPERTY, before);
        }
    }
}
