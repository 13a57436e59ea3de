package io.rocescope.cli;

import io.rocescope.dissector.field.CmNames;
import io.rocescope.synth.Synthesizer;
import io.rocescope.synth.Truth;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code rocescope synth}: write a capture with exactly known faults, and its ground truth. */
@Command(name = "synth",
    description = {"Write a realistic RoCEv2 capture of a scenario with known faults (deterministic for a seed).",
        "Scenarios: clean-rc, socket-setup, psn-gap, nak-storm, rnr, congestion, pfc-storm, cm-reject, cm-timeout, many-qps, bulk, distinct-qps, qpn-scan, cm-scan, rkey-probe, gid-spoof."})
final class SynthCommand implements Callable<Integer> {
    @CommandLine.Mixin
    HelpOption help = new HelpOption();

    @Parameters(index = "0", paramLabel = "SCENARIO")
    String scenario;

    @Option(names = "-o", required = true, paramLabel = "OUT.pcap", description = "the capture to write (- for standard output)")
    String out;

    @Option(names = "--seed", description = "random seed (default 1)")
    long seed = 1;

    @Option(names = "--packets", description = "about how many data packets (clean-rc, many-qps, bulk)")
    long packets = 200;

    @Option(names = "--qps", paramLabel = "N", description = "how many connections (many-qps, bulk, distinct-qps; default: the scenario's own)")
    int qps;

    @Option(names = "--truth", paramLabel = "OUT.json", description = "also write the ground truth as JSON")
    Path truth;

    @Option(names = "--link-speed", paramLabel = "GBPS", description = "link speed for frame timing (default 100)")
    double linkGbps = 100;

    @Option(names = "--mtu", paramLabel = "BYTES", completionCandidates = PathMtus.class,
        description = "path MTU, one of ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE})")
    int mtu = 1024;

    /** The MTUs a path can have (ksy/ib_mad.ksy's path_mtu enum), for --mtu's help and shell completion. */
    static final class PathMtus implements Iterable<String> {
        @Override
        public java.util.Iterator<String> iterator() {
            return java.util.Arrays.stream(CmNames.pathMtus()).mapToObj(Integer::toString).iterator();
        }
    }

    @CommandLine.ParentCommand
    RoceScope root;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (!Synthesizer.scenarios().contains(scenario)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "unknown scenario '" + scenario + "' (" + String.join(", ", Synthesizer.scenarios()) + ")");
        }
        if (packets < 1) throw new CommandLine.ParameterException(spec.commandLine(), "--packets must be at least 1");
        if (CmNames.mtuCode(mtu) < 0) throw new CommandLine.ParameterException(spec.commandLine(), "--mtu must be " + CmNames.pathMtuList());
        if (qps < 0 || qps > Synthesizer.MAX_QPS) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--qps must be between 0 (the scenario's own number) and " + Synthesizer.MAX_QPS);
        }
        Truth t;
        if ("-".equals(out)) {
            t = Synthesizer.write(scenario, root.stdout(), seed, packets, linkGbps, mtu, qps);
        } else {
            try (var os = java.nio.file.Files.newOutputStream(Path.of(out))) {
                t = Synthesizer.write(scenario, os, seed, packets, linkGbps, mtu, qps);
            }
        }
        if (truth != null) Json.write(java.nio.file.Files.newOutputStream(truth), t);
        spec.commandLine().getErr().println("rocescope: wrote " + t.frames + " frames to " + ("-".equals(out) ? "standard output" : out));
        return RoceScope.EXIT_OK;
    }
}
