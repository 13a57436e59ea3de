package io.rocescope.cli;

import io.rocescope.cli.probe.CmProbe;
import io.rocescope.cli.probe.DryRunLink;
import io.rocescope.cli.probe.EcmpCoverage;
import io.rocescope.cli.probe.ProbeLink;
import io.rocescope.cli.probe.ProbeResult;
import io.rocescope.cli.probe.ProbeTarget;
import io.rocescope.cli.probe.RawLink;
import io.rocescope.cli.probe.Route;
import io.rocescope.cli.probe.Sweep;
import io.rocescope.cli.probe.TokenBucket;
import io.rocescope.dissector.encode.Net;
import io.rocescope.dissector.field.CmNames;
import io.rocescope.dissector.field.ksy.IbMadKsy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

import static io.rocescope.dissector.field.ksy.EthernetFrameLayout.LEN_DST_MAC;
import static io.rocescope.dissector.field.ksy.IbMadLayout.FIXED_SIZE_SERVICE_ID;
import static io.rocescope.dissector.field.ksy.IbMadLayout.LEN_SERVICE_ID_PORT;
import static io.rocescope.dissector.field.ksy.IbMadLayout.LEN_SERVICE_ID_PORT_SPACE;
import static io.rocescope.dissector.field.ksy.IbMadLayout.LEN_SERVICE_ID_PREFIX;
import static io.rocescope.dissector.field.ksy.IbMadLayout.OFF_SERVICE_ID_PORT;
import static io.rocescope.dissector.field.ksy.IbMadLayout.OFF_SERVICE_ID_PORT_SPACE;
import static io.rocescope.dissector.field.ksy.IbMadLayout.OFF_SERVICE_ID_PREFIX;
import static io.rocescope.dissector.field.ksy.IbMadLayout.RDMA_IP_SERVICE_ID_PREFIX;

/**
 * One target's CM probes ({@link CmProbe}), set up as the kernel would send to it: the route (leaving by
 * the interface named, when one is), never the subnet's broadcast address, the link open (raw frames,
 * or a dry run's file), the next hop's MAC (--dst-mac, the neighbour table, else ARP).
 */
final class CmProbeJob implements ProbeJob {
    /** The bits below a big-endian field of ib_mad.ksy's 8-byte service_id (IBTA vol 1 A3.2.2). */
    private static final int BELOW_PREFIX = Byte.SIZE * (FIXED_SIZE_SERVICE_ID - OFF_SERVICE_ID_PREFIX - LEN_SERVICE_ID_PREFIX);
    private static final int BELOW_PORT_SPACE = Byte.SIZE * (FIXED_SIZE_SERVICE_ID - OFF_SERVICE_ID_PORT_SPACE - LEN_SERVICE_ID_PORT_SPACE);
    private static final int BELOW_PORT = Byte.SIZE * (FIXED_SIZE_SERVICE_ID - OFF_SERVICE_ID_PORT - LEN_SERVICE_ID_PORT);
    /** RDMA-CM's service ID of a TCP port space, without the port: 0x0000000001060000. */
    private static final long RDMA_TCP_SERVICE_ID = RDMA_IP_SERVICE_ID_PREFIX << BELOW_PREFIX
        | (long) IbMadKsy.PORT_SPACE_TCP << BELOW_PORT_SPACE;
    /** A dry run's file and clock: the probes are written, spaced as the rate limit spaces them, never sent. */
    record DryRun(DryRunLink link, DryRunLink.VirtualClock clock, Path file) {}

    /** What every target of one run shares: how many probes, how fast, CM's settings, the sweep, the next hop's MAC (or null). */
    record Plan(int count, double rate, CmProbeOptions cm, Sweep sweep, byte[] dstMac, DryRun dry) {}

    private final ProbeLink link;
    private final boolean ownsLink;
    private final CmProbe probe;
    private final ProbeResult result;
    private final Sweep sweep;
    private final String head;
    private final int planned;

    private CmProbeJob(ProbeLink link, boolean ownsLink, CmProbe probe, ProbeResult result, Sweep sweep, String head, int planned) {
        this.link = link;
        this.ownsLink = ownsLink;
        this.probe = probe;
        this.result = result;
        this.sweep = sweep;
        this.head = head;
        this.planned = planned;
    }

