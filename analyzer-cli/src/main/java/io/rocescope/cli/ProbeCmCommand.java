package io.rocescope.cli;

import io.rocescope.cli.probe.CmProbe;
import io.rocescope.cli.probe.DryRunLink;
import io.rocescope.cli.probe.ProbeSpec;
import io.rocescope.cli.probe.ProbeTarget;
import io.rocescope.cli.probe.Sweep;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import static io.rocescope.dissector.field.ksy.IbMadLayout.MASK_SERVICE_ID_PORT;

/** {@code rocescope probe cm TARGET…}: a RoCE CM ping (see {@link CmProbe}). */
@Command(name = "cm", description = {"RoCE CM ping: a CM REQ (UD SEND to QP1, RDMA-CM service ID on --port, our own GID and QPN) per probe,",
    "timed to the REJ (the target's CM is alive over RoCE) or REP (a listener accepted; answered with a REJ at once), resent as CM",
    "resends (--cm-response-timeout, --retries). Needs root or CAP_NET_RAW (raw frames through libpcap), except --dry-run."})
final class ProbeCmCommand implements Callable<Integer> {
    @CommandLine.Mixin
    HelpOption help = new HelpOption();

    @CommandLine.Mixin
    ProbeOptions probe = new ProbeOptions();

    @CommandLine.Mixin
    CmProbeOptions cm = new CmProbeOptions();

    @Parameters(arity = "1..*", paramLabel = "TARGET", description = "hosts to probe (IPv4 addresses or names), each named on its own")
    List<String> targets = new ArrayList<>();

    @Option(names = "-i", paramLabel = "IFACE", description = "interface the route must leave by (default: the route's own)")
    String iface;

    @Option(names = "--port", paramLabel = "N", description = "RDMA-CM port of the service ID asked for (default 9999: nothing usually listens; rping's is 7174)")
    int port = ProbeSpec.DEFAULT_CM_PORT;

    @Option(names = "--dry-run", description = "write the probes to -w FILE instead of sending them (needs no rights)")
    boolean dryRun;

    @Option(names = "-w", paramLabel = "FILE", description = "with --dry-run: the pcap the probes are written to")
    Path write;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.ParentCommand
    ProbeCommand parent;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        probe.check(cl);
        if (dryRun != (write != null)) throw new CommandLine.ParameterException(cl, "--dry-run and -w FILE go together (the probes are written, not sent)");
        if (port < 0 || port > MASK_SERVICE_ID_PORT) throw new CommandLine.ParameterException(cl, "--port " + port + " is not a port");
        cm.check(cl);
        Sweep sweep = cm.sweep(cl);
        List<ProbeTarget> parsed = new ArrayList<>();
        for (String t : targets) {
            try {
                parsed.add(ProbeSpec.ipv4(ProbeTarget.parse(t)));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cl, e.getMessage());
            }
        }
        byte[] mac = cm.mac(cl);
        DryRunLink.VirtualClock virtual = new DryRunLink.VirtualClock();
        CmProbeJob.DryRun dry = dryRun ? new CmProbeJob.DryRun(new DryRunLink(Files.newOutputStream(write), virtual), virtual, write) : null;
        CmProbeJob.Plan plan = new CmProbeJob.Plan(probe.count, probe.rate(), cm, sweep, mac, dry);
        try {
            List<ProbeJob.Opener> jobs = new ArrayList<>();
            // a bucket of each target's own: the targets are probed one after the other
            for (ProbeTarget t : parsed) jobs.add(() -> CmProbeJob.open(t, port, iface, plan, null));
            return probe.run(jobs, parent.root.stdout(), cl.getErr());
        } finally {
            if (dry != null) dry.link().close();
        }
    }
}
