package io.rocescope.cli;

import io.rocescope.cli.probe.ProbeResult;
import io.rocescope.cli.probe.ProbeSpec;
import io.rocescope.cli.probe.Route;
import io.rocescope.cli.probe.TokenBucket;

import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * {@code capture --probe}'s probes. Set up before the capture starts, so that a route by another interface,
 * the subnet's broadcast address or a silent next hop is one line and exit 2 with nothing captured; then,
 * once the capture is open, each target's probes on a thread of their own, their lines printed as they
 * come; stopped when the capture stops. All probes to one host wait for one token bucket (a CM and a
 * TCP probe to it together stay within --rate, and within the hard cap of 10/s).
 */
final class CaptureProbes implements AutoCloseable {
    private final List<ProbeJob> jobs;
    private final List<String> kinds;
    private final ProbeReport report;
    private final long joinMillis;
    private final List<Thread> threads = new java.util.concurrent.CopyOnWriteArrayList<>();   // cancelled from other threads
    private final List<String> errors = Collections.synchronizedList(new ArrayList<>());
    private volatile boolean stopped;

    private CaptureProbes(List<ProbeJob> jobs, List<String> kinds, ProbeReport report, long joinMillis) {
        this.jobs = jobs;
        this.kinds = kinds;
        this.report = report;
        this.joinMillis = joinMillis;
    }

    /** Sets up every probe named, to leave by {@code iface}; on a refusal the ones set up are closed again. */
    static CaptureProbes open(CaptureProbeOptions.Checked c, String iface) throws ProbeJob.SetupException, IOException, InterruptedException {
        List<ProbeJob> jobs = new ArrayList<>();
        List<String> kinds = new ArrayList<>();
        Map<InetAddress, TokenBucket> buckets = new HashMap<>();
        double rate = c.plan().rate();
        try {
            for (ProbeSpec p : c.probes()) {
                TokenBucket bucket = buckets.computeIfAbsent(p.target().address(), a -> new TokenBucket(rate, TokenBucket.Clock.SYSTEM));
                jobs.add(switch (p.kind()) {
                    case "cm" -> CmProbeJob.open(p.target(), p.port(), iface, c.plan(), bucket);
                    case "tcp" -> new TcpProbeJob(p, c.plan().count(), rate, c.timeoutMillis(), route(p, iface), bucket);
                    default -> throw new IllegalStateException(p.kind());
                });
                kinds.add(p.kind() + ":" + p.name());
            }
        } catch (ProbeJob.SetupException | IOException | InterruptedException | RuntimeException e) {
            for (ProbeJob j : jobs) j.close();
            throw e;
        }
        // a connect may be in progress when the capture stops (a socket's connect cannot be interrupted)
        return new CaptureProbes(jobs, kinds, new ProbeReport(c.maxLost()), c.timeoutMillis() + 5000L);
    }

    /** A TCP probe's route: it must leave by the capture's interface (so the capture sees it), to a single host. */
    private static Route route(ProbeSpec p, String iface) throws ProbeJob.SetupException {
        Route route;
        try {
            route = Route.to(p.target().address(), iface);
        } catch (IOException e) {
            throw new ProbeJob.SetupException(e.getMessage());
        }
        if (p.target().address().equals(route.broadcast())) {
            throw new ProbeJob.SetupException("target '" + p.name() + "' is the broadcast address of " + route.device() + ": probes go only to single hosts");
        }
        return route;
    }

    /**
     * Starts every target's probes; with {@code text}, their heads and lines go to {@code print} as they come.
     * {@code allDone} runs once the last target is done, unless {@link #stop} came first.
     */
    void start(Consumer<String> print, boolean text, Runnable allDone) {
        AtomicInteger running = new AtomicInteger(jobs.size());
        for (int i = 0; i < jobs.size(); i++) {
            ProbeJob job = jobs.get(i);
            String name = kinds.get(i);
            Thread t = new Thread(() -> {
                try {
                    // a capture that ended before the probes started (-c 1, an early Ctrl-C) cancelled none:
                    // no probe may go out that it would not take
                    if (stopped) return;
                    if (text) print.accept(job.head());
                    job.run(p -> { if (text) print.accept(ProbeReport.line(job.result(), p)); },
                        s -> { if (text) print.accept(ProbeReport.stepLine(s)); });
                } catch (InterruptedException e) {
                    // the capture stopped first
                } catch (IOException | RuntimeException e) {
                    errors.add("probe " + name + ": " + RoceScope.describe(e));
                } finally {
                    if (running.decrementAndGet() == 0 && !stopped) allDone.run();
                }
            }, "rocescope-probe-" + name);
            t.setDaemon(true);
            threads.add(t);
        }
        threads.forEach(Thread::start);
    }

    /**
     * From any thread, at once: the probes still going send no more (the capture is ending, and a probe it
     * would not see must not go out). Does not wait: {@link #stop} does.
     */
    void cancel() {
        stopped = true;
        for (Thread t : threads) t.interrupt();
    }

    /** Stops the probes still going (the capture is over) and waits for them. */
    void stop() throws InterruptedException {
        cancel();
        for (Thread t : threads) t.join(joinMillis);
    }

    /** The warnings of targets whose probes the capture's end cut short, and the errors a probe stopped with. */
    List<String> warnings() {
        List<String> w = new ArrayList<>();
        for (int i = 0; i < jobs.size(); i++) {
            ProbeJob j = jobs.get(i);
            int done = j.result().probes.size();
            if (done < j.planned()) {
                w.add(String.format(Locale.ROOT, "warning: the capture ended before the probes of %s were done (%d of %d)", kinds.get(i), done, j.planned()));
            }
        }
        return w;
    }

    /** A probe that failed while it ran (a send refused): one line each. */
    List<String> errors() {
        synchronized (errors) {
            return List.copyOf(errors);
        }
    }

    List<ProbeResult> results() { return jobs.stream().map(ProbeJob::result).toList(); }

    ProbeReport report() { return report; }

    @Override
    public void close() throws IOException {
        for (ProbeJob j : jobs) j.close();
    }
}