    /**
     * Sets up the probes to {@code t} on RDMA-CM port {@code port}, leaving by {@code iface} (null: the route's
     * own), each frame through {@code bucket} (null: a bucket of the target's own at the plan's rate).
     */
    static CmProbeJob open(ProbeTarget t, int port, String iface, Plan plan, TokenBucket bucket)
            throws SetupException, IOException, InterruptedException {
        Route route;
        try {
            route = Route.to(t.address(), iface);
        } catch (IOException e) {
            throw new SetupException(e.getMessage());
        }
        if (t.address().equals(route.broadcast())) {
            throw new SetupException("target '" + t.name() + "' is the broadcast address of " + route.device() + ": probes go only to single hosts");
        }
        DryRun dry = plan.dry();
        ProbeLink link;
        try {
            link = dry != null ? dry.link() : RawLink.open(route.device(), t.address());
        } catch (IOException e) {
            throw new SetupException(e.getMessage());
        }
        boolean ownsLink = dry == null;
        try {
            byte[] next = plan.dstMac() != null ? plan.dstMac() : route.neighbourMac();
            if (next == null && link instanceof RawLink raw) next = raw.arp(route.sourceMac(), route.source(), route.nextHop());
            if (next == null && dry != null) next = new byte[LEN_DST_MAC];   // a dry run asks nobody: the file shows a zero MAC
            if (next == null) {
                throw new SetupException("no ARP answer from " + route.nextHop().getHostAddress() + " on " + route.device()
                    + " (is it up? --dst-mac names it)");
            }
            CmProbeOptions cm = plan.cm();
            int sport = cm.udpSport != null ? cm.udpSport : ThreadLocalRandom.current().nextInt(49152, 65536);
            Net net = new Net(route.sourceMac(), next, route.source().getAddress(), t.address().getAddress(), -1, 0, sport, 0);
            ProbeResult r = new ProbeResult("cm", t.name(), t.ip(), route.source().getHostAddress(), route.device());
            double timeoutMillis = CmNames.ibaNanos(cm.responseTimeout) / 1e6;
            r.settings.put("port", port);
            r.settings.put("serviceId", String.format("0x%016x", RDMA_TCP_SERVICE_ID | (long) port << BELOW_PORT));
            r.settings.put("cmResponseTimeoutMillis", timeoutMillis);
            r.settings.put("retries", cm.retries);
            r.settings.put("rate", plan.rate());
            r.settings.put("udpSourcePort", sport);
            r.settings.put("dryRun", dry != null);
            if (cm.paths != null) {
                r.settings.put("paths", cm.paths);
                r.settings.put("confidence", cm.confidence);
                r.settings.put("ecmp", EcmpCoverage.explain(cm.paths, cm.confidence));
            }
            Sweep sweep = plan.sweep();
            String head = String.format(Locale.ROOT, "PROBE cm %s (%s) port %d from %s on %s: %d probes, %s/s, timeout %.0f ms, %d resends%s%n",
                TerminalText.escape(t.name()), t.ip(), port, route.source().getHostAddress(), route.device(), plan.count(),
                CheckReport.number(plan.rate()), timeoutMillis, cm.retries, dry != null ? " (dry run: written to " + dry.file() + ", not sent)" : "");
            if (sweep != null) head += "sweep " + sweep.kind().meaning + ": " + sweep.values().size() + " steps of " + plan.count()
                + (plan.count() == 1 ? " probe" : " probes") + "\n";
            if (cm.paths != null) head += EcmpCoverage.explain(cm.paths, cm.confidence) + "\n";
            TokenBucket.Clock clock = dry != null ? dry.clock() : TokenBucket.Clock.SYSTEM;
            CmProbe probe = new CmProbe(link, net, new CmProbe.Settings(plan.count(), plan.rate(), port, cm.responseTimeout, cm.retries), clock,
                bucket != null ? bucket : new TokenBucket(plan.rate(), clock));
            int planned = plan.count() * (sweep == null ? 1 : sweep.values().size());
            return new CmProbeJob(link, ownsLink, probe, r, sweep, head, planned);
        } catch (SetupException | IOException | InterruptedException | RuntimeException e) {
            if (ownsLink) link.close();
            throw e;
        }
    }

    @Override
    public String head() { return head; }

    @Override
    public ProbeResult result() { return result; }

    @Override
    public int planned() { return planned; }

    @Override
    public void run(Consumer<ProbeResult.Probe> each, Consumer<ProbeResult.Step> afterStep) throws IOException, InterruptedException {
        if (sweep != null) probe.sweep(result, sweep, each, afterStep);
        else probe.run(result, each);
    }

    @Override
    public void close() throws IOException {
        // a dry run's file is the run's, shared by its targets: its command closes it
        if (ownsLink) link.close();
    }
}
