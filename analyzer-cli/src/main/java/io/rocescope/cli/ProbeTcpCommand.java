package io.rocescope.cli;

import io.rocescope.cli.probe.ProbeResult;
import io.rocescope.cli.probe.ProbeTarget;
import io.rocescope.cli.probe.TcpProbe;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code rocescope probe tcp HOST:PORT…}: timed TCP connects (see {@link TcpProbe}). */
@Command(name = "tcp", description = {"Timed TCP connects to HOST:PORT (perftest's 18515, a bootstrap port …): open, refused, timeout.",
    "A normal socket: no rights needed."})
final class ProbeTcpCommand implements Callable<Integer> {
    @CommandLine.Mixin
    HelpOption help = new HelpOption();

    @CommandLine.Mixin
    ProbeOptions probe = new ProbeOptions();

    @Parameters(arity = "1..*", paramLabel = "HOST:PORT", description = "targets, each named on its own")
    List<String> targets = new ArrayList<>();

    @Option(names = "--timeout", paramLabel = "MS", description = "connect timeout per probe (default 1000 ms)")
    int timeoutMillis = 1000;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.ParentCommand
    ProbeCommand parent;

    @Override
    public Integer call() throws Exception {
        CommandLine cl = spec.commandLine();
        probe.check(cl);
        if (timeoutMillis < 1 || timeoutMillis > 60_000) throw new CommandLine.ParameterException(cl, "--timeout must be 1..60000 ms");
        List<ProbeTarget> hosts = new ArrayList<>();
        List<Integer> ports = new ArrayList<>();
        for (String t : targets) {
            int colon = t.lastIndexOf(':');
            if (colon <= 0) throw new CommandLine.ParameterException(cl, "target '" + t + "' needs a port: HOST:PORT");
            int port;
            try {
                port = Integer.parseInt(t.substring(colon + 1));
            } catch (NumberFormatException e) {
                throw new CommandLine.ParameterException(cl, "target '" + t + "': bad port");
            }
            if (port < 1 || port > 65535) throw new CommandLine.ParameterException(cl, "target '" + t + "': bad port");
            String host = t.substring(0, colon).replaceAll("^\\[|\\]$", "");
            try {
                hosts.add(ProbeTarget.parse(host));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cl, e.getMessage());
            }
            ports.add(port);
        }
        OutputStream out = parent.root.stdout();
        List<ProbeResult> results = new ArrayList<>();
        for (int i = 0; i < hosts.size(); i++) {
            ProbeTarget t = hosts.get(i);
            int port = ports.get(i);
            ProbeResult r = new ProbeResult("tcp", targets.get(i), t.ip(), null, null);
            r.settings.put("port", port);
            r.settings.put("rate", probe.rate);
            r.settings.put("timeoutMillis", timeoutMillis);
            if (!probe.json()) {
                out.write(String.format(java.util.Locale.ROOT, "PROBE tcp %s (%s) port %d: %d probes, %s/s%n", TerminalText.escape(targets.get(i)),
                    t.ip(), port, probe.count, CheckReport.number(probe.rate)).getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
            new TcpProbe(probe.count, probe.rate, timeoutMillis).run(new InetSocketAddress(t.address(), port), r, p -> {
                if (probe.json()) return;
                try {
                    out.write(ProbeOptions.line(r, p).getBytes(StandardCharsets.UTF_8));
                    out.flush();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            results.add(r);
        }
        return probe.finish(results, out);
    }
}
