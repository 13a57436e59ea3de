package io.rocescope.cli;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code capture --probe}'s mistakes, refused before any interface is opened (no rights needed): each in
 * one line, exit 2; a probe option without a probe of its kind is a mistake too, not silently ignored.
 */
class CaptureProbeOptionsTest {
    private static void refused(String expected, String... probeArgs) {
        String[] args = new String[probeArgs.length + 3];
        args[0] = "capture";
        args[1] = "-i";
        args[2] = "no-such-if0";   // never opened: the probes are checked first
        System.arraycopy(probeArgs, 0, args, 3, probeArgs.length);
        CliRunner r = CliRunner.run(args);
        assertThat(r.exit()).as(String.join(" ", probeArgs)).isEqualTo(2);
        assertThat(r.err()).as(String.join(" ", probeArgs)).hasLineCount(1).doesNotContain("Exception")
            .startsWith("rocescope: " + expected).endsWith("(see 'rocescope capture --help')\n");
        assertThat(r.out()).isEmpty();
    }

    @Test
    void badSpecsGetOneLineEach() {
        refused("--probe '10.0.0.2': say which probe: cm:HOST[:PORT] or tcp:HOST:PORT", "--probe", "10.0.0.2");
        refused("--probe 'udp:10.0.0.2': unknown probe 'udp' (cm:HOST[:PORT], tcp:HOST:PORT)", "--probe", "udp:10.0.0.2");
        refused("--probe 'cm:': no target: cm:HOST[:PORT]", "--probe", "cm:");
        refused("--probe 'cm:10.0.0.2:70000': bad port '70000' (the RDMA-CM port: 0..65535)", "--probe", "cm:10.0.0.2:70000");
        refused("--probe 'cm:10.0.0.2:x': bad port 'x'", "--probe", "cm:10.0.0.2:x");
        refused("--probe 'tcp:10.0.0.2': target '10.0.0.2' needs a port: HOST:PORT", "--probe", "tcp:10.0.0.2");
        refused("--probe 'tcp:10.0.0.2:0': target '10.0.0.2:0': bad port", "--probe", "tcp:10.0.0.2:0");
        refused("--probe 'cm:fe80::1': target 'fe80::1': only IPv4 targets for now", "--probe", "cm:fe80::1");
        // an IPv6 host without brackets is ambiguous (fd00::1 port 22, or fd00::1:22 with the port forgotten): refused
        refused("--probe 'tcp:fd00::1:22': target 'fd00::1:22': write an IPv6 host in brackets, [ADDRESS]:PORT", "--probe", "tcp:fd00::1:22");
        refused("--probe 'tcp:[fd00::1:22': target '[fd00::1:22': write an IPv6 host in brackets, [ADDRESS]:PORT", "--probe", "tcp:[fd00::1:22");
    }

    @Test
    void onlySingleHostsAreProbed() {
        for (String t : new String[] {"10.0.0.0/24", "10.0.0.1-20", "10.0.0.*", "255.255.255.255", "224.0.0.1", "0.0.0.0"}) {
            refused("--probe 'cm:" + t + "': target '" + t + "'", "--probe", "cm:" + t);
        }
        refused("--probe 'tcp:10.0.0.0/8:18515': target '10.0.0.0/8' is not a single host", "--probe", "tcp:10.0.0.0/8:18515");
    }

    @Test
    void theRateCapAndTheProbeOptionsHold() {
        refused("--rate is capped at 10 probes/s per target (asked for 11)", "--probe", "cm:10.0.0.2", "--rate", "11");
        refused("--probe-count must be between 1 and 100000", "--probe", "cm:10.0.0.2", "--probe-count", "0");
        refused("--rate is a probe option: it needs --probe cm:HOST or --probe tcp:HOST:PORT", "--rate", "5");
        refused("--probe-count is a probe option", "--probe-count", "3");
        refused("--dscp is a CM probe's option: it needs --probe cm:HOST", "--probe", "tcp:10.0.0.2:18515", "--dscp", "26");
        refused("--timeout is a TCP probe's option: it needs --probe tcp:HOST:PORT", "--probe", "cm:10.0.0.2", "--timeout", "500");
        refused("one sweep at a time: --dscp, --sizes or --paths", "--probe", "cm:10.0.0.2", "--dscp", "0", "--sizes", "400");
        refused("--dscp '70': values are 0..63", "--probe", "cm:10.0.0.2", "--dscp", "70");
        refused("--cm-response-timeout must be 8..24", "--probe", "cm:10.0.0.2", "--cm-response-timeout", "30");
    }

    @Test
    void junitNeedsRulesOrProbes() {
        org.junit.jupiter.api.Assumptions.assumeTrue(CaptureCommandTest.canCaptureOnLoopback(), "looks up lo with libpcap first");
        CliRunner r = CliRunner.run("capture", "-i", "lo", "--junit", "x.xml");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).startsWith("rocescope: --junit needs --rules or --probe");
    }
}
