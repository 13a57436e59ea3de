package io.rocescope.cli;

import io.rocescope.cli.probe.ProbeSpec;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code rocescope probe tcp HOST:PORT…}: timed TCP connects (see {@link io.rocescope.cli.probe.TcpProbe}). */
@Command(name = "tcp", description = {"Timed TCP connects to HOST:PORT (perftest's 18515, a bootstrap port …): open, refused, timeout.",
    "A normal socket: no rights needed."})
final class ProbeTcpCommand implements Callable<Integer> {
    @CommandLine.Mixin
    HelpOption help = new HelpOption();

    @CommandLine.Mixin
    ProbeOptions probe = new ProbeOptions();

    @Parameters(arity = "1..*", paramLabel = "HOST:PORT", description = "targets, each named on its own")
    List<String> targets = new ArrayList<>();

    @CommandLine.Mixin
    TcpProbeOptions tcp = new TcpProbeOptions();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.ParentCommand
    ProbeCommand parent;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        probe.check(cl);
        tcp.check(cl);
        List<ProbeJob.Opener> jobs = new ArrayList<>();
        for (String t : targets) {
            ProbeSpec target;
            try {
                target = ProbeSpec.tcp(t);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cl, e.getMessage());
            }
            jobs.add(() -> new TcpProbeJob(target, probe.count, probe.rate(), tcp.timeoutMillis, null, null));
        }
        return probe.run(jobs, parent.root.stdout(), cl.getErr());
    }
}
