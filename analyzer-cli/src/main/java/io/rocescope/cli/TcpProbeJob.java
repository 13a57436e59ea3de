package io.rocescope.cli;

import io.rocescope.cli.probe.ProbeResult;
import io.rocescope.cli.probe.ProbeSpec;
import io.rocescope.cli.probe.Route;
import io.rocescope.cli.probe.TcpProbe;
import io.rocescope.cli.probe.TokenBucket;

import java.net.InetSocketAddress;
import java.util.Locale;
import java.util.function.Consumer;

/** One target's TCP probes ({@link TcpProbe}): a normal socket, nothing to open beforehand. */
final class TcpProbeJob implements ProbeJob {
    private final ProbeSpec target;
    private final TcpProbe probe;
    private final ProbeResult result;
    private final int count;
    private final double rate;

    /**
     * {@code route}: where the connects leave, when the caller checked it (capture --probe: by the capture's
     * interface), else null; {@code bucket} null: a bucket of the target's own at {@code rate}.
     */
    TcpProbeJob(ProbeSpec target, int count, double rate, int timeoutMillis, Route route, TokenBucket bucket) {
        this.target = target;
        this.count = count;
        this.rate = rate;
        this.result = new ProbeResult("tcp", target.name(), target.target().ip(), route == null ? null : route.source().getHostAddress(),
            route == null ? null : route.device());
        result.settings.put("port", target.port());
        result.settings.put("rate", rate);
        result.settings.put("timeoutMillis", timeoutMillis);
        this.probe = new TcpProbe(count, bucket != null ? bucket : new TokenBucket(rate, TokenBucket.Clock.SYSTEM), timeoutMillis);
    }

    @Override
    public String head() {
        return String.format(Locale.ROOT, "PROBE tcp %s (%s) port %d: %d probes, %s/s%n", TerminalText.escape(target.name()),
            target.target().ip(), target.port(), count, CheckReport.number(rate));
    }

    @Override
    public ProbeResult result() { return result; }

    @Override
    public int planned() { return count; }

    @Override
    public void run(Consumer<ProbeResult.Probe> each, Consumer<ProbeResult.Step> afterStep) throws InterruptedException {
        probe.run(new InetSocketAddress(target.target().address(), target.port()), result, each);
    }

    @Override
    public void close() {
        // each connect's socket is closed as it is made
    }
}
