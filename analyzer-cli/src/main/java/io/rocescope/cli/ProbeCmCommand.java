package io.rocescope.cli;

import io.rocescope.cli.probe.CmProbe;
import io.rocescope.cli.probe.CmProbeRequest;
import io.rocescope.cli.probe.DryRunLink;
import io.rocescope.cli.probe.EcmpCoverage;
import io.rocescope.cli.probe.Sweep;
import io.rocescope.cli.probe.ProbeLink;
import io.rocescope.cli.probe.ProbeResult;
import io.rocescope.cli.probe.ProbeTarget;
import io.rocescope.cli.probe.RawLink;
import io.rocescope.cli.probe.Route;
import io.rocescope.cli.probe.TokenBucket;
import io.rocescope.dissector.encode.Net;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;

/** {@code rocescope probe cm TARGET…}: a RoCE CM ping (see {@link CmProbe}). */
@Command(name = "cm", description = {"RoCE CM ping: a CM REQ (UD SEND to QP1, RDMA-CM service ID on --port, our own GID and QPN) per probe,",
    "timed to the REJ (the target's CM is alive over RoCE) or REP (a listener accepted; answered with a REJ at once), resent as CM",
    "resends (--cm-response-timeout, --retries). Needs root or CAP_NET_RAW (raw frames through libpcap), except --dry-run."})
final class ProbeCmCommand implements Callable<Integer> {
    @CommandLine.Mixin
    HelpOption help = new HelpOption();

    @CommandLine.Mixin
    ProbeOptions probe = new ProbeOptions();

    @Parameters(arity = "1..*", paramLabel = "TARGET", description = "hosts to probe (IPv4 addresses or names), each named on its own")
    List<String> targets = new ArrayList<>();

    @Option(names = "-i", paramLabel = "IFACE", description = "interface the route must leave by (default: the route's own)")
    String iface;

    @Option(names = "--port", paramLabel = "N", description = "RDMA-CM port of the service ID asked for (default 9999: nothing usually listens; rping's is 7174)")
    int port = 9999;

    @Option(names = "--cm-response-timeout", paramLabel = "EXP", description = "CM response timeout written into the REQ and waited for: 4.096 µs × 2^EXP (default 16 = 268 ms)")
    int responseTimeout = 16;

    @Option(names = "--retries", paramLabel = "N", description = "REQ resends before a probe is lost (Max CM Retries in the REQ; default 2)")
    int retries = 2;

    @Option(names = "--udp-sport", paramLabel = "N", description = "UDP source port (RoCEv2 flow entropy: the ECMP path; default random)")
    Integer udpSport;

    @Option(names = "--dscp", paramLabel = "LIST", description = {"DSCP sweep: the -c probes with each DSCP of LIST (e.g. 0,24-26,46),",
        "to find the traffic class (the PFC priority) a fabric drops or slows"})
    String dscp;

    @Option(names = "--sizes", paramLabel = "LIST", description = {"frame size sweep, bytes (e.g. 322,1024,1514,4200,9014): the REQ's IP datagram padded",
        "after its UDP datagram (the RoCE packet is unchanged); the largest size answered is the path MTU"})
    String sizes;

    @Option(names = "--paths", paramLabel = "N", description = {"UDP source port sweep over N ECMP paths: as many random source ports as cover",
        "all N with --confidence (uniform hashing; the count and its formula are printed)"})
    Integer paths;

    @Option(names = "--confidence", paramLabel = "P", description = "with --paths: the probability that every path is hit (default 0.99)")
    double confidence = 0.99;

