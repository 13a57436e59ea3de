package io.rocescope.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code rocescope probe cm|tcp}: active probes to targets named on the command line. */
@Command(name = "probe", subcommands = {ProbeCmCommand.class, ProbeTcpCommand.class},
    description = {"Active probes, only to the hosts named on the command line (never a range or broadcast),",
        "at most 10 probes/s per target: 'probe cm TARGET' (a RoCE CM ping: REQ, timed REJ/REP), 'probe tcp HOST:PORT'.",
        "Exit 0 when every probe was answered, 1 when some were not, 2 on bad input or missing rights."})
final class ProbeCommand implements Runnable {
    @CommandLine.Mixin
    HelpOption help = new HelpOption();

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.ParentCommand
    RoceScope root;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "say which probe: cm TARGET, or tcp HOST:PORT");
    }
}
