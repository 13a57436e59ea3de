package io.rocescope.cli;

import io.rocescope.cli.probe.ProbeSpec;
import picocli.CommandLine;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code capture --probe}: the probes to send while capturing, and how, with the probe commands' option
 * names; only the count is {@code --probe-count}, as capture's own {@code -c} counts frames.
 */
final class CaptureProbeOptions {
    @Option(names = "--probe", paramLabel = "KIND:TARGET", description = {"probe while capturing, from -i's interface (implies --analyze; repeatable):",
        "cm:HOST[:PORT] as 'probe cm' (a CM REQ for RDMA-CM port PORT, default 9999), tcp:HOST:PORT as 'probe tcp'; only hosts named one by one,",
        "at most --rate probes/s per host (10 at most, all its probes together). The probes' frames are captured and analysed with the rest,",
        "their results follow the summary; without -c or -a the capture ends once the probes are done"})
    List<String> specs = new ArrayList<>();

    @Option(names = "--probe-count", paramLabel = "N", description = "with --probe: probes per target (default 5; per sweep step with a sweep)")
    int count = 5;

    @CommandLine.Mixin
    ProbeLimits limits = new ProbeLimits();

    @CommandLine.Mixin
    CmProbeOptions cm = new CmProbeOptions();

    @CommandLine.Mixin
    TcpProbeOptions tcp = new TcpProbeOptions();

    boolean any() { return !specs.isEmpty(); }

    /** The probes named and what their run shares (the CM probes' plan: count, rate, CM's settings, the sweep, --dst-mac). */
    record Checked(List<ProbeSpec> probes, CmProbeJob.Plan plan, int timeoutMillis, int maxLost) {}

    /**
     * The probes named, checked: each spec, and the options (a probe option without a probe of its kind
     * is a mistake, not ignored). Null without --probe.
     */
    Checked check(CommandLine cl) {
        CommandLine.ParseResult parsed = cl.getParseResult();
        List<ProbeSpec> probes = new ArrayList<>();
        for (String s : specs) {
            try {
                probes.add(ProbeSpec.parse(s));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cl, e.getMessage());
            }
        }
        boolean anyCm = probes.stream().anyMatch(p -> p.kind().equals("cm")), anyTcp = probes.stream().anyMatch(p -> p.kind().equals("tcp"));
        String cmOnly = given(parsed, CmProbeOptions.class), tcpOnly = given(parsed, TcpProbeOptions.class);
        String shared = parsed.hasMatchedOption("--probe-count") ? "--probe-count" : given(parsed, ProbeLimits.class);
        if (probes.isEmpty() && (shared != null || cmOnly != null || tcpOnly != null)) {
            String o = shared != null ? shared : cmOnly != null ? cmOnly : tcpOnly;
            throw new CommandLine.ParameterException(cl, o + " is a probe option: it needs --probe cm:HOST or --probe tcp:HOST:PORT");
        }
        if (!anyCm && cmOnly != null) throw new CommandLine.ParameterException(cl, cmOnly + " is a CM probe's option: it needs --probe cm:HOST");
        if (!anyTcp && tcpOnly != null) throw new CommandLine.ParameterException(cl, tcpOnly + " is a TCP probe's option: it needs --probe tcp:HOST:PORT");
        if (probes.isEmpty()) return null;
        ProbeLimits.checkCount(cl, count, "--probe-count");
        limits.checkRate(cl);
        limits.checkMaxLost(cl);
        cm.check(cl);
        tcp.check(cl);
        io.rocescope.cli.probe.Sweep sweep = cm.sweep(cl);
        byte[] mac = cm.mac(cl);
        return new Checked(List.copyOf(probes), new CmProbeJob.Plan(count, limits.rate, cm, sweep, mac, null), tcp.timeoutMillis, limits.maxLost);
    }

    /** The first option of {@code mixin}'s given on the command line, or null. */
    private static String given(CommandLine.ParseResult parsed, Class<?> mixin) {
        for (CommandLine.Model.OptionSpec o : parsed.matchedOptions()) {
            if (o.userObject() instanceof java.lang.reflect.Field f && f.getDeclaringClass() == mixin) return o.longestName();
        }
        return null;
    }
}