    @Option(names = "--dst-mac", paramLabel = "MAC", description = "next hop's MAC (default: the neighbour table, else ARP)")
    String dstMac;

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
        if (port < 0 || port > 65535) throw new CommandLine.ParameterException(cl, "--port " + port + " is not a port");
        if (responseTimeout < 8 || responseTimeout > 24) throw new CommandLine.ParameterException(cl, "--cm-response-timeout must be 8..24 (1 ms .. 69 s)");
        if (retries < 0 || retries > 15) throw new CommandLine.ParameterException(cl, "--retries must be 0..15 (a 4-bit field in the REQ)");
        if (udpSport != null && (udpSport < 1 || udpSport > 65535)) throw new CommandLine.ParameterException(cl, "--udp-sport " + udpSport + " is not a port");
        Sweep sweep;
        try {
            sweep = sweep();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(cl, e.getMessage());
        }
        List<ProbeTarget> parsed = new ArrayList<>();
        for (String t : targets) {
            try {
                ProbeTarget p = ProbeTarget.parse(t);
                if (!(p.address() instanceof java.net.Inet4Address)) throw new IllegalArgumentException("target '" + t + "': only IPv4 targets for now");
                parsed.add(p);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cl, e.getMessage());
            }
        }
        byte[] mac = null;
        if (dstMac != null) {
            try {
                mac = HexFormat.ofDelimiter(":").parseHex(dstMac);
                if (mac.length != 6) throw new IllegalArgumentException();
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(cl, "--dst-mac '" + dstMac + "' is not a MAC (aa:bb:cc:dd:ee:ff)");
            }
            if ((mac[0] & 1) != 0) throw new CommandLine.ParameterException(cl, "--dst-mac is a multicast/broadcast MAC: probes go to single hosts");
        }
        OutputStream out = parent.root.stdout();
        List<ProbeResult> results = new ArrayList<>();
        DryRunLink.VirtualClock virtual = new DryRunLink.VirtualClock();
        DryRunLink dry = dryRun ? new DryRunLink(Files.newOutputStream(write), virtual) : null;
        try {
            for (ProbeTarget t : parsed) {
                Route route;
                try {
                    route = Route.to(t.address(), iface);
                } catch (IOException e) {
                    cl.getErr().println("rocescope: " + e.getMessage());
                    return RoceScope.EXIT_USAGE;
                }
                if (t.address().equals(route.broadcast())) {
                    cl.getErr().println("rocescope: target '" + t.name() + "' is the broadcast address of " + route.device() + ": probes go only to single hosts");
                    return RoceScope.EXIT_USAGE;
                }
                ProbeLink link;
                try {
                    link = dry != null ? dry : RawLink.open(route.device(), t.address());
                } catch (IOException e) {
                    cl.getErr().println("rocescope: " + e.getMessage());
                    return RoceScope.EXIT_USAGE;
                }
                try {
                    byte[] next = mac != null ? mac : route.neighbourMac();
                    if (next == null && link instanceof RawLink raw) next = raw.arp(route.sourceMac(), route.source(), route.nextHop());
                    if (next == null && dry != null) next = new byte[6];   // a dry run asks nobody: the file shows a zero MAC
                    if (next == null) {
                        cl.getErr().println("rocescope: no ARP answer from " + route.nextHop().getHostAddress() + " on " + route.device()
                            + " (is it up? --dst-mac names it)");
                        return RoceScope.EXIT_USAGE;
                    }
                    int sport = udpSport != null ? udpSport : ThreadLocalRandom.current().nextInt(49152, 65536);
                    Net net = new Net(route.sourceMac(), next, route.source().getAddress(), t.address().getAddress(), -1, 0, sport, 0);
                    ProbeResult r = new ProbeResult("cm", t.name(), t.ip(), route.source().getHostAddress(), route.device());
                    r.settings.put("port", port);
                    r.settings.put("serviceId", String.format("0x%016x", 0x0000000001060000L | port));
                    r.settings.put("cmResponseTimeoutMillis", io.rocescope.cli.probe.CmProbeRequest.ibaTimeNanos(responseTimeout) / 1e6);
                    r.settings.put("retries", retries);
                    r.settings.put("rate", probe.rate);
                    r.settings.put("udpSourcePort", sport);
                    r.settings.put("dryRun", dryRun);
                    if (paths != null) {
                        r.settings.put("paths", paths);
                        r.settings.put("confidence", confidence);
                        r.settings.put("ecmp", EcmpCoverage.explain(paths, confidence));
                    }
                    if (!probe.json()) {
                        String head = String.format(java.util.Locale.ROOT, "PROBE cm %s (%s) port %d from %s on %s: %d probes, %s/s, timeout %.0f ms, %d resends%s%n",
                            TerminalText.escape(t.name()), t.ip(), port, route.source().getHostAddress(), route.device(), probe.count,
                            CheckReport.number(probe.rate), io.rocescope.cli.probe.CmProbeRequest.ibaTimeNanos(responseTimeout) / 1e6, retries,
                            dryRun ? " (dry run: written to " + write + ", not sent)" : "");
                        if (sweep != null) head += "sweep " + sweep.kind().meaning + ": " + sweep.values().size() + " steps of " + probe.count
                            + (probe.count == 1 ? " probe" : " probes") + "\n";
                        if (paths != null) head += EcmpCoverage.explain(paths, confidence) + "\n";
                        out.write(head.getBytes(StandardCharsets.UTF_8));
                        out.flush();
                    }
                    CmProbe cm = new CmProbe(link, net, new CmProbe.Settings(probe.count, probe.rate, port, responseTimeout, retries),
                        dry != null ? virtual : TokenBucket.Clock.SYSTEM);
                    if (sweep != null) cm.sweep(r, sweep, p -> print(out, r, p), s -> printStep(out, s));
                    else cm.run(r, p -> print(out, r, p));
                    results.add(r);
                } finally {
                    if (link != dry) link.close();
                }
            }
        } finally {
            if (dry != null) dry.close();
        }
        return probe.finish(results, out);
    }

    /** The one sweep asked for, or null; the UDP source ports of --paths drawn at random, distinct. */
    private Sweep sweep() {
        int asked = (dscp != null ? 1 : 0) + (sizes != null ? 1 : 0) + (paths != null ? 1 : 0);
        if (asked > 1) throw new IllegalArgumentException("one sweep at a time: --dscp, --sizes or --paths");
        if (asked == 0) return null;
        if (dscp != null) return new Sweep(Sweep.Kind.DSCP, Sweep.parseList(dscp, 0, 63, 64, "--dscp"));
        if (sizes != null) {
            int min = CmProbeRequest.UNPADDED_FRAME;
            return new Sweep(Sweep.Kind.SIZE, Sweep.parseList(sizes, min, MAX_FRAME, 64, "--sizes (the REQ's frame is " + min + " bytes)"));
        }
        if (udpSport != null) throw new IllegalArgumentException("--paths draws its own UDP source ports: no --udp-sport with it");
        int k = EcmpCoverage.ports(paths, confidence);
        if (k > 4096) throw new IllegalArgumentException("--paths " + paths + " --confidence " + confidence + " needs " + k + " ports: at most 4096");
        java.util.LinkedHashSet<Integer> ports = new java.util.LinkedHashSet<>();
        while (ports.size() < k) ports.add(ThreadLocalRandom.current().nextInt(49152, 65536));
        return new Sweep(Sweep.Kind.UDP_SPORT, List.copyOf(ports));
    }

    /** The largest frame a size sweep may ask for (a 9216-byte jumbo frame and its Ethernet header). */
    static final int MAX_FRAME = 9216 + 14;

    private void printStep(OutputStream out, ProbeResult.Step s) {
        if (probe.json()) return;
        try {
            out.write(ProbeOptions.stepLine(s).getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void print(OutputStream out, ProbeResult r, ProbeResult.Probe p) {
        if (probe.json()) return;
        try {
            out.write(ProbeOptions.line(r, p).getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
